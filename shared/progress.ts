/**
 * The reader's shelf as the API answers it (docs/API.md: sync, progress, library): reading position,
 * bookmarks, library rows, reading statistics and the sync answer, plus the small pure rules both
 * sides share (percentage, finished or in progress, which book to continue). Times are ISO 8601 UTC.
 */
import type { TBookTier } from './tiers';

export interface TReadingProgress {
  bookId: string;
  /** Last position (last writer wins across devices). */
  currentPage: number;
  totalPages: number | null;
  /** Position as a percentage of the book (0-100, one decimal). */
  progressPercentage: number;
  /** The furthest page ever reached on any device. */
  furthestPage: number;
  lastReadAt: string | null;
  /** When the reader first reached the last page (or marked the book finished). */
  completedAt: string | null;
  /** HLC stamp of the change that set currentPage. */
  hlc: string | null;
  /** The device (or browser) that made that change, and its name when it is a registered device. */
  deviceId: string | null;
  deviceName: string | null;
  updatedAt: string;
}

/** GET /api/progress item: a position with the book it belongs to. */
export interface TProgressSummary extends TReadingProgress {
  title: string;
  slug: string;
  author: string;
  coverImageUrl: string | null;
  status: TReadingStatus;
  /** The reader may open it now (the rule of POST /api/loans); "Continue reading" is offered only then. */
  canOpen: boolean;
}

export interface TProgressList {
  items: TProgressSummary[];
}

export interface TBookmark {
  id: string;
  bookId: string;
  page: number;
  note: string | null;
  hlc: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/bookmarks item: carries its book's title so lists across books need no second call. */
export interface TBookmarkListItem extends TBookmark {
  bookTitle: string;
  bookSlug: string;
}

export interface TBookmarkList {
  items: TBookmarkListItem[];
  total: number;
  page: number;
  limit: number;
}

export const READING_STATUSES = ['not_started', 'in_progress', 'finished'] as const;
export type TReadingStatus = (typeof READING_STATUSES)[number];

export const LIBRARY_FILTERS = ['in_progress', 'finished', 'selected', 'all'] as const;
export type TLibraryFilter = (typeof LIBRARY_FILTERS)[number];

export interface TLibraryItem {
  bookId: string;
  title: string;
  slug: string;
  author: string;
  coverImageUrl: string | null;
  requiredTier: TBookTier;
  /** The reader may open it now (the rule of POST /api/loans); screens offer reading only then. */
  canOpen: boolean;
  /** Added to the shelf with POST /api/library. */
  inLibrary: boolean;
  addedAt: string | null;
  /** An active pick (trial or Basic). */
  selected: boolean;
  selectedAt: string | null;
  lockedUntil: string | null;
  status: TReadingStatus;
  progress: {
    currentPage: number;
    totalPages: number | null;
    progressPercentage: number;
    furthestPage: number;
    lastReadAt: string | null;
  } | null;
  completedAt: string | null;
}

export interface TLibraryList {
  items: TLibraryItem[];
  total: number;
  page: number;
  limit: number;
  /** How many books each filter holds, for the filter tabs. */
  counts: Record<TLibraryFilter, number>;
}

/** POST /api/library answer. */
export interface TLibraryEntry {
  bookId: string;
  inLibrary: true;
  addedAt: string;
}

/** GET /api/library/stats: the dashboard's reading figures, from positions and reading snapshots. */
export interface TReadingStats {
  booksInLibrary: number;
  inProgress: number;
  finished: number;
  selected: number;
  /** Sum of the furthest page reached in every book. */
  pagesRead: number;
  /** Reading time from ended reading sessions. */
  timeReadMs: number;
  /** Read-aloud time. */
  listenedMs: number;
  sessions: number;
  lastReadAt: string | null;
}

export interface TSyncRejection {
  id: string;
  reason: string;
}

/** POST /api/sync answer. */
export interface TSyncResponse {
  /** Mutation ids the server has applied (now or before: re-sent ids are listed again). */
  applied: string[];
  rejected: TSyncRejection[];
  /** The merged state of every book a position or bookmark mutation in the batch touched. */
  state: {
    progress: Record<string, TReadingProgress>;
    bookmarks: Record<string, TBookmark[]>;
  };
  serverTime: string;
}

/** Position as a percentage of the book, one decimal, within 0-100; 0 when the length is unknown. */
export function progressPercentage(page: number, totalPages: number | null | undefined): number {
  if (!totalPages || totalPages <= 0) return 0;
  const ratio = Math.min(Math.max(page / totalPages, 0), 1);
  return Math.round(ratio * 1000) / 10;
}

/** Finished once completed (last page reached or marked); in progress once any page was read. */
export function readingStatus(
  input: { completedAt: string | Date | number | null; furthestPage: number | null } | null,
): TReadingStatus {
  if (!input) return 'not_started';
  if (input.completedAt !== null) return 'finished';
  return (input.furthestPage ?? 0) >= 1 ? 'in_progress' : 'not_started';
}

/** Whether a reader reaching `page` has finished a book of `totalPages`. */
export function reachesEnd(page: number, totalPages: number | null | undefined): boolean {
  return !!totalPages && totalPages > 0 && page >= totalPages;
}

/** "Continue where you left off": the most recently read book that is not finished. */
export function pickContinueReading<T extends { status: TReadingStatus; lastReadAt: string | null }>(
  items: readonly T[],
): T | null {
  let best: T | null = null;
  for (const item of items) {
    if (item.status !== 'in_progress') continue;
    if (!best || (item.lastReadAt ?? '') > (best.lastReadAt ?? '')) best = item;
  }
  return best;
}
