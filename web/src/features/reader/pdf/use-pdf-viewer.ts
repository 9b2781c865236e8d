/**
 * Mounts pdf.js's own viewer (PDFViewer with its EventBus, PDFLinkService and PDFFindController, so
 * the text layer, links and find highlighting are pdf.js's) on a container and opens one document in
 * it, from a URL (the public preview) or from the protected range transport. Owns the pdf.js objects
 * of that document and mirrors what the screen needs into React state: load status, page, page count,
 * scale and find results. Everything is torn down when the source changes or the screen unmounts.
 */
import { announceReaderFirstPageDrawn } from '@web/lib/reader-first-page';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PDFDataRangeTransport, PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import type { EventBus, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { clampPage } from '../page-number';
import { loadPdfjs } from './load-pdfjs';

/** What the protected pipeline hands over for getDocument (web/src/protected-content/open-protected-book). */
export interface TRangeDocumentParams {
  range: PDFDataRangeTransport;
  length: number;
  rangeChunkSize: number;
  disableAutoFetch: boolean;
  disableStream: true;
}

export type TPdfSource =
  | { kind: 'url'; url: string }
  | {
      kind: 'range';
      params: TRangeDocumentParams;
      /** pdf.js's loading task when it was started before the viewer (pdf/document-task.ts), taken once. */
      startedTask?: () => Promise<PDFDocumentLoadingTask> | null;
    };

export interface TFindMatches {
  current: number;
  total: number;
}

export interface TPdfViewerApi {
  pdf: PDFDocumentProxy;
  viewer: PDFViewer;
  eventBus: EventBus;
  linkService: PDFLinkService;
  /** Highlights `query` in the pages and moves to the next (or previous) match. */
  find(query: string, options?: { again?: boolean; previous?: boolean }): void;
  clearFind(): void;
}

export type TPdfViewerStatus = 'loading' | 'ready' | 'error';

export interface TPdfViewerState {
  status: TPdfViewerStatus;
  error: unknown;
  api: TPdfViewerApi | null;
  pageNumber: number;
  pagesCount: number;
  scale: number;
  findMatches: TFindMatches | null;
}

export interface TUsePdfViewerOptions {
  containerRef: RefObject<HTMLDivElement | null>;
  viewerRef: RefObject<HTMLDivElement | null>;
  source: TPdfSource;
  /** Page to show first (clamped to the document). */
  initialPage: number;
  /**
   * The page habit the document opens in (docs/product/reader.md#page-habits): set before the pages are
   * made, so one page at a time puts only the pages on screen into the document instead of every page
   * (pdf.js's PAGE scroll mode), and the first layout is the final one. Later changes are the caller's.
   */
  initialLayout?: { paginated: boolean; spread: boolean };
  /** Called each time pdf.js finishes drawing a page (also after zoom re-renders). */
  onPageRendered?: (pageDiv: HTMLElement, pageNumber: number) => void;
  onRenderError?: (error: unknown, pageNumber: number) => void;
}

/** Narrow screens open at page width; wider ones at pdf.js's automatic zoom. */
const NARROW_CONTAINER_PX = 800;

const INITIAL_STATE: TPdfViewerState = {
  status: 'loading',
  error: null,
  api: null,
  pageNumber: 1,
  pagesCount: 0,
  scale: 1,
  findMatches: null,
};

export function usePdfViewer({
  containerRef,
  viewerRef,
  source,
  initialPage,
  initialLayout,
  onPageRendered,
  onRenderError,
}: TUsePdfViewerOptions): TPdfViewerState {
  const [state, setState] = useState<TPdfViewerState>(INITIAL_STATE);
  const callbacks = useRef({ onPageRendered, onRenderError, initialPage, initialLayout });
  callbacks.current = { onPageRendered, onRenderError, initialPage, initialLayout };

  useEffect(() => {
    const container = containerRef.current;
    const viewerElement = viewerRef.current;
    if (!container || !viewerElement) return;
    const abort = new AbortController();
    let destroyDocument: (() => void) | null = null;
    setState(INITIAL_STATE);

    const open = async () => {
      const { lib, viewer: components } = await loadPdfjs();
      if (abort.signal.aborted) return;
      const eventBus = new components.EventBus();
      const linkService = new components.PDFLinkService({ eventBus, externalLinkTarget: components.LinkTarget.BLANK });
      const findController = new components.PDFFindController({
        eventBus,
        linkService,
        updateMatchesCountOnProgress: true,
      });
      // abortSignal (drops the viewer's listeners and observers) is supported but missing from the typings.
      const viewerOptions: ConstructorParameters<typeof components.PDFViewer>[0] & { abortSignal: AbortSignal } = {
        container,
        viewer: viewerElement,
        eventBus,
        linkService,
        findController,
        // Links yes, forms and annotation editing no; images never offered for "save image as".
        annotationMode: lib.AnnotationMode.ENABLE,
        annotationEditorMode: lib.AnnotationEditorType.DISABLE,
        imagesRightClickMinSize: -1,
        abortSignal: abort.signal,
      };
      const viewer = new components.PDFViewer(viewerOptions);
      linkService.setViewer(viewer);
      // Before setDocument: in PAGE mode pdf.js attaches only the visible pages' elements, so a book of
      // thousands of pages does not lay out thousands of page boxes at open.
      const layout = callbacks.current.initialLayout;
      if (layout?.paginated) viewer.scrollMode = components.ScrollMode.PAGE;
      if (layout?.spread) viewer.spreadMode = components.SpreadMode.EVEN;

      let lastQuery = '';
      const find = (query: string, options: { again?: boolean; previous?: boolean } = {}) => {
        const again = options.again && query === lastQuery;
        lastQuery = query;
        eventBus.dispatch('find', {
          source: null,
          type: again ? 'again' : '',
          query,
          caseSensitive: false,
          entireWord: false,
          highlightAll: true,
          findPrevious: !!options.previous,
          matchDiacritics: false,
        });
      };
      const clearFind = () => {
        lastQuery = '';
        eventBus.dispatch('findbarclose', { source: null });
        setState((current) => ({ ...current, findMatches: null }));
      };

      eventBus.on('pagesinit', () => {
        // Nothing is drawn before this event. The page goes first: setting the scale draws the pages in
        // view, and with page 1 still current that would draw page 1 and then jump to the saved page.
        const first = clampPage(callbacks.current.initialPage, viewer.pagesCount);
        if (first > 1) viewer.currentPageNumber = first;
        viewer.currentScaleValue = container.clientWidth < NARROW_CONTAINER_PX ? 'page-width' : 'auto';
        setState((current) => ({
          ...current,
          status: 'ready',
          pageNumber: viewer.currentPageNumber,
          pagesCount: viewer.pagesCount,
          scale: viewer.currentScale,
        }));
      });
      eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => {
        setState((current) => (current.pageNumber === pageNumber ? current : { ...current, pageNumber }));
      });
      eventBus.on('scalechanging', ({ scale }: { scale: number }) => {
        setState((current) => ({ ...current, scale }));
      });
      eventBus.on('pagerendered', ({ pageNumber, error }: { pageNumber: number; error: unknown }) => {
        const pageView = viewer.getPageView(pageNumber - 1) as { div?: HTMLElement } | undefined;
        if (pageView?.div) callbacks.current.onPageRendered?.(pageView.div, pageNumber);
        if (!error) announceReaderFirstPageDrawn('viewer');
        if (error && (error as { name?: string }).name !== 'RenderingCancelledException')
          callbacks.current.onRenderError?.(error, pageNumber);
      });
      const onMatches = ({ matchesCount }: { matchesCount?: TFindMatches }) => {
        if (matchesCount)
          setState((current) => ({
            ...current,
            findMatches: { current: matchesCount.current, total: matchesCount.total },
          }));
      };
      eventBus.on('updatefindmatchescount', onMatches);
      eventBus.on('updatefindcontrolstate', onMatches);

      const started = source.kind === 'range' ? source.startedTask?.() : null;
      let task: PDFDocumentLoadingTask | null = null;
      destroyDocument = () => {
        // Detach the viewer first: pages still being set up would otherwise each log "Transport
        // destroyed" when the reader closes before the book has finished opening.
        viewer.setDocument(null as unknown as Parameters<typeof viewer.setDocument>[0]);
        linkService.setDocument(null, null);
        if (task) void task.destroy();
        else started?.then((loading) => loading.destroy()).catch(() => undefined);
      };
      task = started
        ? await started
        : lib.getDocument({
            ...(source.kind === 'url' ? { url: source.url } : source.params),
            isEvalSupported: false,
            enableXfa: false,
          });
      if (abort.signal.aborted) return;
      const pdf = await task.promise;
      if (abort.signal.aborted) return;
      viewer.setDocument(pdf);
      linkService.setDocument(pdf, null);
      setState((current) => ({ ...current, api: { pdf, viewer, eventBus, linkService, find, clearFind } }));
    };

    // Deferred by a task so React's development double-mount does not open (and cancel) the
    // document twice: the protected range transport can serve only one loading task.
    const timer = setTimeout(() => {
      open().catch((error: unknown) => {
        if (!abort.signal.aborted) setState((current) => ({ ...current, status: 'error', error }));
      });
    }, 0);

    return () => {
      clearTimeout(timer);
      abort.abort();
      destroyDocument?.();
    };
  }, [containerRef, viewerRef, source]);

  return state;
}
