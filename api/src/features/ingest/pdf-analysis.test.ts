/**
 * pdf.js in the API process: reading a PDF must not leave core-js's slower JavaScript versions of JSON and
 * Array built-ins in place for the rest of the process (pdf-analysis.ts keepingNativeBuiltIns).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analysePdf, keepingNativeBuiltIns } from './pdf-analysis';

/** An engine's built-in method has no own `prototype`; a function written in JavaScript (a polyfill) has one. */
const isEngineBuiltIn = (method: unknown) => typeof method === 'function' && !Object.hasOwn(method, 'prototype');

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 400]);
  page.drawText('Built-ins', { x: 40, y: 340, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

describe('pdf.js and the built-ins', () => {
  it('reading a PDF leaves the engine’s JSON, push and toString in place, and keeps what pdf.js adds', async () => {
    const analysis = await analysePdf(await onePagePdf(), { renderCover: false });
    expect(analysis.pageCount).toBe(1);
    for (const method of [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString])
      expect(isEngineBuiltIn(method), String(method.name)).toBe(true);
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe('function');
    expect(JSON.stringify({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
  });

  it('puts back a replaced member and keeps an added one', async () => {
    const stringify = JSON.stringify;
    const push = Array.prototype.push;
    const added = Symbol('added by the load');
    try {
      await keepingNativeBuiltIns(async () => {
        JSON.stringify = () => 'replaced';
        Array.prototype.push = () => 0;
        Object.defineProperty(Math, added, { value: 1, configurable: true });
      });
      expect(JSON.stringify).toBe(stringify);
      expect(Array.prototype.push).toBe(push);
      expect((Math as unknown as Record<symbol, unknown>)[added]).toBe(1);
    } finally {
      JSON.stringify = stringify;
      Array.prototype.push = push;
      Reflect.deleteProperty(Math, added);
    }
  });
});
