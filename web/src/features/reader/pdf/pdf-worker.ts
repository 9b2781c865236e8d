/**
 * pdf.js's worker: a same-origin module worker that Vite bundles into the build (and the service worker precaches); one
 * worker serves every document. Started by whoever needs it first: the reader page's script as it starts
 * (reader-first-page.ts), before the rest of its code has arrived, or load-pdfjs.ts.
 */
let worker: Worker | null = null;

export function startPdfWorker(): Worker {
  worker ??= new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
  return worker;
}
