import fs from 'node:fs';
const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
(globalThis as any).pdfjsWorker = worker;
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const bytes = new Uint8Array(fs.readFileSync(process.argv[2]));
for (const mode of ['plain', 'cleanup', 'yield', 'both']) {
let t = performance.now();
const doc = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, disableFontFace: true, isEvalSupported: false }).promise;
for (let i = 1; i <= doc.numPages; i++) { const p = await doc.getPage(i); await p.getTextContent(); if (mode === 'cleanup' || mode === 'both') p.cleanup(); if ((mode === 'yield' || mode === 'both') && i % 4 === 0) await new Promise(r => setImmediate(r)); }
console.log(mode, performance.now() - t);
await doc.destroy();
}
