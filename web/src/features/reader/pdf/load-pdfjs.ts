/**
 * Loads pdf.js on demand: the library, its viewer components and its worker are only fetched when a
 * reader screen opens, so none of them weigh on the landing page. The worker is a same-origin module
 * worker that Vite bundles into the build (and the service worker precaches); one worker serves every
 * document. The library and the viewer come in parallel, as one import (pdfjs-modules.ts).
 */
import type * as PdfjsLib from 'pdfjs-dist';
import type * as PdfjsViewer from 'pdfjs-dist/web/pdf_viewer.mjs';

export interface TPdfjs {
  lib: typeof PdfjsLib;
  viewer: typeof PdfjsViewer;
}

let loading: Promise<TPdfjs> | null = null;
let worker: Worker | null = null;

export function loadPdfjs(): Promise<TPdfjs> {
  loading ??= (async () => {
    // The worker needs nothing from the library to start: it downloads and compiles its own module
    // while the library and the viewer (which reads globalThis.pdfjsLib, so comes second) arrive.
    worker ??= new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
    const { lib, viewer } = await import('./pdfjs-modules');
    if (!lib.GlobalWorkerOptions.workerPort) lib.GlobalWorkerOptions.workerPort = worker;
    return { lib, viewer };
  })();
  // A failed download (offline, new deploy) is retried on the next open instead of being cached.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
