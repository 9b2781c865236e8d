import fs from 'node:fs';
const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
(globalThis as any).pdfjsWorker = worker;
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const bytes = new Uint8Array(fs.readFileSync(process.argv[2]));
let t = performance.now();
const doc = await pdfjs.getDocument({ data: bytes, verbosity: 0, disableFontFace: true, isEvalSupported: false }).promise;
console.log('open', performance.now() - t); t = performance.now();
let pageT = 0, textT = 0;
for (let i = 1; i <= doc.numPages; i++) { let a = performance.now(); const p = await doc.getPage(i); pageT += performance.now() - a; a = performance.now(); await p.getTextContent(); textT += performance.now() - a; }
console.log({ pageT, textT, total: performance.now() - t });
