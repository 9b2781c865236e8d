/** pdf.js ships no types for its worker module; the ingest pipeline only loads it for its side effect. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
