/** Fixtures of the library, progress, bookmark and reading-stats answers for the web tests. */
import type { TBookmarkListItem, TLibraryItem, TLibraryList, TProgressSummary, TReadingStats } from '@shared/progress';

export function makeLibraryItem(overrides: Partial<TLibraryItem> = {}): TLibraryItem {
  const bookId = overrides.bookId ?? 'book-1';
  return {
    bookId,
    title: 'Deep Work',
    slug: `slug-${bookId}`,
    author: 'Cal Newport',
    coverImageUrl: null,
    requiredTier: 'trial',
    canOpen: true,
    inLibrary: true,
    addedAt: '2026-03-01T10:00:00.000Z',
    selected: false,
    selectedAt: null,
    lockedUntil: null,
    status: 'not_started',
    progress: null,
    completedAt: null,
    ...overrides,
  };
}

export function makeLibraryList(items: TLibraryItem[], counts: Partial<TLibraryList['counts']> = {}): TLibraryList {
  return {
    items,
    total: items.length,
    page: 1,
    limit: 100,
    counts: {
      all: items.length,
      in_progress: items.filter((item) => item.status === 'in_progress').length,
      finished: items.filter((item) => item.status === 'finished').length,
      selected: items.filter((item) => item.selected).length,
      ...counts,
    },
  };
}

export function makeProgressSummary(overrides: Partial<TProgressSummary> = {}): TProgressSummary {
  const bookId = overrides.bookId ?? 'book-1';
  return {
    bookId,
    title: 'Deep Work',
    slug: `slug-${bookId}`,
    author: 'Cal Newport',
    coverImageUrl: null,
    status: 'in_progress',
    canOpen: true,
    currentPage: 30,
    totalPages: 300,
    progressPercentage: 10,
    furthestPage: 30,
    lastReadAt: '2026-03-02T10:00:00.000Z',
    completedAt: null,
    hlc: null,
    deviceId: null,
    deviceName: null,
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeReadingStats(overrides: Partial<TReadingStats> = {}): TReadingStats {
  return {
    booksInLibrary: 4,
    inProgress: 2,
    finished: 1,
    selected: 3,
    pagesRead: 412,
    timeReadMs: (3 * 60 + 25) * 60_000,
    listenedMs: 0,
    sessions: 9,
    lastReadAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function makeRecentBookmark(overrides: Partial<TBookmarkListItem> = {}): TBookmarkListItem {
  return {
    id: 'bm-1',
    bookId: 'book-1',
    bookTitle: 'Deep Work',
    bookSlug: 'deep-work',
    page: 42,
    note: 'Rule #1: work deeply',
    hlc: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}
