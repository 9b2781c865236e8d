import fs from 'node:fs';
import { analysePdf } from '../pdf-analysis';
import { makePreviewPdf } from '../preview';
const original = new Uint8Array(fs.readFileSync('content/pdfs/tracemonkey.pdf'));
const cases: [string, Uint8Array][] = [
  ['trunc30', original.slice(0, Math.floor(original.length * 0.3))],
  ['trunc90', original.slice(0, Math.floor(original.length * 0.9))],
  ['trunc99', original.slice(0, original.length - 200)],
  ['garbage', new Uint8Array([...Buffer.from('%PDF-1.7\n'), ...crypto.getRandomValues(new Uint8Array(5000))])],
  ['header only', new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))],
];
for (const [name, bytes] of cases) {
  try { const a = await analysePdf(bytes, { renderCover: false }); console.log(name, 'OK pages', a.pageCount, a.totalCharacters); } catch (e) { console.log(name, 'ERR', (e as Error).message); }
  try { const p = await makePreviewPdf(bytes, 5, { title: 'a', author: 'b' }); console.log(name, 'preview OK', p.length); } catch (e) { console.log(name, 'preview ERR', (e as Error).message); }
}
