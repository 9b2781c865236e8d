import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
for (const f of process.argv.slice(2)) {
const bytes = new Uint8Array(fs.readFileSync(f));
let t = performance.now();
const src = await PDFDocument.load(bytes, { updateMetadata: false });
const loadMs = performance.now() - t; t = performance.now();
const out = await PDFDocument.create({ updateMetadata: false });
const pages = await out.copyPages(src, [0, 1, 2, 3, 4].filter(i => i < src.getPageCount()));
pages.forEach(p => out.addPage(p));
const saved = await out.save();
console.log(f, { loadMs: Math.round(loadMs), copyMs: Math.round(performance.now() - t), size: saved.length });
}
