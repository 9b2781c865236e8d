/**
 * Loads pdf.js on demand: the library, its viewer components and its worker are only fetched when a
 * reader screen opens, so none of them weigh on the landing page. The worker is a same-origin module
 * worker that Vite bundles into the build (and the service worker precaches); one worker serves every
 * document. pdf_viewer.mjs reads the library from globalThis.pdfjsLib, so that is set first.
 */
import type * as PdfjsLib from 'pdfjs-dist';
import type * as PdfjsViewer from 'pdfjs-dist/web/pdf_viewer.mjs';

export interface TPdfjs {
  lib: typeof PdfjsLib;
  viewer: typeof PdfjsViewer;
}

let loading: Promise<TPdfjs> | null = null;

export function loadPdfjs(): Promise<TPdfjs> {
  loading ??= (async () => {
    const lib = await import('pdfjs-dist');
    (globalThis as { pdfjsLib?: typeof PdfjsLib }).pdfjsLib = lib;
    const viewer = await import('pdfjs-dist/web/pdf_viewer.mjs');
    if (!lib.GlobalWorkerOptions.workerPort) {
      lib.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), {
        type: 'module',
      });
    }
    return { lib, viewer };
  })();
  // A failed download (offline, new deploy) is retried on the next open instead of being cached.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
