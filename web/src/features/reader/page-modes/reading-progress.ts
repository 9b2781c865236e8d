/**
 * Progress through the book and the current chapter, and the time left in each from the reader's own
 * speed (docs/product/reader.md#progress-and-time-left). Chapters are the top level of the book's
 * outline; a book without one is a single chapter. Pure: the hook around it is use-reading-progress.
 */
import type { TOutlineEntry } from '../outline';

export interface TChapterBounds {
  title: string | null;
  /** First and last page of the chapter being read (1-based, inclusive). */
  first: number;
  last: number;
}

export function chapterBounds(outline: readonly TOutlineEntry[], page: number, pagesCount: number): TChapterBounds {
  const starts = outline
    .filter((entry): entry is TOutlineEntry & { page: number } => entry.page !== null)
    .map((entry) => ({ title: entry.title, page: entry.page }))
    .sort((a, b) => a.page - b.page);
  let current: { title: string | null; page: number } = { title: null, page: 1 };
  let next: number | null = null;
  for (const start of starts) {
    if (start.page <= page) current = start;
    else {
      next = start.page;
      break;
    }
  }
  return {
    title: current.title,
    first: current.page,
    last: next === null ? pagesCount : Math.max(current.page, next - 1),
  };
}

export interface TReadingProgress {
  /** Whole percent of the book read, counting the page on screen as read. */
  percent: number;
  chapter: TChapterBounds;
  /** Pages after this one, to the end of the chapter and of the book. */
  pagesLeftInChapter: number;
  pagesLeftInBook: number;
  /** Seconds; null until the reader's speed is known. */
  secondsLeftInChapter: number | null;
  secondsLeftInBook: number | null;
}

export function readingProgress(options: {
  page: number;
  pagesCount: number;
  outline: readonly TOutlineEntry[];
  secondsPerPage: number | null;
}): TReadingProgress {
  const { page, pagesCount, outline, secondsPerPage } = options;
  const safeCount = Math.max(1, pagesCount);
  const chapter = chapterBounds(outline, page, safeCount);
  const pagesLeftInChapter = Math.max(0, chapter.last - page);
  const pagesLeftInBook = Math.max(0, safeCount - page);
  // The page on screen is half read on average.
  const secondsFor = (pages: number) => (secondsPerPage === null ? null : (pages + 0.5) * secondsPerPage);
  return {
    percent: Math.min(100, Math.max(0, Math.round((page / safeCount) * 100))),
    chapter,
    pagesLeftInChapter,
    pagesLeftInBook,
    secondsLeftInChapter: secondsFor(pagesLeftInChapter),
    secondsLeftInBook: secondsFor(pagesLeftInBook),
  };
}

/** "under a minute", "6 min", "1 h 5 min", "12 h". */
export function formatTimeLeft(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours >= 10 || rest === 0) return `${hours} h`;
  return `${hours} h ${rest} min`;
}
