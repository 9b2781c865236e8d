/**
 * The /offline page's reads: the books stored on this browser, unfinished downloads and the storage
 * summary. They read IndexedDB or the browser's storage manager only, so they work with no network and
 * run in TanStack Query's 'always' network mode instead of pausing while offline. Covers come from the
 * API (and the service worker's cache once seen).
 */
import { queryOptions } from '@tanstack/react-query';
import { api, apiHref, encodeParams } from '@web/lib/api';
import { readBrowserDevice } from '@web/storage/device-store';
import { listOfflineBooks, listPartialDownloadsOf, storageSummary } from './offline-engine';

export const offlineKeys = {
  all: ['offline'] as const,
  books: (userId: string | null) => [...offlineKeys.all, 'books', userId] as const,
  partial: (userId: string | null) => [...offlineKeys.all, 'partial', userId] as const,
  storage: ['offline', 'storage'] as const,
};

/**
 * Which server device this browser is for a user (read from IndexedDB, so knowing it costs no request).
 * Offline downloads need it, and the Devices page marks this browser's row with it. The offline engine
 * changes the registration (register, wipe), so it invalidates `thisBrowserDeviceKeys.all`.
 */
export const thisBrowserDeviceKeys = {
  all: ['devices', 'this-browser'] as const,
  of: (userId: string | null) => [...thisBrowserDeviceKeys.all, userId] as const,
};

/** The server's id of this browser's device for the user, or null when this browser never registered its key. */
export function thisBrowserDeviceQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: thisBrowserDeviceKeys.of(userId),
    queryFn: async () => (userId ? ((await readBrowserDevice(userId)) ?? null) : null),
    enabled: userId !== null,
    // IndexedDB answers with or without a network.
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

export function offlineBooksQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: offlineKeys.books(userId),
    queryFn: () => (userId ? listOfflineBooks(userId) : Promise.resolve([])),
    enabled: userId !== null,
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

export function partialDownloadsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: offlineKeys.partial(userId),
    queryFn: () => (userId ? listPartialDownloadsOf(userId) : Promise.resolve([])),
    enabled: userId !== null,
    networkMode: 'always',
    staleTime: 0,
    retry: false,
  });
}

export const storageSummaryQueryOptions = queryOptions({
  queryKey: offlineKeys.storage,
  queryFn: () => storageSummary(),
  networkMode: 'always',
  staleTime: 0,
  retry: false,
});

/** Covers to try in order: the book's stored cover, then its generated one (both cached by the service worker once seen). */
export function bookCoverUrls(bookId: string): string[] {
  const param = encodeParams({ idOrSlug: bookId });
  const book = api.books[':idOrSlug'];
  return [apiHref(book.cover.$path({ param })), apiHref(book['cover.svg'].$path({ param }))];
}
