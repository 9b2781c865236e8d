/**
 * Loads pdf.js on demand: the library, its viewer components and its worker are only fetched when a
 * reader screen opens, so none of them weigh on the landing page. The worker is a same-origin module
 * worker that Vite bundles into the build (and the service worker precaches); one worker serves every
 * document. The library comes alone for the reader page's first page (reader-first-page.ts draws it without
 * the viewer); the viewer's components come with it, in parallel, as one import (pdfjs-modules.ts) for the screen.
 */
import type * as PdfjsLib from 'pdfjs-dist';
import type * as PdfjsViewer from 'pdfjs-dist/web/pdf_viewer.mjs';

export interface TPdfjs {
  lib: typeof PdfjsLib;
  viewer: typeof PdfjsViewer;
}

let loadingLib: Promise<typeof PdfjsLib> | null = null;
let loading: Promise<TPdfjs> | null = null;
let worker: Worker | null = null;

function startWorker(): Worker {
  // The worker needs nothing from the library to start: it downloads and compiles its own module
  // while the library (and the viewer) arrive.
  worker ??= new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
  return worker;
}

/** The library and its worker, without the viewer's components. */
export function loadPdfjsLib(): Promise<typeof PdfjsLib> {
  loadingLib ??= (async () => {
    const port = startWorker();
    const { lib } = await import('./pdfjs-global');
    if (!lib.GlobalWorkerOptions.workerPort) lib.GlobalWorkerOptions.workerPort = port;
    return lib;
  })();
  // A failed download (offline, new deploy) is retried on the next open instead of being cached.
  loadingLib.catch(() => {
    loadingLib = null;
  });
  return loadingLib;
}

/** The library, its worker and the viewer's components (which read globalThis.pdfjsLib, so come second). */
export function loadPdfjs(): Promise<TPdfjs> {
  loading ??= (async () => {
    startWorker();
    const [lib, { viewer }] = await Promise.all([loadPdfjsLib(), import('./pdfjs-modules')]);
    return { lib, viewer };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
