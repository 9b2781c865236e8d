/**
 * pdf.js's loading task of an opened book, started as soon as the book is ready (licence verified, key
 * unwrapped) instead of after React has mounted the viewer: the worker parses the trailer, the
 * cross-reference table and the page tree while the reader's screen renders
 * (docs/decisions/021-reader-open-path.md). The viewer takes it once; a book whose viewer never took it
 * destroys it when it is closed.
 */
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import type { TOpenedBook } from '@web/protected-content/open-protected-book';
import { loadPdfjsLib } from './load-pdfjs';

const started = new WeakMap<TOpenedBook, Promise<PDFDocumentLoadingTask>>();

/** The getDocument options every reader document uses (the range transport's own, no eval, no XFA). */
export function documentOptions(params: TOpenedBook['documentParams']) {
  return { ...params, isEvalSupported: false, enableXfa: false };
}

/** Starts loading the book's document in pdf.js now (once per book). */
export function startDocumentTask(book: TOpenedBook): void {
  if (started.has(book)) return;
  const task = loadPdfjsLib().then((lib) => lib.getDocument(documentOptions(book.documentParams)));
  task.catch(() => undefined);
  started.set(book, task);
}

/**
 * The started task without taking it: the reader page's first page is drawn from the same document
 * (reader-first-page.ts) before the viewer takes it, so the worker parses the book once.
 */
export function peekDocumentTask(book: TOpenedBook): Promise<PDFDocumentLoadingTask> | null {
  return started.get(book) ?? null;
}

/** The started task, for the viewer: handed out once, so no two viewers read through one transport. */
export function takeDocumentTask(book: TOpenedBook): Promise<PDFDocumentLoadingTask> | null {
  const task = started.get(book) ?? null;
  started.delete(book);
  return task;
}

/** Destroys a task no viewer took (the reader left before showing the book). */
export function dropDocumentTask(book: TOpenedBook): void {
  const task = takeDocumentTask(book);
  task?.then((loading) => loading.destroy()).catch(() => undefined);
}
