/**
 * pdf.js's worker: a same-origin module worker (the service worker precaches it); one worker serves every document.
 * Started by whoever needs it first: the reader page's script as it starts (reader-first-page.ts), before the rest of
 * its code has arrived, or load-pdfjs.ts.
 *
 * The script is pdf.js's own minified module, copied into the build as it is (`?url`, a `.mjs` file), not bundled
 * again: Vite's worker bundling rewrote it into one function-wrapped script, which took about 14 ms longer to start
 * (docs/decisions/025-reader-first-page.md#pdfjss-own-worker-script).
 */
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

let worker: Worker | null = null;

export function startPdfWorker(): Worker {
  worker ??= new Worker(pdfWorkerUrl, { type: 'module' });
  return worker;
}
