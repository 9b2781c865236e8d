/**
 * Reads an uploaded PDF with pdf.js (the legacy build, which runs in Node): page count, the text of
 * every page, the outline (as a flat list with levels and page numbers), the document information
 * and, on request, page 1 rendered to a JPEG for the cover (through pdf.js's @napi-rs/canvas
 * factory). In Node pdf.js parses on the main thread, so long documents yield to the event loop
 * between pages. Any pdf.js failure comes back as PdfReadError with pdf.js's own reason.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import { yieldToEventLoop } from '../../lib/event-loop';

export class PdfReadError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'password',
  ) {
    super(message);
    this.name = 'PdfReadError';
  }
}

export interface TOutlineEntry {
  title: string;
  /** 1 for top-level entries. */
  level: number;
  /** 1-based page the entry points to, or null when its destination cannot be resolved. */
  pageNumber: number | null;
}

export interface TPdfAnalysis {
  pageCount: number;
  /** Text of each page (index 0 = page 1), whitespace tidied, lines kept. */
  pageTexts: string[];
  /** Characters of text in the whole book (runs of whitespace count as one): the copy budget's base. */
  totalCharacters: number;
  /** Empty when the PDF has no outline. */
  outline: TOutlineEntry[];
  info: { title: string | null; author: string | null };
  /** Page 1 as JPEG, when asked for and rendering worked. */
  cover: Uint8Array | null;
}

const PAGES_PER_TICK = 4;
const MAX_OUTLINE_ENTRIES = 2000;
const COVER_WIDTH_PX = 400;
const COVER_JPEG_QUALITY = 85;

type TPdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsModule: Promise<TPdfjs> | null = null;
let assetUrls: { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } | null = null;

/**
 * The built-ins whose own members pdf.js's legacy build (the one for Node) may replace. It bundles core-js, which
 * swaps a built-in for its JavaScript version whenever the engine lacks a newer detail: on Node 20 JSON.stringify
 * and JSON.parse (JSON.rawJSON), Array.prototype.push (a length edge case) and Function.prototype.toString. For the
 * rest of the process every API answer would then be serialised by a polyfill about 4x slower than the engine's
 * (a 2 KB answer 7 -> 27 µs; a licence's claims and answer twice over), and every push slowed the same way.
 */
const BUILT_INS_KEPT_NATIVE: readonly object[] = [
  JSON,
  Object,
  Array,
  Array.prototype,
  Function.prototype,
  String.prototype,
  Promise,
  Promise.prototype,
  Map.prototype,
  Set.prototype,
  Object.getPrototypeOf(Uint8Array.prototype) as object,
  ArrayBuffer.prototype,
  Math,
  Number,
  Reflect,
  RegExp.prototype,
  Date.prototype,
];

/**
 * Runs `load` and then puts back every member of BUILT_INS_KEPT_NATIVE that it replaced. Members it only adds
 * (Promise.withResolvers, Uint8Array.fromBase64...) stay: pdf.js needs those on Node 20 and nothing else is slowed.
 */
export async function keepingNativeBuiltIns<T>(load: () => Promise<T>): Promise<T> {
  const originals = BUILT_INS_KEPT_NATIVE.flatMap((owner) =>
    Reflect.ownKeys(owner).map((key) => ({ owner, key, descriptor: Object.getOwnPropertyDescriptor(owner, key) })),
  );
  try {
    return await load();
  } finally {
    for (const { owner, key, descriptor } of originals) {
      const now = Object.getOwnPropertyDescriptor(owner, key);
      if (descriptor && now && !Object.is(now.value, descriptor.value)) Object.defineProperty(owner, key, descriptor);
    }
  }
}

/** Loaded on first use, so servers that never ingest do not pay for pdf.js at start-up. */
function loadPdfjs(): Promise<TPdfjs> {
  pdfjsModule ??= keepingNativeBuiltIns(async () => {
    // The "fake worker" pdf.js uses in Node is its worker module on this thread; preloading it keeps
    // pdf.js from importing it by a relative URL, which test runners may not resolve.
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
    assetUrls = {
      // In Node pdf.js reads these with fs.readFile(base + name): plain paths, with the trailing slash it requires.
      standardFontDataUrl: `${path.join(root, 'standard_fonts')}/`,
      cMapUrl: `${path.join(root, 'cmaps')}/`,
      wasmUrl: `${path.join(root, 'wasm')}/`,
    };
    return pdfjs;
  });
  return pdfjsModule;
}

/**
 * How the server has pdf.js read a book: its fonts, cmaps and wasm from the package, errors only on the console (pdf.js
 * warns about recoverable damage it works around), no eval, no font faces, and past errors where it can.
 */
function serverReadingOptions(pdfjs: TPdfjs) {
  if (!assetUrls) throw new Error('pdf.js loaded without its asset paths');
  return {
    ...assetUrls,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  };
}

/** pdf.js's Node build and the getDocument options the server reads with, for other readers of the file. */
export async function loadPdfjsInNode(): Promise<{
  pdfjs: TPdfjs;
  readingOptions: ReturnType<typeof serverReadingOptions>;
}> {
  const pdfjs = await loadPdfjs();
  return { pdfjs, readingOptions: serverReadingOptions(pdfjs) };
}

/** Opens the document; the bytes are copied because pdf.js transfers (detaches) the buffer it gets. */
async function openDocument(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: bytes.slice(), ...serverReadingOptions(pdfjs) });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') throw new PdfReadError('the file is password-protected', 'password');
    throw new PdfReadError(summariseError(error), 'invalid');
  }
}

function summariseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, 200) || 'unknown error';
}

/** pdf.js text items joined: a line break where pdf.js saw one, runs of spaces collapsed. */
function pageText(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) {
    const { str, hasEOL } = item as { str?: string; hasEOL?: boolean };
    if (typeof str === 'string') text += str;
    if (hasEOL) text += '\n';
  }
  return text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const countCharacters = (text: string) => text.replace(/\s+/g, ' ').trim().length;

async function resolvePageNumber(doc: PDFDocumentProxy, dest: unknown): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return null;
    const target = explicit[0];
    if (typeof target === 'number') return target + 1;
    if (target && typeof target === 'object') return (await doc.getPageIndex(target)) + 1;
    return null;
  } catch {
    return null;
  }
}

async function readOutline(doc: PDFDocumentProxy): Promise<TOutlineEntry[]> {
  let tree: Awaited<ReturnType<PDFDocumentProxy['getOutline']>> | null;
  try {
    tree = await doc.getOutline();
  } catch {
    return [];
  }
  const entries: TOutlineEntry[] = [];
  const walk = async (nodes: typeof tree, level: number) => {
    for (const node of nodes ?? []) {
      if (entries.length >= MAX_OUTLINE_ENTRIES) return;
      const title = (node.title ?? '').replace(/\s+/g, ' ').trim();
      if (title) entries.push({ title, level, pageNumber: await resolvePageNumber(doc, node.dest) });
      if (node.items?.length) await walk(node.items, level + 1);
    }
  };
  await walk(tree, 1);
  return entries;
}

async function readInfo(doc: PDFDocumentProxy): Promise<TPdfAnalysis['info']> {
  try {
    const info = (await doc.getMetadata()).info as Record<string, unknown>;
    const text = (value: unknown) =>
      typeof value === 'string' && value.trim() ? value.replace(/\s+/g, ' ').trim().slice(0, 300) : null;
    return { title: text(info.Title), author: text(info.Author) };
  } catch {
    return { title: null, author: null };
  }
}

interface TNodeCanvas {
  encode(format: 'jpeg', quality: number): Promise<Uint8Array>;
}

/** Page 1 at cover size; a page pdf.js cannot draw leaves the book on its generated cover instead. */
async function renderCover(doc: PDFDocumentProxy): Promise<Uint8Array | null> {
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: COVER_WIDTH_PX / base.width });
    const factory = doc.canvasFactory as {
      create(width: number, height: number): { canvas: TNodeCanvas; context: unknown };
    };
    const { canvas } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    page.cleanup();
    return new Uint8Array(await canvas.encode('jpeg', COVER_JPEG_QUALITY));
  } catch {
    return null;
  }
}

export async function analysePdf(bytes: Uint8Array, options: { renderCover: boolean }): Promise<TPdfAnalysis> {
  const doc = await openDocument(bytes);
  try {
    const pageTexts: string[] = [];
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber += 1) {
      try {
        const page = await doc.getPage(pageNumber);
        pageTexts.push(pageText((await page.getTextContent()).items));
        page.cleanup();
      } catch (error) {
        throw new PdfReadError(`page ${pageNumber} is damaged (${summariseError(error)})`, 'invalid');
      }
      if (pageNumber % PAGES_PER_TICK === 0) await yieldToEventLoop();
    }
    const outline = await readOutline(doc);
    const info = await readInfo(doc);
    const cover = options.renderCover ? await renderCover(doc) : null;
    const totalCharacters = pageTexts.reduce((sum, text) => sum + countCharacters(text), 0);
    return { pageCount: doc.numPages, pageTexts, totalCharacters, outline, info, cover };
  } finally {
    await doc.destroy();
  }
}

/** Only the document information (title, author): opens the file without reading its pages. */
export async function readPdfInfo(bytes: Uint8Array): Promise<TPdfAnalysis['info']> {
  const doc = await openDocument(bytes);
  try {
    return await readInfo(doc);
  } finally {
    await doc.destroy();
  }
}
