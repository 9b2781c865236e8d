/**
 * Test support: an in-memory stand-in for the offline engine surface (offline-engine.ts), with the
 * engine's own types, so screen tests drive download states, stored books and storage without
 * IndexedDB or the network. Use with
 * `vi.mock('@web/features/offline/offline-engine', () => import('@web/features/offline/fake-offline-engine'))`
 * and call `fakeEngine.reset()` before each test.
 */
import { vi } from 'vitest';
import { forgetBrowserDevice } from '@web/storage/device-store';
import type { TDownloadState, TOfflineBook, TPartialOfflineBook, TStorageSummary } from './engine';

export type {
  TDownloadState,
  TDownloadStatus,
  TOfflineBook,
  TOfflineBookStatus,
  TPartialOfflineBook,
  TStorageSummary,
} from './engine';

const IDLE: TDownloadState = Object.freeze({ status: 'idle', receivedBytes: 0, totalBytes: 0, error: null });

const states = new Map<string, TDownloadState>();
const listeners = new Set<(bookId: string | null, state: TDownloadState | null) => void>();
let books: TOfflineBook[] = [];
let partials: TPartialOfflineBook[] = [];
let summary: TStorageSummary = { usage: 0, quota: 0, persisted: false };
let registered = false;
let storedRevision = 0;

function notify(bookId: string | null) {
  if (bookId === null) storedRevision += 1;
  for (const listener of [...listeners]) listener(bookId, bookId ? (states.get(bookId) ?? IDLE) : null);
}

export const downloadManager = {
  start: vi.fn(async (bookId: string, _options?: { userId?: string }) => states.get(bookId) ?? IDLE),
  cancel: vi.fn(async (_bookId: string) => undefined),
  remove: vi.fn(async (bookId: string, _options?: { userId?: string }) => {
    books = books.filter((book) => book.bookId !== bookId);
    states.delete(bookId);
    notify(null);
  }),
  renew: vi.fn(async (_bookId: string, _options?: { userId?: string }) => ({
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  })),
  subscribe(listener: (bookId: string | null, state: TDownloadState | null) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getState(bookId: string): TDownloadState {
    return states.get(bookId) ?? IDLE;
  },
  statusSnapshot() {
    const statuses: Record<string, TDownloadState['status']> = {};
    for (const [bookId, state] of states) statuses[bookId] = state.status;
    return { statuses, storedRevision };
  },
};

export const registerThisDeviceForOffline = vi.fn(async (_options: { userId: string; name?: string }) => {
  registered = true;
});
export const isThisDeviceOfflineRegistered = vi.fn(async (_userId: string) => registered);
export const defaultDeviceName = vi.fn((_userAgent?: string) => 'Chrome on Linux');
export const listOfflineBooks = vi.fn(async (_userId: string) => books);
export const listPartialDownloadsOf = vi.fn(async (_userId: string) => partials);
export const storageSummary = vi.fn(async () => summary);
/** Like the engine's: deletes the downloads and forgets this browser's device registration. */
export const wipeThisDeviceDownloads = vi.fn(async (userId: string) => {
  await forgetBrowserDevice(userId);
  books = [];
  partials = [];
  states.clear();
  registered = false;
  notify(null);
});

export const fakeEngine = {
  /** Sets one book's live download state and tells the subscribers, as the manager does. */
  setState(bookId: string, state: Partial<TDownloadState>) {
    states.set(bookId, { ...IDLE, ...state });
    notify(bookId);
  },
  setBooks(next: TOfflineBook[]) {
    books = next;
    notify(null);
  },
  setPartials(next: TPartialOfflineBook[]) {
    partials = next;
    notify(null);
  },
  setStorage(next: TStorageSummary) {
    summary = next;
  },
  setRegistered(value: boolean) {
    registered = value;
  },
  reset() {
    states.clear();
    listeners.clear();
    books = [];
    partials = [];
    summary = { usage: 0, quota: 0, persisted: false };
    registered = false;
    storedRevision = 0;
    vi.clearAllMocks();
  },
};

export function makeOfflineBook(overrides: Partial<TOfflineBook> = {}): TOfflineBook {
  return {
    bookId: 'book-1',
    title: 'Deep Work',
    slug: 'deep-work',
    version: 1,
    sizeBytes: 2_621_440,
    expiresAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    licenseId: '22222222-2222-4222-8222-222222222222',
    status: 'active',
    renewalCount: 0,
    renewalError: null,
    downloadedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
