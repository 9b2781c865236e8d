import { describe, expect, it } from 'vitest';
import { encodeHlc } from '@shared/hlc';
import type { TBookmark, TReadingProgress } from '@shared/progress';
import type { TOutboxEntry } from '@web/storage/db';
import { overlayBookmarks, overlayProgress } from './overlay';

const T0 = Date.UTC(2026, 2, 1, 9);
const stamp = (offset: number, node = 'this-browser') => encodeHlc({ wallMs: T0 + offset, counter: 0, node });

const entry = (type: string, payload: unknown, offset: number): TOutboxEntry => ({
  id: crypto.randomUUID(),
  userId: 'user-1',
  deviceId: 'this-browser',
  type,
  hlc: stamp(offset),
  payload,
  createdAt: T0 + offset,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: T0,
  lastError: null,
});

const server: TReadingProgress = {
  bookId: 'book-1',
  currentPage: 40,
  totalPages: 200,
  progressPercentage: 20,
  furthestPage: 60,
  lastReadAt: new Date(T0).toISOString(),
  completedAt: null,
  hlc: stamp(0, 'laptop'),
  deviceId: 'laptop',
  deviceName: 'Laptop',
  updatedAt: new Date(T0).toISOString(),
};

describe('overlayProgress', () => {
  it("shows this device's newer pending position over the server's", () => {
    const result = overlayProgress(server, [entry('progress.set', { bookId: 'book-1', page: 70 }, 1000)], 'book-1');
    expect(result).toMatchObject({
      currentPage: 70,
      totalPages: 200,
      progressPercentage: 35,
      furthestPage: 70,
      deviceId: 'this-browser',
    });
  });

  it('keeps a newer server position, only raising the furthest page', () => {
    const result = overlayProgress(server, [entry('progress.set', { bookId: 'book-1', page: 90 }, -1000)], 'book-1');
    expect(result).toMatchObject({ currentPage: 40, furthestPage: 90, deviceId: 'laptop' });
  });

  it('ignores other books and works offline with no server answer', () => {
    expect(overlayProgress(server, [entry('progress.set', { bookId: 'book-2', page: 5 }, 1000)], 'book-1')).toBe(
      server,
    );
    expect(
      overlayProgress(null, [entry('progress.set', { bookId: 'book-1', page: 5, totalPages: 10 }, 1000)], 'book-1'),
    ).toMatchObject({
      currentPage: 5,
      progressPercentage: 50,
      completedAt: null,
    });
  });
});

describe('overlayBookmarks', () => {
  const saved: TBookmark = {
    id: 'b1',
    bookId: 'book-1',
    page: 3,
    note: 'saved',
    hlc: stamp(0, 'laptop'),
    createdAt: 'c',
    updatedAt: 'u',
  };

  it('applies pending adds, edits and deletes by HLC', () => {
    const list = overlayBookmarks(
      [saved, { ...saved, id: 'b2', page: 8, note: null }],
      [
        entry('bookmark.upsert', { id: 'b3', bookId: 'book-1', page: 1, note: 'new' }, 100),
        entry('bookmark.upsert', { id: 'b1', bookId: 'book-1', page: 3, note: 'edited' }, 200),
        entry('bookmark.delete', { id: 'b2', bookId: 'book-1' }, 300),
        entry('bookmark.upsert', { id: 'b9', bookId: 'book-2', page: 1 }, 400),
      ],
      'book-1',
    );
    expect(list.map((b) => [b.id, b.page, b.note])).toEqual([
      ['b3', 1, 'new'],
      ['b1', 3, 'edited'],
    ]);
    expect(list[1].createdAt).toBe('c');
  });

  it('does not undo a newer server edit with an older pending one', () => {
    const list = overlayBookmarks(
      [{ ...saved, hlc: stamp(5000, 'laptop') }],
      [entry('bookmark.upsert', { id: 'b1', bookId: 'book-1', page: 3, note: 'old' }, 100)],
      'book-1',
    );
    expect(list.map((b) => b.note)).toEqual(['saved']);
  });
});
