/**
 * What the reader should see while changes are still in the outbox: the server's answer with this
 * device's pending changes merged in by the same rules the server applies (shared/sync.ts), so an
 * offline bookmark or page turn shows at once and never flickers away when an older answer arrives.
 */
import { progressPercentage, type TBookmark, type TReadingProgress } from '@shared/progress';
import {
  mergeBookmarkSets,
  mergePosition,
  visibleBookmarks,
  type TBookmarkValue,
  type TPositionValue,
} from '@shared/sync';
import type { TBookmarkDeletePayload, TBookmarkUpsertPayload, TProgressSetPayload } from '@shared/sync.schemas';
import type { TOutboxEntry } from '@web/storage/db';

const iso = (ms: number) => new Date(ms).toISOString();

/** The newest pending position change for a book, if any. */
export function pendingPosition(
  pending: readonly TOutboxEntry[],
  bookId: string,
): (TPositionValue & { createdAt: number }) | null {
  let latest: (TPositionValue & { createdAt: number }) | null = null;
  for (const entry of pending) {
    if (entry.type !== 'progress.set') continue;
    const payload = entry.payload as TProgressSetPayload;
    if (payload.bookId !== bookId) continue;
    const value = {
      page: payload.page,
      totalPages: payload.totalPages ?? null,
      hlc: entry.hlc,
      deviceId: entry.deviceId,
      createdAt: entry.createdAt,
    };
    if (!latest || mergePosition(latest, value) === value) latest = value;
  }
  return latest;
}

/** The server's position, or this device's pending one when it is newer (by HLC). */
export function overlayProgress(
  server: TReadingProgress | null,
  pending: readonly TOutboxEntry[],
  bookId: string,
): TReadingProgress | null {
  const local = pendingPosition(pending, bookId);
  if (!local) return server;
  const serverValue: TPositionValue | null = server
    ? {
        page: server.currentPage,
        totalPages: server.totalPages,
        hlc: server.hlc ?? '',
        deviceId: server.deviceId ?? '',
      }
    : null;
  if (serverValue && mergePosition(serverValue, local) !== local) {
    return { ...server!, furthestPage: Math.max(server!.furthestPage, local.page) };
  }
  const totalPages = local.totalPages ?? server?.totalPages ?? null;
  return {
    bookId,
    currentPage: local.page,
    totalPages,
    progressPercentage: progressPercentage(local.page, totalPages),
    furthestPage: Math.max(server?.furthestPage ?? 0, local.page),
    lastReadAt: iso(local.createdAt),
    completedAt: server?.completedAt ?? null,
    hlc: local.hlc,
    deviceId: local.deviceId,
    deviceName: null,
    updatedAt: iso(local.createdAt),
  };
}

/** The server's live bookmarks with this device's pending adds, edits and deletes applied. */
export function overlayBookmarks(
  server: readonly TBookmark[],
  pending: readonly TOutboxEntry[],
  bookId: string,
): TBookmark[] {
  const known = new Map(server.map((bookmark) => [bookmark.id, bookmark]));
  const base: Record<string, TBookmarkValue> = {};
  for (const bookmark of server) {
    base[bookmark.id] = {
      id: bookmark.id,
      bookId: bookmark.bookId,
      page: bookmark.page,
      note: bookmark.note,
      hlc: bookmark.hlc ?? '',
      deleted: false,
    };
  }
  const changes: Record<string, TBookmarkValue> = {};
  const createdAt = new Map<string, number>();
  const changedAt = new Map<string, number>();
  for (const entry of pending) {
    if (entry.type !== 'bookmark.upsert' && entry.type !== 'bookmark.delete') continue;
    const payload = entry.payload as TBookmarkUpsertPayload | TBookmarkDeletePayload;
    if (payload.bookId !== bookId) continue;
    const previous = changes[payload.id] ?? base[payload.id];
    const value: TBookmarkValue =
      entry.type === 'bookmark.upsert'
        ? {
            id: payload.id,
            bookId,
            page: (payload as TBookmarkUpsertPayload).page,
            note: (payload as TBookmarkUpsertPayload).note ?? null,
            hlc: entry.hlc,
            deleted: false,
          }
        : {
            id: payload.id,
            bookId,
            page: previous?.page ?? 1,
            note: previous?.note ?? null,
            hlc: entry.hlc,
            deleted: true,
          };
    changes[payload.id] = mergeBookmarkSets(changes, { [payload.id]: value })[payload.id];
    if (!createdAt.has(payload.id)) createdAt.set(payload.id, entry.createdAt);
    changedAt.set(payload.id, entry.createdAt);
  }
  return visibleBookmarks(mergeBookmarkSets(base, changes)).map((value) => {
    const existing = known.get(value.id);
    const fromServer = existing !== undefined && (existing.hlc ?? '') === value.hlc;
    return {
      id: value.id,
      bookId: value.bookId,
      page: value.page,
      note: value.note,
      hlc: value.hlc || null,
      createdAt: existing?.createdAt ?? iso(createdAt.get(value.id) ?? 0),
      updatedAt: fromServer ? existing.updatedAt : iso(changedAt.get(value.id) ?? 0),
    };
  });
}
