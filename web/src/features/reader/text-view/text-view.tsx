/**
 * The text view (docs/product/reader.md#text-view): the book's own text, reflowed in the browser from
 * the decrypted document pdf.js already holds (so it works offline and the server never serves plain
 * text), set in the reader's text size, font, line spacing and margins. It shows a window of pages
 * around the reader and grows it as they scroll, keeping what is on screen still; every part of a
 * paragraph remembers its page, so the page on screen (reported to the shell, which keeps the page
 * view, the saved position, bookmarks and progress on it) stays in the book's page numbers.
 * The copy guard, the tap zones and the swipe work here as over the pages; the watermark runs in the
 * view's top and bottom margins and the screenshot pattern lies over it (reader-shell).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Spinner } from '@web/components/ui/spinner';
import { clampPage } from '../page-number';
import { useSwipe } from '../page-modes/use-swipe';
import type { TReaderSettings } from '../reader-settings';
import { type TCopyFeature, useCopyProtection } from '@web/lib/use-copy-protection';
import { useTapZones } from '../use-tap-zones';
import { reflowPages, type TPageTextInput, type TReflowBlock } from './reflow';
import { textViewStyle } from './text-style';

export interface TTextNavigator {
  goToPage(page: number): void;
  /** Scrolls one screen on (1) or back (-1). */
  scrollScreen(direction: 1 | -1): void;
}

export interface TextViewProps {
  pdf: PDFDocumentProxy;
  pagesCount: number;
  /** Page shown first. */
  startPage: number;
  settings: Pick<TReaderSettings, 'textSize' | 'textFont' | 'lineSpacing' | 'textMargins'>;
  watermarkText: string | null;
  onPageChange: (page: number) => void;
  navigatorRef: RefObject<TTextNavigator | null>;
  copy?: TCopyFeature;
}

/** Pages read before the start page and after it on opening; pages added at a time; most pages held. */
const PAGES_BEFORE = 1;
const PAGES_AFTER = 6;
const PAGES_STEP = 6;
const MAX_PAGES = 48;
const PAGE_REPORT_DELAY_MS = 150;

const pageTexts = new WeakMap<PDFDocumentProxy, Map<number, Promise<unknown[]>>>();

function textOfPage(pdf: PDFDocumentProxy, page: number): Promise<unknown[]> {
  let pages = pageTexts.get(pdf);
  if (!pages) {
    pages = new Map();
    pageTexts.set(pdf, pages);
  }
  let text = pages.get(page);
  if (!text) {
    text = pdf
      .getPage(page)
      .then((pdfPage) => pdfPage.getTextContent())
      .then((content) => content.items as unknown[]);
    // A failed read (a chunk that could not be fetched) is tried again next time.
    text.catch(() => pages.delete(page));
    pages.set(page, text);
  }
  return text;
}

interface TWindow {
  first: number;
  last: number;
  inputs: TPageTextInput[];
}

type TScrollIntent = { kind: 'page'; page: number } | { kind: 'anchor'; key: string; offset: number } | null;

export function TextView({
  pdf,
  pagesCount,
  startPage,
  settings,
  watermarkText,
  onPageChange,
  navigatorRef,
  copy,
}: TextViewProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [textWindow, setTextWindow] = useState<TWindow | null>(null);
  const [failed, setFailed] = useState(false);
  const loadingRef = useRef(false);
  const scrollIntent = useRef<TScrollIntent>({ kind: 'page', page: clampPage(startPage, pagesCount) });
  const reportedPage = useRef(clampPage(startPage, pagesCount));
  const onPageChangeRef = useRef(onPageChange);
  onPageChangeRef.current = onPageChange;

  const load = useCallback(
    async (first: number, last: number, intent: TScrollIntent) => {
      loadingRef.current = true;
      try {
        const pages = Array.from({ length: last - first + 1 }, (_, index) => first + index);
        const items = await Promise.all(pages.map((page) => textOfPage(pdf, page)));
        scrollIntent.current = intent ?? anchorOf(scrollRef.current);
        setTextWindow({ first, last, inputs: pages.map((page, index) => ({ page, items: items[index] })) });
        setFailed(false);
      } catch {
        setFailed(true);
      } finally {
        loadingRef.current = false;
      }
    },
    [pdf],
  );

  const opening = useRef({ startPage, pagesCount });
  useEffect(() => {
    // Only on opening (and for another document): later moves go through the navigator.
    const page = clampPage(opening.current.startPage, opening.current.pagesCount);
    const last = Math.min(opening.current.pagesCount, page + PAGES_AFTER);
    void load(Math.max(1, page - PAGES_BEFORE), last, { kind: 'page', page });
  }, [load]);

  const layout = useMemo(() => (textWindow ? layoutBlocks(reflowPages(textWindow.inputs).blocks) : []), [textWindow]);

  // After each new window: back to the page asked for, or keep what was on screen where it was.
  useLayoutEffect(() => {
    const container = scrollRef.current;
    const intent = scrollIntent.current;
    if (!container || !textWindow || !intent) return;
    scrollIntent.current = null;
    if (intent.kind === 'page') {
      const target = container.querySelector<HTMLElement>(`[data-page="${intent.page}"]`);
      if (target) container.scrollTop += target.getBoundingClientRect().top - container.getBoundingClientRect().top;
      return;
    }
    const target = container.querySelector<HTMLElement>(`[data-run="${intent.key}"]`);
    if (target) {
      const offset = target.getBoundingClientRect().top - container.getBoundingClientRect().top;
      container.scrollTop += offset - intent.offset;
    }
  }, [textWindow]);

  const goToPage = useCallback(
    (page: number) => {
      const target = clampPage(page, pagesCount);
      const container = scrollRef.current;
      const marker = container?.querySelector<HTMLElement>(`[data-page="${target}"]`);
      if (container && marker) {
        container.scrollTop += marker.getBoundingClientRect().top - container.getBoundingClientRect().top;
        return;
      }
      void load(Math.max(1, target - PAGES_BEFORE), Math.min(pagesCount, target + PAGES_AFTER), {
        kind: 'page',
        page: target,
      });
    },
    [load, pagesCount],
  );
  const scrollScreen = useCallback((direction: 1 | -1) => {
    const container = scrollRef.current;
    if (!container) return;
    // One screen less a line, so the last line read stays in sight.
    const lineHeight = Number.parseFloat(getComputedStyle(container.firstElementChild ?? container).lineHeight) || 24;
    container.scrollBy({ top: direction * (container.clientHeight - lineHeight * 1.5), behavior: 'auto' });
  }, []);
  useEffect(() => {
    navigatorRef.current = { goToPage, scrollScreen };
    return () => {
      navigatorRef.current = null;
    };
  }, [navigatorRef, goToPage, scrollScreen]);

  // The page on screen, and more pages when the reader nears either end of the window.
  useEffect(() => {
    const container = scrollRef.current;
    if (!container || !textWindow) return;
    let frame = 0;
    let reportTimer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        anchorRef.current = readingAnchorOf(container);
        const page = pageAtTop(container);
        if (page !== null && page !== reportedPage.current) {
          reportedPage.current = page;
          clearTimeout(reportTimer);
          reportTimer = setTimeout(() => onPageChangeRef.current(page), PAGE_REPORT_DELAY_MS);
        }
        if (loadingRef.current) return;
        const { first, last } = textWindow;
        const nearEnd = container.scrollTop + container.clientHeight * 2.5 > container.scrollHeight;
        const nearStart = container.scrollTop < container.clientHeight * 1.5;
        if (nearEnd && last < pagesCount) {
          const nextLast = Math.min(pagesCount, last + PAGES_STEP);
          void load(Math.max(first, nextLast - MAX_PAGES + 1), nextLast, null);
        } else if (nearStart && first > 1) {
          const nextFirst = Math.max(1, first - PAGES_STEP);
          void load(nextFirst, Math.min(last, nextFirst + MAX_PAGES - 1), null);
        }
      });
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      container.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      clearTimeout(reportTimer);
    };
  }, [textWindow, load, pagesCount]);

  // A new size, font, spacing or margin reflows every line: the words at the top stay at the top.
  const anchorRef = useRef<{ key: string; fraction: number } | null>(null);
  const { textSize, textFont, lineSpacing, textMargins } = settings;
  const typeKey = `${textSize}|${textFont}|${lineSpacing}|${textMargins}`;
  const lastTypeKey = useRef(typeKey);
  useLayoutEffect(() => {
    if (lastTypeKey.current === typeKey) return;
    lastTypeKey.current = typeKey;
    const container = scrollRef.current;
    const anchor = anchorRef.current;
    if (!container || !anchor) return;
    const run = container.querySelector<HTMLElement>(`[data-run="${anchor.key}"]`);
    if (!run) return;
    const rect = run.getBoundingClientRect();
    container.scrollTop += rect.top + anchor.fraction * rect.height - container.getBoundingClientRect().top;
  }, [typeKey]);

  useCopyProtection(scrollRef, copy);
  const turns = useMemo(
    () => ({ nextPage: () => scrollScreen(1), previousPage: () => scrollScreen(-1) }),
    [scrollScreen],
  );
  useTapZones(scrollRef, turns);
  useSwipe(scrollRef, turns);

  const style = textViewStyle(settings);
  return (
    <div className="text-view absolute inset-0 z-[5] flex flex-col bg-[var(--reader-page-bg)] text-foreground">
      {watermarkText && (
        <div aria-hidden="true" className="text-view-mark" data-testid="text-view-watermark">
          {watermarkText}
        </div>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: the scrolling text is a labelled region like the pages; a <section> would add nothing. */}
      <div
        ref={scrollRef}
        className="text-view-scroll min-h-0 flex-1 overflow-y-auto outline-none"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls here, and a scrollable region must take focus so the keyboard can scroll it.
        tabIndex={0}
        role="region"
        aria-label="Book text"
        data-testid="text-view"
        onContextMenu={(event) => event.preventDefault()}
      >
        <article className="text-view-article relative mx-auto" style={style}>
          {textWindow && textWindow.first > 1 && <p className="text-view-more">Earlier pages load as you scroll up.</p>}
          {layout.map(({ block, runKeys, pageStarts }) => (
            <TextBlock key={runKeys[0]} block={block} runKeys={runKeys} pageStarts={pageStarts} />
          ))}
          {!textWindow && !failed && <Spinner label="Setting the text..." className="py-16" />}
          {failed && (
            <p role="alert" className="py-8 text-base">
              The text could not be read. Please check your connection, or switch to the page view.
            </p>
          )}
          {textWindow && textWindow.last < pagesCount && (
            <p className="text-view-more" aria-hidden="true">
              …
            </p>
          )}
        </article>
      </div>
      {watermarkText && (
        <div aria-hidden="true" className="text-view-mark" data-testid="text-view-watermark-bottom">
          {watermarkText}
        </div>
      )}
    </div>
  );
}

interface TBlockLayout {
  block: TReflowBlock;
  /** Each run's key: its page and its place among that page's runs, stable while the window grows. */
  runKeys: string[];
  /** Whether each run is the first text of its page (where the page number goes). */
  pageStarts: boolean[];
}

function layoutBlocks(blocks: readonly TReflowBlock[]): TBlockLayout[] {
  const runsPerPage = new Map<number, number>();
  let lastPage = 0;
  return blocks.map((block) => {
    const runKeys: string[] = [];
    const pageStarts: boolean[] = [];
    for (const run of block.runs) {
      const count = runsPerPage.get(run.page) ?? 0;
      runsPerPage.set(run.page, count + 1);
      runKeys.push(`${run.page}:${count}`);
      pageStarts.push(run.page !== lastPage);
      lastPage = run.page;
    }
    return { block, runKeys, pageStarts };
  });
}

function TextBlock({ block, runKeys, pageStarts }: Omit<TBlockLayout, 'block'> & { block: TReflowBlock }) {
  const page = block.runs[0].page;
  if (block.kind === 'blank') {
    return (
      <p className="text-view-blank" data-page={page} data-run={runKeys[0]}>
        <PageStart page={page} />
        {block.reason === 'unreadable'
          ? `The text of page ${page} cannot be shown here. Switch to the page view to read it.`
          : `Page ${page} has no text (a picture or a blank page).`}
      </p>
    );
  }
  const runs = block.runs.map((run, index) => (
    <span key={runKeys[index]} data-run={runKeys[index]} data-page={run.page}>
      {pageStarts[index] && <PageStart page={run.page} />}
      {run.text}
    </span>
  ));
  if (block.kind === 'heading') {
    return block.level === 2 ? (
      <h2 className="text-view-heading">{runs}</h2>
    ) : (
      <h3 className="text-view-heading">{runs}</h3>
    );
  }
  return <p className="text-view-paragraph">{runs}</p>;
}

/** Where a page starts: its number in the margin (hidden from screen readers, who have the page field). */
function PageStart({ page }: { page: number }) {
  return (
    <span className="text-view-page-marker" aria-hidden="true">
      {page}
    </span>
  );
}

/** Where the reader is: the run at the top of the view and how far into it the top edge falls. */
function readingAnchorOf(container: HTMLElement): { key: string; fraction: number } | null {
  const run = runAtTop(container);
  if (!run?.dataset.run) return null;
  const rect = run.getBoundingClientRect();
  const top = container.getBoundingClientRect().top;
  return { key: run.dataset.run, fraction: Math.max(0, (top - rect.top) / Math.max(1, rect.height)) };
}

function anchorOf(container: HTMLElement | null): TScrollIntent {
  if (!container) return null;
  const run = runAtTop(container);
  if (!run?.dataset.run) return null;
  return {
    kind: 'anchor',
    key: run.dataset.run,
    offset: run.getBoundingClientRect().top - container.getBoundingClientRect().top,
  };
}

/** The first run still showing at the top of the view (binary search: runs are in reading order). */
function runAtTop(container: HTMLElement): HTMLElement | null {
  const runs = container.querySelectorAll<HTMLElement>('[data-run]');
  const top = container.getBoundingClientRect().top + 4;
  let low = 0;
  let high = runs.length - 1;
  let found: HTMLElement | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (runs[middle].getBoundingClientRect().bottom > top) {
      found = runs[middle];
      high = middle - 1;
    } else low = middle + 1;
  }
  return found;
}

function pageAtTop(container: HTMLElement): number | null {
  let run = runAtTop(container);
  // A page that starts on the top line, after the last words of the page before: the screen is its.
  const lines = run?.getClientRects();
  const lastLine = lines?.[lines.length - 1];
  if (run && lastLine && lines && lines.length > 0 && lastLine.top <= container.getBoundingClientRect().top + 4) {
    const next = nextRun(container, run);
    if (next) run = next;
  }
  const page = Number(run?.dataset.page);
  return Number.isInteger(page) && page > 0 ? page : null;
}

function nextRun(container: HTMLElement, run: HTMLElement): HTMLElement | null {
  const runs = Array.from(container.querySelectorAll<HTMLElement>('[data-run]'));
  return runs[runs.indexOf(run) + 1] ?? null;
}
