import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_LIMIT_UNLIMITED } from '@shared/reader';
import { getDb, deleteDb } from './db';
import {
  confirmedCopyTotals,
  copyCounterKey,
  estimateCopyBudget,
  noteCopyReportQueued,
  readDeviceCopyTotal,
  rememberServerCopyBudget,
  reserveOfflineCopy,
} from './copy-counters';
import { enqueueMutation, removeMutations } from './outbox';

const USER = 'user-1';
const BOOK = 'book-1';
const DEVICE = '0b7c2f4e-3a51-4d7e-9a39-2f5c1b8e6d10';
const target = { userId: USER, bookId: BOOK, deviceId: DEVICE };

afterEach(async () => {
  await deleteDb();
});

/** Queues a report in the outbox as the sync engine would, and notes it. */
async function queueReport(deviceTotal: number, deviceId = DEVICE) {
  const entry = await enqueueMutation({
    userId: USER,
    deviceId,
    type: 'copy.report',
    payload: { bookId: BOOK, deviceTotal },
  });
  await noteCopyReportQueued({ userId: USER, bookId: BOOK, deviceId, mutationId: entry.id, deviceTotal });
  return entry;
}

describe('reserveOfflineCopy', () => {
  it('counts copies within the limit and hands out a growing device total', async () => {
    expect(await reserveOfflineCopy({ ...target, characters: 30, limit: 100 })).toEqual({
      allowed: true,
      deviceTotal: 30,
      budget: { used: 30, limit: 100, isLimitReached: false },
    });
    expect(await reserveOfflineCopy({ ...target, characters: 70, limit: 100 })).toEqual({
      allowed: true,
      deviceTotal: 100,
      budget: { used: 100, limit: 100, isLimitReached: true },
    });
    expect(await readDeviceCopyTotal(target)).toBe(100);
  });

  it('refuses a copy past the limit and counts nothing for it', async () => {
    await reserveOfflineCopy({ ...target, characters: 90, limit: 100 });
    expect(await reserveOfflineCopy({ ...target, characters: 11, limit: 100 })).toEqual({
      allowed: false,
      budget: { used: 90, limit: 100, isLimitReached: false },
    });
    expect(await readDeviceCopyTotal(target)).toBe(90);
  });

  it('adds to what the server last said was used on every device', async () => {
    await rememberServerCopyBudget({
      userId: USER,
      bookId: BOOK,
      budget: { used: 60, limit: 100, isLimitReached: false },
      included: {},
    });
    expect((await reserveOfflineCopy({ ...target, characters: 41, limit: 100 })).allowed).toBe(false);
    expect(await reserveOfflineCopy({ ...target, characters: 40, limit: 100 })).toMatchObject({
      allowed: true,
      deviceTotal: 40,
    });
    expect(await estimateCopyBudget({ userId: USER, bookId: BOOK, limit: 100 })).toEqual({
      used: 100,
      limit: 100,
      isLimitReached: true,
    });
  });

  it('always allows when copying is not limited', async () => {
    await rememberServerCopyBudget({
      userId: USER,
      bookId: BOOK,
      budget: { used: 10_000, limit: COPY_LIMIT_UNLIMITED, isLimitReached: false },
    });
    const outcome = await reserveOfflineCopy({ ...target, characters: 50_000, limit: COPY_LIMIT_UNLIMITED });
    expect(outcome).toMatchObject({ allowed: true, deviceTotal: 50_000, budget: { isLimitReached: false } });
  });

  it('lets only one of two tabs spend the last characters', async () => {
    const outcomes = await Promise.all([
      reserveOfflineCopy({ ...target, characters: 60, limit: 100 }),
      reserveOfflineCopy({ ...target, characters: 60, limit: 100 }),
    ]);
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(1);
    expect(await readDeviceCopyTotal(target)).toBe(60);
  });

  it("never counts under the online reader's id, and refuses empty or invalid copies", async () => {
    await expect(reserveOfflineCopy({ ...target, deviceId: 'online', characters: 5, limit: 100 })).rejects.toThrow(
      /own id/,
    );
    await expect(reserveOfflineCopy({ ...target, deviceId: '', characters: 5, limit: 100 })).rejects.toThrow(/own id/);
    await expect(reserveOfflineCopy({ ...target, characters: 0, limit: 100 })).rejects.toThrow(/at least one/);
    await expect(reserveOfflineCopy({ ...target, characters: Number.NaN, limit: 100 })).rejects.toThrow(/at least one/);
    expect(await readDeviceCopyTotal(target)).toBe(0);
  });

  it('keeps counters of each reader and book apart', async () => {
    await reserveOfflineCopy({ ...target, characters: 100, limit: 100 });
    expect((await reserveOfflineCopy({ ...target, userId: 'user-2', characters: 100, limit: 100 })).allowed).toBe(true);
    expect((await reserveOfflineCopy({ ...target, bookId: 'book-2', characters: 100, limit: 100 })).allowed).toBe(true);
    expect((await reserveOfflineCopy({ ...target, characters: 1, limit: 100 })).allowed).toBe(false);
  });

  it('ignores a malformed stored record instead of trusting it', async () => {
    await getDb().meta.put({
      key: copyCounterKey(USER, BOOK),
      value: { devices: { [DEVICE]: { total: -500 } }, lastKnown: { used: 'lots' } },
    });
    expect(await reserveOfflineCopy({ ...target, characters: 100, limit: 100 })).toMatchObject({
      allowed: true,
      deviceTotal: 100,
    });
  });
});

describe('what the server already counts', () => {
  it('treats a report as applied only once its outbox entry is gone', async () => {
    await reserveOfflineCopy({ ...target, characters: 30, limit: 100 });
    const first = await queueReport(30);
    await reserveOfflineCopy({ ...target, characters: 20, limit: 100 });
    await queueReport(50);
    expect(await confirmedCopyTotals(USER, BOOK)).toEqual({ [DEVICE]: 0 });
    await removeMutations([first.id]);
    expect(await confirmedCopyTotals(USER, BOOK)).toEqual({ [DEVICE]: 30 });
  });

  it("does not count this browser's applied copies twice once the server's figure includes them", async () => {
    await reserveOfflineCopy({ ...target, characters: 50, limit: 100 });
    const report = await queueReport(50);
    await removeMutations([report.id]);
    const included = await confirmedCopyTotals(USER, BOOK);
    // The server now says 70 are used: this device's 50 plus 20 copied elsewhere.
    await rememberServerCopyBudget({
      userId: USER,
      bookId: BOOK,
      budget: { used: 70, limit: 100, isLimitReached: false },
      included,
    });
    expect(await estimateCopyBudget({ userId: USER, bookId: BOOK, limit: 100 })).toEqual({
      used: 70,
      limit: 100,
      isLimitReached: false,
    });
    expect((await reserveOfflineCopy({ ...target, characters: 30, limit: 100 })).allowed).toBe(true);
    expect((await reserveOfflineCopy({ ...target, characters: 1, limit: 100 })).allowed).toBe(false);
  });

  it('still counts copies whose report the server has not applied when it answered', async () => {
    await reserveOfflineCopy({ ...target, characters: 50, limit: 100 });
    await queueReport(50);
    await rememberServerCopyBudget({
      userId: USER,
      bookId: BOOK,
      budget: { used: 20, limit: 100, isLimitReached: false },
      included: await confirmedCopyTotals(USER, BOOK),
    });
    expect((await estimateCopyBudget({ userId: USER, bookId: BOOK, limit: 100 })).used).toBe(70);
  });

  it('keeps the earlier included figures when a budget arrives without them (an online copy)', async () => {
    await reserveOfflineCopy({ ...target, characters: 40, limit: 100 });
    await rememberServerCopyBudget({
      userId: USER,
      bookId: BOOK,
      budget: { used: 40, limit: 100, isLimitReached: false },
      included: { [DEVICE]: 40 },
    });
    await rememberServerCopyBudget({
      userId: USER,
      bookId: BOOK,
      budget: { used: 55, limit: 100, isLimitReached: false },
    });
    expect((await estimateCopyBudget({ userId: USER, bookId: BOOK, limit: 100 })).used).toBe(55);
  });

  it('raises a device total to a report queued under it, so its next reports keep growing', async () => {
    await reserveOfflineCopy({ ...target, characters: 25, limit: 100 });
    const registered = '5d1e8a40-7c2b-4f6a-8b3e-9c0d1e2f3a4b';
    await queueReport(25, registered);
    expect(await readDeviceCopyTotal({ ...target, deviceId: registered })).toBe(25);
    expect(await reserveOfflineCopy({ ...target, deviceId: registered, characters: 5, limit: 1000 })).toMatchObject({
      deviceTotal: 30,
    });
  });
});

describe('after a reload', () => {
  it('a fresh module instance reads the stored counter and budget back', async () => {
    await rememberServerCopyBudget({
      userId: USER,
      bookId: BOOK,
      budget: { used: 10, limit: 100, isLimitReached: false },
      included: {},
    });
    await reserveOfflineCopy({ ...target, characters: 60, limit: 100 });
    getDb().close();

    vi.resetModules();
    const reloaded = await import('./copy-counters');
    const reloadedDb = await import('./db');
    try {
      expect(await reloaded.readDeviceCopyTotal(target)).toBe(60);
      expect(await reloaded.estimateCopyBudget({ userId: USER, bookId: BOOK, limit: 100 })).toEqual({
        used: 70,
        limit: 100,
        isLimitReached: false,
      });
      expect((await reloaded.reserveOfflineCopy({ ...target, characters: 31, limit: 100 })).allowed).toBe(false);
      expect(await reloaded.reserveOfflineCopy({ ...target, characters: 30, limit: 100 })).toMatchObject({
        allowed: true,
        deviceTotal: 90,
      });
    } finally {
      await reloadedDb.deleteDb();
    }
  });
});
