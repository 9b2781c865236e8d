/**
 * pdf.js and its viewer as one dynamic import, so the browser downloads both in parallel (the bundler
 * preloads every chunk of a dynamic import together) and evaluates them in the order written here:
 * the library (which sets globalThis.pdfjsLib) before the viewer, which reads it.
 */
export { lib } from './pdfjs-global';
export * as viewer from 'pdfjs-dist/web/pdf_viewer.mjs';
