/**
 * The reader screen around pdf.js's viewer, shared by the full reader and the public preview: it
 * composes the toolbars and panels (contents, thumbnails, search, bookmarks, read aloud, shortcuts)
 * with the reader's behaviours, each in its own hook: panels (use-reader-panels), keyboard shortcuts
 * (use-reader-keyboard), touch tap zones (use-tap-zones), the print block (use-print-block), copy
 * protection (use-copy-protection), the position in the URL (use-page-in-url), themes and fullscreen,
 * plus the licence watermark on every rendered page. It owns only screen state (open panel, theme);
 * the document, the position and the reading data come from its props, so the preview simply leaves
 * the protected features out. Beside the pages it offers the reflowed text view (text-view/), the page
 * habits (page-modes/: one page at a time or continuous, spreads, swipe) and the progress line; the
 * hidden pdf.js viewer keeps following the text view's page, so position, bookmarks, search and
 * progress stay in page terms in both views.
 */
import 'pdfjs-dist/web/pdf_viewer.css';
import './reader.css';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { TBookSearchHit } from '@shared/reader';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/lib/toast';
import { HighlightsPanelBody } from '@web/features/highlights/components/highlights-panel';
import { ReaderHighlights } from '@web/features/highlights/components/reader-highlights';
import type { THighlightsFeature } from '@web/features/highlights/use-highlights';
import { BookmarksPanelBody } from './components/bookmarks-panel';
import { DisplayPanelBody } from './components/display-panel';
import { TextViewOffer } from './components/text-view-offer';
import { WatermarkPatternLayer } from './components/watermark-pattern-layer';
import { ContentsPanelBody } from './components/contents-panel';
import { MorePanelBody } from './components/more-panel';
import { ReadAloudPanelBody } from './components/read-aloud-panel';
import { ReaderPanel } from './components/reader-panel';
import { CopyAllowance, NarrowBottomBar, NarrowTopBar, WideToolbar } from './components/reader-toolbar';
import { SearchPanelBody } from './components/search-panel';
import { ShortcutsDialog } from './components/shortcuts-dialog';
import { ThumbnailsPanelBody } from './components/thumbnails-panel';
import { remainingCopyCharacters } from '@web/lib/copy-guard';
import type { TOutlineEntry } from './outline';
import { clampPage } from './page-number';
import { ReadingProgressBar } from './page-modes/reading-progress-bar';
import { usePageHabits } from './page-modes/use-page-habits';
import { useReadingProgress } from './page-modes/use-reading-progress';
import { useSwipe } from './page-modes/use-swipe';
import { TEXT_SIZES_PX, useReaderSettings } from './reader-settings';
import { TextView, type TTextNavigator } from './text-view/text-view';
import { usePdfViewer, type TPdfSource } from './pdf/use-pdf-viewer';
import type { TReaderControls } from './reader-controls';
import { useReaderTheme } from './use-reader-theme';
import type { TBookmarksFeature } from './use-reader-bookmarks';
import { useFullscreen } from './use-fullscreen';
import { useMediaQuery } from './use-media-query';
import { effectivePageMode, WIDE_READER_QUERY } from './page-habits';
import { pageTextFromItems, useReadAloud, type TUseReadAloudOptions } from './use-read-aloud';
import { useNextChapterPage, useReadAloudMarker } from './use-read-aloud-marker';
import { type TCopyFeature, useCopyProtection } from '@web/lib/use-copy-protection';
import { usePageInUrl } from './use-page-in-url';
import { usePrintBlock } from './use-print-block';
import { useReaderKeyboard } from './use-reader-keyboard';
import { useReaderPanels } from './use-reader-panels';
import { useTapZones } from './use-tap-zones';
import { applyWatermark, watermarkText, type TWatermark } from './watermark';

export type { TCopyFeature };

export interface ReaderShellProps {
  title: string;
  backTo: string;
  backLabel: string;
  source: TPdfSource;
  initialPage: number;
  watermark: TWatermark | null;
  bookmarks?: TBookmarksFeature;
  /** Highlights and notes over the pages (the full reader; docs/product/highlights.md). */
  highlights?: THighlightsFeature;
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
  /** A line above the progress bar (the full reader's offline status). */
  status?: ReactNode;
  /** The full reader's "Ask this book" panel body, given a way to open a cited page. */
  renderAssistant?: (openPage: (page: number) => void) => ReactNode;
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
    highlights,
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
  const { theme, cycleTheme, setTheme } = useReaderTheme();
  const { settings, isLoaded: areSettingsLoaded, update: updateSettings } = useReaderSettings();
  const textNavigator = useRef<TTextNavigator | null>(null);
  const fullscreen = useFullscreen();

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

  const pageMode = effectivePageMode(settings, isWide);
  const isSpread = isWide && settings.spread;
  const viewerState = usePdfViewer({
    containerRef,
    viewerRef,
    source,
    initialPage,
    initialLayout: { paginated: pageMode === 'paginated', spread: isSpread },
    onPageRendered,
    onRenderError,
  });
  const { api, pageNumber, pagesCount, scale, status, findMatches } = viewerState;
  const isReady = status === 'ready' && api !== null;
  const view = isReady ? settings.view : 'pages';

  const goToPage = useCallback(
    (page: number) => {
      if (api) api.viewer.currentPageNumber = clampPage(page, api.viewer.pagesCount);
    },
    [api],
  );
  const nextPage = useCallback(() => {
    if (!api) return;
    if (view === 'text') {
      goToPage(api.viewer.currentPageNumber + 1);
      return;
    }
    if (api.viewer.currentPageNumber >= api.viewer.pagesCount) {
      endRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    api.viewer.nextPage();
  }, [api, view, goToPage]);
  const previousPage = useCallback(() => {
    if (view === 'text' && api) goToPage(api.viewer.currentPageNumber - 1);
    else api?.viewer.previousPage();
  }, [api, view, goToPage]);

  // The text view reports the page on screen; the hidden page view follows it. Any other move (search,
  // contents, bookmarks, the page field) reaches the text view through the page view's page.
  const textViewPage = useRef<number | null>(null);
  const onTextPageChange = useCallback(
    (page: number) => {
      textViewPage.current = page;
      goToPage(page);
    },
    [goToPage],
  );
  useEffect(() => {
    if (view !== 'text') {
      textViewPage.current = null;
      return;
    }
    if (textViewPage.current === null) textViewPage.current = pageNumber;
    else if (pageNumber !== textViewPage.current) {
      textViewPage.current = pageNumber;
      textNavigator.current?.goToPage(pageNumber);
    }
  }, [view, pageNumber]);
  // Back from the text view, the page view shows the page the text view was on.
  const previousView = useRef(view);
  useEffect(() => {
    if (previousView.current === 'text' && view === 'pages' && api)
      api.viewer.scrollPageIntoView({ pageNumber: api.viewer.currentPageNumber });
    previousView.current = view;
  }, [view, api]);
  const toggleView = useCallback(
    () => updateSettings({ view: settings.view === 'text' ? 'pages' : 'text', textViewOffered: true }),
    [updateSettings, settings.view],
  );
  const changeTextSize = useCallback(
    (step: 1 | -1) => {
      const index = TEXT_SIZES_PX.indexOf(settings.textSize as (typeof TEXT_SIZES_PX)[number]);
      const next = TEXT_SIZES_PX[Math.min(TEXT_SIZES_PX.length - 1, Math.max(0, index + step))];
      updateSettings({ textSize: next });
    },
    [settings.textSize, updateSettings],
  );

  usePageHabits({ api, isReady, pageMode, isSpread });
  const progress = useReadingProgress({ pdf: api?.pdf ?? null, pageNumber, pagesCount, isActive: isReady });

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
  const getNextChapterPage = useNextChapterPage(api?.pdf ?? null);
  const readAloud = useReadAloud({
    pageNumber,
    pagesCount,
    getPageText,
    goToPage,
    getNextChapterPage,
    onEvent: props.onReadAloudEvent,
  });
  useReadAloudMarker({ readerRoot: rootElement, view, sentence: readAloud.sentence });

  const isDocked = isWide;
  const panels = useReaderPanels({ isDocked, rootElement });
  const { panel, panelProps, closePanelOnNarrow } = panels;

  const copyRemaining = copy?.budget ? remainingCopyCharacters(copy.budget) : null;
  const controls: TReaderControls = {
    title,
    backTo,
    backLabel,
    isReady,
    pageNumber,
    pagesCount,
    // In the text view the zoom is the text size (100% is the default 18 px).
    scale: view === 'text' ? settings.textSize / 18 : scale,
    canGoNext: pageNumber < pagesCount || !!afterLastPage,
    goToPage,
    nextPage,
    previousPage,
    zoomIn: () => (view === 'text' ? changeTextSize(1) : api?.viewer.increaseScale()),
    zoomOut: () => (view === 'text' ? changeTextSize(-1) : api?.viewer.decreaseScale()),
    fitWidth: () => {
      if (view === 'text') updateSettings({ textSize: 18 });
      else if (api) api.viewer.currentScaleValue = 'page-width';
    },
    panel,
    togglePanel: panels.togglePanel,
    theme,
    cycleTheme,
    canFullscreen: fullscreen.isSupported,
    isFullscreen: fullscreen.isFullscreen,
    toggleFullscreen: fullscreen.toggle,
    canBookmark: !!bookmarks,
    canAsk: !!props.renderAssistant,
    addBookmark,
    canHighlight: !!highlights,
    canReadAloud: readAloud.isSupported,
    isReadingAloud: readAloud.status !== 'idle',
    copyRemaining,
    hasMoreOptions: !!props.moreOptions,
    view,
    toggleView,
  };

  useReaderKeyboard({ controls, openSearch: panels.openSearch, isModalOpen: panels.isModalOpen });
  usePrintBlock();
  useCopyProtection(containerRef, copy);
  useTapZones(containerRef, { nextPage, previousPage });
  useSwipe(containerRef, { nextPage, previousPage });

  usePageInUrl({ isReady, pageNumber, pagesCount, onPageChange: props.onPageChange });

  const onOutlineSelect = useCallback(
    (entry: TOutlineEntry) => {
      if (!api) return;
      // The text view goes by page; the page view by the exact destination (a place on the page).
      if (view === 'text' && entry.page !== null) goToPage(entry.page);
      else if (entry.dest !== null) void api.linkService.goToDestination(entry.dest as string | unknown[]);
      else if (entry.page !== null) goToPage(entry.page);
      closePanelOnNarrow();
    },
    [api, view, goToPage, closePanelOnNarrow],
  );
  const isTextViewOffered =
    !isWide && areSettingsLoaded && isReady && !settings.textViewOffered && settings.view === 'pages';

  return (
    <div
      ref={setRootElement}
      className="reader-root fixed inset-0 z-[45] flex flex-col bg-background text-foreground"
      data-reader-theme={theme}
    >
      {isWide ? <WideToolbar controls={controls} /> : <NarrowTopBar controls={controls} />}
      <div className="relative min-h-0 flex-1">
        {/* biome-ignore lint/a11y/useSemanticElements: pdf.js's PDFViewer refuses a container that is not a <div>, so the region is a role. */}
        <div
          ref={containerRef}
          className="reader-scroll absolute inset-0 overflow-auto outline-none"
          style={panels.dockedOffsets}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the pages scroll here, and a scrollable region must take focus so the keyboard can scroll it.
          tabIndex={0}
          role="region"
          aria-label="Book pages"
          onContextMenu={(event) => event.preventDefault()}
          // Under the text view the pages keep following its page, out of reach of focus and touch.
          inert={view === 'text'}
        >
          <div ref={viewerRef} className="pdfViewer" />
          {afterLastPage && isReady && (
            <div ref={endRef} data-no-tap-zone className="px-4 pb-10">
              {afterLastPage}
            </div>
          )}
        </div>
        {view === 'text' && api && (
          <TextView
            pdf={api.pdf}
            pagesCount={pagesCount}
            startPage={pageNumber}
            settings={settings}
            watermarkText={stampText}
            onPageChange={onTextPageChange}
            navigatorRef={textNavigator}
            copy={copy}
          />
        )}
        {highlights && isReady && <ReaderHighlights readerRoot={rootElement} view={view} highlights={highlights} />}
        {watermark?.loanId && isReady && <WatermarkPatternLayer loanId={watermark.loanId} theme={theme} />}
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
        {isTextViewOffered && (
          <div className="pointer-events-none absolute inset-x-0 bottom-3 z-10 flex justify-center px-3">
            <TextViewOffer
              onAccept={() => updateSettings({ view: 'text', textViewOffered: true })}
              onDismiss={() => updateSettings({ textViewOffered: true })}
            />
          </div>
        )}
        {isWide && copyRemaining !== null && (
          <CopyAllowance
            remaining={copyRemaining}
            className="pointer-events-none absolute bottom-2 left-2 rounded bg-background/85 px-2 py-1 text-xs text-muted-foreground shadow-sm"
          />
        )}
      </div>
      {props.status}
      {progress && isReady && <ReadingProgressBar progress={progress} />}
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
      {highlights && (
        <ReaderPanel {...panelProps('highlights')} side="right" title="Highlights and notes">
          <HighlightsPanelBody
            bookId={highlights.bookId}
            highlights={highlights}
            onOpen={(item) => {
              goToPage(item.page);
              closePanelOnNarrow();
            }}
          />
        </ReaderPanel>
      )}
      {props.renderAssistant && (
        <ReaderPanel {...panelProps('assistant')} side="right" title="Ask this book">
          {props.renderAssistant((page) => {
            goToPage(page);
            closePanelOnNarrow();
          })}
        </ReaderPanel>
      )}
      {readAloud.isSupported && (
        <ReaderPanel {...panelProps('read-aloud')} side="right" title="Read aloud">
          <ReadAloudPanelBody readAloud={readAloud} pageNumber={pageNumber} />
        </ReaderPanel>
      )}
      <ReaderPanel {...panelProps('display')} side={isWide ? 'right' : 'bottom'} title="Display">
        <DisplayPanelBody
          settings={settings}
          update={updateSettings}
          theme={theme}
          setTheme={setTheme}
          isWide={isWide}
        />
      </ReaderPanel>
      {!isWide && (
        <ReaderPanel {...panelProps('more')} side="bottom" title="More options">
          <MorePanelBody controls={controls} onDone={panels.closePanel} extra={props.moreOptions} />
        </ReaderPanel>
      )}
      {isWide && props.moreOptions && (
        <ReaderPanel {...panelProps('more')} side="right" title="More options">
          <div className="p-2">{props.moreOptions}</div>
        </ReaderPanel>
      )}
      <ShortcutsDialog
        open={panel === 'help'}
        onOpenChange={panelProps('help').onOpenChange}
        container={rootElement}
        hiddenActions={[
          ...(bookmarks ? [] : (['add-bookmark'] as const)),
          ...(fullscreen.isSupported ? [] : (['fullscreen'] as const)),
        ]}
      />
    </div>
  );
}
