import { afterEach, describe, expect, it } from 'vitest';
import type { TReadingProgress } from '@shared/progress';
import { deleteDb } from './db';
import { newerPosition, readRememberedPosition, rememberPosition } from './reading-positions';

const USER = 'user-1';
const BOOK = 'book-1';

afterEach(async () => {
  await deleteDb();
});

function progressAt(page: number, hlc: string | null, extra: Partial<TReadingProgress> = {}): TReadingProgress {
  return {
    bookId: BOOK,
    currentPage: page,
    totalPages: 100,
    progressPercentage: page,
    furthestPage: page,
    lastReadAt: null,
    completedAt: null,
    hlc,
    deviceId: 'device-a',
    deviceName: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('remembered reading positions', () => {
  it('keeps the newest position by HLC, whatever order they arrive in', async () => {
    expect(await readRememberedPosition(USER, BOOK)).toBeNull();
    await rememberPosition(USER, progressAt(20, '001700000000200-000000-a'));
    // An answer that left the server before the page turn above does not move the reader back.
    await rememberPosition(USER, progressAt(3, '001700000000100-000000-a'));
    expect((await readRememberedPosition(USER, BOOK))?.currentPage).toBe(20);
    await rememberPosition(USER, progressAt(42, '001700000000300-000000-b'));
    expect((await readRememberedPosition(USER, BOOK))?.currentPage).toBe(42);
  });

  it("replaces a record at the same stamp (the server's answer names the device) and keeps readers apart", async () => {
    await rememberPosition(USER, progressAt(20, '001700000000200-000000-a'));
    await rememberPosition(USER, progressAt(20, '001700000000200-000000-a', { deviceName: 'Phone' }));
    expect((await readRememberedPosition(USER, BOOK))?.deviceName).toBe('Phone');
    expect(await readRememberedPosition('user-2', BOOK)).toBeNull();
    expect(await readRememberedPosition(USER, 'book-2')).toBeNull();
  });

  it('newerPosition picks by stamp and treats a missing stamp as oldest', () => {
    const old = progressAt(5, null);
    const recent = progressAt(9, '001700000000200-000000-a');
    expect(newerPosition(old, recent)).toBe(recent);
    expect(newerPosition(recent, old)).toBe(recent);
    expect(newerPosition(null, old)).toBe(old);
    expect(newerPosition(null, null)).toBeNull();
  });
});
