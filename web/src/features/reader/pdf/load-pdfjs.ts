/**
 * Loads pdf.js on demand: the library, its viewer components and its worker (pdf-worker.ts) are only fetched when a
 * reader screen opens, so none of them weigh on the landing page. The library comes alone for the reader page's first page (reader-first-page.ts draws it without
 * the viewer); the viewer's components come with it, in parallel, as one import (pdfjs-modules.ts) for the screen.
 */
import type * as PdfjsLib from 'pdfjs-dist';
import type * as PdfjsViewer from 'pdfjs-dist/web/pdf_viewer.mjs';
import { startPdfWorker } from './pdf-worker';

export interface TPdfjs {
  lib: typeof PdfjsLib;
  viewer: typeof PdfjsViewer;
}

let loadingLib: Promise<typeof PdfjsLib> | null = null;
let loading: Promise<TPdfjs> | null = null;

/** The library and its worker, without the viewer's components. */
export function loadPdfjsLib(): Promise<typeof PdfjsLib> {
  loadingLib ??= (async () => {
    // The worker needs nothing from the library to start: it downloads and compiles its own module
    // while the library (and the viewer) arrive.
    const port = startPdfWorker();
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
    startPdfWorker();
    const [lib, { viewer }] = await Promise.all([loadPdfjsLib(), import('./pdfjs-modules')]);
    return { lib, viewer };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
