/**
 * The reader screen around pdf.js's viewer, shared by the full reader and the public preview:
 * toolbars, panels (contents, thumbnails, search, bookmarks, read aloud, shortcuts), themes,
 * fullscreen, keyboard shortcuts, touch tap zones, the licence watermark on every rendered page, copy
 * protection and the print block. It owns only screen state (open panel, theme); the document, the
 * position and the reading data come from its props, so the preview simply leaves the protected
 * features out.
 */
import 'pdfjs-dist/web/pdf_viewer.css';
import './reader.css';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { READER_MESSAGES, type TBookSearchHit, type TCopyBudget } from '@shared/reader';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import { BookmarksPanelBody } from './components/bookmarks-panel';
import { ContentsPanelBody } from './components/contents-panel';
import { MorePanelBody } from './components/more-panel';
import { ReadAloudPanelBody } from './components/read-aloud-panel';
import { ReaderPanel } from './components/reader-panel';
import { CopyAllowance, NarrowBottomBar, NarrowTopBar, WideToolbar } from './components/reader-toolbar';
import { SearchPanelBody } from './components/search-panel';
import { ShortcutsDialog } from './components/shortcuts-dialog';
import { ThumbnailsPanelBody } from './components/thumbnails-panel';
import { installCopyGuard, remainingCopyCharacters } from './copy-guard';
import { isTypingTarget, readerActionForKey, type TReaderAction } from './keyboard-shortcuts';
import type { TOutlineEntry } from './outline';
import { clampPage } from './page-number';
import { usePdfViewer, type TPdfSource } from './pdf/use-pdf-viewer';
import type { TReaderControls, TReaderPanel } from './reader-controls';
import { useReaderTheme } from './reader-theme';
import type { TBookmarksFeature } from './use-reader-bookmarks';
import { useFullscreen } from './use-fullscreen';
import { useMediaQuery, WIDE_READER_QUERY } from './use-media-query';
import { pageTextFromItems, useReadAloud, type TUseReadAloudOptions } from './use-read-aloud';
import { applyWatermark, watermarkText, type TWatermark } from './watermark';

export interface TCopyFeature {
  budget: TCopyBudget | null;
  record(characters: number): Promise<TCopyBudget>;
  onBudget(budget: TCopyBudget): void;
  /** Counts a copy while the server cannot be reached (rejects with CopyRefusedError over the budget). */
  recordOffline?(characters: number): Promise<void>;
}

export interface ReaderShellProps {
  title: string;
  backTo: string;
  backLabel: string;
  source: TPdfSource;
  initialPage: number;
  watermark: TWatermark | null;
  bookmarks?: TBookmarksFeature;
  copy?: TCopyFeature;
  searchServer?: (query: string, signal: AbortSignal) => Promise<TBookSearchHit[]>;
  onPageChange?: (page: number, pagesCount: number) => void;
  onReadAloudEvent?: TUseReadAloudOptions['onEvent'];
  /** Shown below the last page (the preview's closing prompt); Next on the last page scrolls to it. */
  afterLastPage?: ReactNode;
  /** What to show when the document cannot be opened or read. */
  renderLoadError: (error: unknown) => ReactNode;
  /** A message over the top of the pages (e.g. "you were further on another device"), given page turning. */
  notice?: (goToPage: (page: number) => void) => ReactNode;
  /** Extra entries of the "More options" menu (the full reader's Download for offline). */
  moreOptions?: ReactNode;
}

const LEFT_PANELS: readonly TReaderPanel[] = ['contents', 'thumbnails'];
const RIGHT_PANELS: readonly TReaderPanel[] = ['search', 'bookmarks', 'read-aloud', 'more'];
/** Touches shorter and stiller than this are taps (page turns), anything else is scrolling. */
const TAP_MAX_MOVE_PX = 10;
const TAP_MAX_MS = 400;
const URL_PAGE_DELAY_MS = 1000;

function notifyPrintBlocked() {
  toast({ title: 'Printing is off', description: READER_MESSAGES.printBlocked });
}

export function ReaderShell(props: ReaderShellProps) {
  const {
    title,
    backTo,
    backLabel,
    source,
    initialPage,
    watermark,
    bookmarks,
    copy,
    searchServer,
    afterLastPage,
    renderLoadError,
  } = props;
  const [rootElement, setRootElement] = useState<HTMLDivElement | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const isWide = useMediaQuery(WIDE_READER_QUERY);
  const { theme, cycleTheme } = useReaderTheme();
  const fullscreen = useFullscreen();
  const [panel, setPanel] = useState<TReaderPanel | null>(null);

  const stampText = watermark ? watermarkText(watermark) : null;
  const onPageRendered = useCallback(
    (pageDiv: HTMLElement) => {
      if (stampText) applyWatermark(pageDiv, stampText);
    },
    [stampText],
  );
  const hasReportedRenderError = useRef(false);
  const onRenderError = useCallback(() => {
    if (hasReportedRenderError.current) return;
    hasReportedRenderError.current = true;
    toast({
      variant: 'destructive',
      title: 'A page could not be shown',
      description: 'Please reload the reader to try again.',
    });
  }, []);

  const viewerState = usePdfViewer({ containerRef, viewerRef, source, initialPage, onPageRendered, onRenderError });
  const { api, pageNumber, pagesCount, scale, status, findMatches } = viewerState;
  const isReady = status === 'ready' && api !== null;

  const goToPage = useCallback(
    (page: number) => {
      if (api) api.viewer.currentPageNumber = clampPage(page, api.viewer.pagesCount);
    },
    [api],
  );
  const nextPage = useCallback(() => {
    if (!api) return;
    if (api.viewer.currentPageNumber >= api.viewer.pagesCount) {
      endRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    api.viewer.nextPage();
  }, [api]);
  const previousPage = useCallback(() => {
    api?.viewer.previousPage();
  }, [api]);

  const addBookmark = useCallback(() => {
    if (!bookmarks || !api) return;
    const page = api.viewer.currentPageNumber;
    bookmarks.add(page);
    toast({ title: 'Bookmark added', description: `Page ${page} is in your bookmarks.` });
  }, [bookmarks, api]);

  const getPageText = useCallback(
    async (page: number) => {
      if (!api) return '';
      const pdfPage = await api.pdf.getPage(page);
      const content = await pdfPage.getTextContent();
      return pageTextFromItems(content.items);
    },
    [api],
  );
  const readAloud = useReadAloud({ pageNumber, pagesCount, getPageText, goToPage, onEvent: props.onReadAloudEvent });

  const isDocked = isWide;
  const isModalOpen = panel !== null && (!isDocked || panel === 'help');
  const togglePanel = useCallback((next: TReaderPanel) => setPanel((current) => (current === next ? null : next)), []);
  const closePanelOnNarrow = useCallback(() => {
    if (!isDocked) setPanel(null);
  }, [isDocked]);

  const copyRemaining = copy?.budget ? remainingCopyCharacters(copy.budget) : null;
  const controls: TReaderControls = {
    title,
    backTo,
    backLabel,
    isReady,
    pageNumber,
    pagesCount,
    scale,
    canGoNext: pageNumber < pagesCount || !!afterLastPage,
    goToPage,
    nextPage,
    previousPage,
    zoomIn: () => api?.viewer.increaseScale(),
    zoomOut: () => api?.viewer.decreaseScale(),
    fitWidth: () => {
      if (api) api.viewer.currentScaleValue = 'page-width';
    },
    panel,
    togglePanel,
    theme,
    cycleTheme,
    canFullscreen: fullscreen.isSupported,
    isFullscreen: fullscreen.isFullscreen,
    toggleFullscreen: fullscreen.toggle,
    canBookmark: !!bookmarks,
    addBookmark,
    canReadAloud: readAloud.isSupported,
    isReadingAloud: readAloud.status !== 'idle',
    copyRemaining,
    hasMoreOptions: !!props.moreOptions,
  };

  // Keyboard shortcuts (the help overlay lists the same table). Kept in a ref so the window listener
  // is added once and always runs the latest controls.
  const runAction = useRef<(action: TReaderAction) => void>(() => undefined);
  runAction.current = (action) => {
    switch (action) {
      case 'next-page':
        return controls.nextPage();
      case 'previous-page':
        return controls.previousPage();
      case 'first-page':
        return controls.goToPage(1);
      case 'last-page':
        return controls.goToPage(pagesCount);
      case 'zoom-in':
        return controls.zoomIn();
      case 'zoom-out':
        return controls.zoomOut();
      case 'fit-width':
        return controls.fitWidth();
      case 'fullscreen':
        return controls.canFullscreen ? controls.toggleFullscreen() : undefined;
      case 'add-bookmark':
        return controls.addBookmark();
      case 'search':
        if (panel === 'search') rootElement?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
        else setPanel('search');
        return;
      case 'theme':
        return controls.cycleTheme();
      case 'help':
        return togglePanel('help');
      case 'print':
        return notifyPrintBlocked();
    }
  };
  const isModalOpenRef = useRef(isModalOpen);
  isModalOpenRef.current = isModalOpen;
  const isReadyRef = useRef(isReady);
  isReadyRef.current = isReady;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const action = readerActionForKey(event);
      if (!action) return;
      if (action === 'print') {
        event.preventDefault();
        runAction.current(action);
        return;
      }
      const withModifier = event.ctrlKey || event.metaKey;
      if (isTypingTarget(event.target) && !withModifier) return;
      // A modal sheet or the shortcuts overlay has the keyboard (Escape, Tab) to itself.
      if (isModalOpenRef.current) return;
      if (!isReadyRef.current && action !== 'help' && action !== 'theme') return;
      event.preventDefault();
      runAction.current(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // Printing shows a notice instead of pages (reader.css reads the message from the body).
  useEffect(() => {
    const { body } = document;
    body.setAttribute('data-print-blocked', READER_MESSAGES.printBlocked);
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    window.addEventListener('beforeprint', notifyPrintBlocked);
    return () => {
      body.removeAttribute('data-print-blocked');
      body.style.overflow = previousOverflow;
      window.removeEventListener('beforeprint', notifyPrintBlocked);
    };
  }, []);

  // Copy protection over the pages.
  const copyRef = useRef(copy);
  copyRef.current = copy;
  const hasCopyGuard = !!copy;
  const hasOfflineCopy = !!copy?.recordOffline;
  useEffect(() => {
    const root = containerRef.current;
    if (!hasCopyGuard || !root) return;
    return installCopyGuard({
      root,
      getBudget: () => copyRef.current?.budget ?? null,
      recordCopy: (characters) => copyRef.current!.record(characters),
      onBudget: (budget) => copyRef.current?.onBudget(budget),
      onRefused: (message) => toast({ variant: 'destructive', title: 'Copy blocked', description: message }),
      recordOfflineCopy: hasOfflineCopy ? (characters) => copyRef.current!.recordOffline!(characters) : undefined,
    });
  }, [hasCopyGuard, hasOfflineCopy]);

  // Tap zones on touch screens: the outer quarters of the page area turn pages.
  const tapActions = useRef({ nextPage, previousPage });
  tapActions.current = { nextPage, previousPage };
  useEffect(() => {
    const area = containerRef.current;
    if (!area) return;
    let start: { x: number; y: number; time: number } | null = null;
    const onDown = (event: PointerEvent) => {
      start =
        event.pointerType === 'touch' && event.isPrimary
          ? { x: event.clientX, y: event.clientY, time: event.timeStamp }
          : null;
    };
    const onUp = (event: PointerEvent) => {
      const begin = start;
      start = null;
      if (!begin || event.pointerType !== 'touch') return;
      if (
        Math.hypot(event.clientX - begin.x, event.clientY - begin.y) > TAP_MAX_MOVE_PX ||
        event.timeStamp - begin.time > TAP_MAX_MS
      )
        return;
      if (
        event.target instanceof Element &&
        event.target.closest('a, button, input, textarea, select, [data-no-tap-zone]')
      )
        return;
      const selection = document.getSelection();
      if (selection && !selection.isCollapsed) return;
      const rect = area.getBoundingClientRect();
      const fraction = (event.clientX - rect.left) / rect.width;
      if (fraction < 0.25) tapActions.current.previousPage();
      else if (fraction > 0.75) tapActions.current.nextPage();
    };
    const onCancel = () => {
      start = null;
    };
    area.addEventListener('pointerdown', onDown);
    area.addEventListener('pointerup', onUp);
    area.addEventListener('pointercancel', onCancel);
    return () => {
      area.removeEventListener('pointerdown', onDown);
      area.removeEventListener('pointerup', onUp);
      area.removeEventListener('pointercancel', onCancel);
    };
  }, []);

  // The position: reported to the page (saving, events) and kept in the URL as ?page=.
  const onPageChangeRef = useRef(props.onPageChange);
  onPageChangeRef.current = props.onPageChange;
  useEffect(() => {
    if (isReady && pagesCount > 0) onPageChangeRef.current?.(pageNumber, pagesCount);
  }, [isReady, pageNumber, pagesCount]);
  useEffect(() => {
    if (!isReady) return;
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      if (url.searchParams.get('page') === String(pageNumber)) return;
      url.searchParams.set('page', String(pageNumber));
      // Outside the router on purpose: the URL follows the reading without re-rendering the screen.
      window.history.replaceState(window.history.state, '', url);
    }, URL_PAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isReady, pageNumber]);

  const onOutlineSelect = useCallback(
    (entry: TOutlineEntry) => {
      if (!api) return;
      if (entry.dest !== null) void api.linkService.goToDestination(entry.dest as string | unknown[]);
      else if (entry.page !== null) goToPage(entry.page);
      closePanelOnNarrow();
    },
    [api, goToPage, closePanelOnNarrow],
  );

  const panelProps = (name: TReaderPanel) => ({
    open: panel === name,
    onOpenChange: (open: boolean) => setPanel(open ? name : null),
    docked: isDocked,
    container: rootElement,
  });

  const dockedOffsets = useMemo(() => {
    if (!isDocked || !panel) return undefined;
    if (LEFT_PANELS.includes(panel)) return { left: '20rem' };
    if (RIGHT_PANELS.includes(panel)) return { right: '20rem' };
    return undefined;
  }, [isDocked, panel]);

  return (
    <div
      ref={setRootElement}
      className="reader-root fixed inset-0 z-[45] flex flex-col bg-background text-foreground"
      data-reader-theme={theme}
    >
      {isWide ? <WideToolbar controls={controls} /> : <NarrowTopBar controls={controls} />}
      <div className="relative min-h-0 flex-1">
        <div
          ref={containerRef}
          className="reader-scroll absolute inset-0 overflow-auto outline-none"
          style={dockedOffsets}
          tabIndex={0}
          role="region"
          aria-label="Book pages"
          onContextMenu={(event) => event.preventDefault()}
        >
          <div ref={viewerRef} className="pdfViewer" />
          {afterLastPage && isReady && (
            <div ref={endRef} data-no-tap-zone className="px-4 pb-10">
              {afterLastPage}
            </div>
          )}
        </div>
        {status === 'loading' && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label="Loading..." className="rounded-lg bg-background/90 px-5 py-3 shadow" />
          </div>
        )}
        {status === 'error' && (
          <div className="absolute inset-0 overflow-auto bg-background">{renderLoadError(viewerState.error)}</div>
        )}
        {isReady && props.notice && (
          <div className="pointer-events-none absolute inset-x-0 top-3 z-10 flex justify-center px-3">
            {props.notice(goToPage)}
          </div>
        )}
        {isWide && copyRemaining !== null && (
          <CopyAllowance
            remaining={copyRemaining}
            className="pointer-events-none absolute bottom-2 left-2 rounded bg-background/85 px-2 py-1 text-xs text-muted-foreground shadow-sm"
          />
        )}
      </div>
      {!isWide && <NarrowBottomBar controls={controls} />}

      <ReaderPanel {...panelProps('contents')} side="left" title="Contents">
        <ContentsPanelBody pdf={api?.pdf ?? null} pageNumber={pageNumber} onSelect={onOutlineSelect} />
      </ReaderPanel>
      <ReaderPanel {...panelProps('thumbnails')} side="left" title="Thumbnails">
        <ThumbnailsPanelBody
          pdf={api?.pdf ?? null}
          pageNumber={pageNumber}
          watermarkText={stampText}
          onSelect={(page) => {
            goToPage(page);
            closePanelOnNarrow();
          }}
        />
      </ReaderPanel>
      <ReaderPanel {...panelProps('search')} side="right" title="Search in book">
        <SearchPanelBody
          searchServer={searchServer}
          findMatches={findMatches}
          onFind={(query, options) => api?.find(query, options)}
          onClear={() => api?.clearFind()}
          onOpenResult={(hit) => {
            goToPage(hit.page);
            closePanelOnNarrow();
          }}
        />
      </ReaderPanel>
      {bookmarks && (
        <ReaderPanel {...panelProps('bookmarks')} side="right" title="Bookmarks">
          <BookmarksPanelBody
            bookmarks={bookmarks}
            pageNumber={pageNumber}
            onOpen={(bookmark) => {
              goToPage(bookmark.page);
              closePanelOnNarrow();
            }}
          />
        </ReaderPanel>
      )}
      {readAloud.isSupported && (
        <ReaderPanel {...panelProps('read-aloud')} side="right" title="Read aloud">
          <ReadAloudPanelBody readAloud={readAloud} pageNumber={pageNumber} />
        </ReaderPanel>
      )}
      {!isWide && (
        <ReaderPanel {...panelProps('more')} side="bottom" title="More options">
          <MorePanelBody controls={controls} onDone={() => setPanel(null)} extra={props.moreOptions} />
        </ReaderPanel>
      )}
      {isWide && props.moreOptions && (
        <ReaderPanel {...panelProps('more')} side="right" title="More options">
          <div className="p-2">{props.moreOptions}</div>
        </ReaderPanel>
      )}
      <ShortcutsDialog
        open={panel === 'help'}
        onOpenChange={(open) => setPanel(open ? 'help' : null)}
        container={rootElement}
        hiddenActions={[
          ...(bookmarks ? [] : (['add-bookmark'] as const)),
          ...(fullscreen.isSupported ? [] : (['fullscreen'] as const)),
        ]}
      />
    </div>
  );
}
