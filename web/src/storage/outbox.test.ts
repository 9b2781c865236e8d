import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareHlc, parseHlc } from '@shared/hlc';
import { getDb, deleteDb } from './db';
import {
  countPendingMutations,
  enqueueMutation,
  getBrowserSyncId,
  lastSignedInUser,
  listPendingMutations,
  listRejectedMutations,
  markMutationsRejected,
  META_HLC,
  observeServerTime,
  recordFailedAttempt,
  rememberSignedInUser,
  removeMutations,
} from './outbox';

const T0 = Date.UTC(2026, 2, 1, 9);
const change = (userId = 'user-1', type = 'progress.set', page = 1) => ({
  userId,
  deviceId: 'device-1',
  type,
  payload: { bookId: 'book-1', page },
});

beforeEach(async () => {
  await deleteDb();
});
afterEach(async () => {
  await deleteDb();
});

describe('outbox', () => {
  it('stores changes with fresh ids and strictly growing HLC stamps, even when the clock goes back', async () => {
    const first = await enqueueMutation(change('user-1', 'progress.set', 1), T0);
    const second = await enqueueMutation(change('user-1', 'progress.set', 2), T0 - 60_000);
    const third = await enqueueMutation(change('user-1', 'progress.set', 3), T0);
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    expect(compareHlc(second.hlc, first.hlc)).toBeGreaterThan(0);
    expect(compareHlc(third.hlc, second.hlc)).toBeGreaterThan(0);
    expect(parseHlc(first.hlc)).toMatchObject({ wallMs: T0, counter: 0, node: await getBrowserSyncId() });
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 0,
      createdAt: T0,
      lastError: null,
      deviceId: 'device-1',
    });
  });

  it('hands out distinct stamps to changes stored at the same moment (two tabs)', async () => {
    const entries = await Promise.all(
      Array.from({ length: 20 }, (_, page) => enqueueMutation(change('user-1', 'progress.set', page + 1), T0)),
    );
    expect(new Set(entries.map((entry) => entry.hlc)).size).toBe(20);
  });

  it('keeps one browser id for the profile', async () => {
    const [a, b] = await Promise.all([getBrowserSyncId(), getBrowserSyncId()]);
    expect(a).toBe(b);
    expect(await getBrowserSyncId()).toBe(a);
  });

  it("lists one user's pending changes oldest first, and never another user's", async () => {
    const a = await enqueueMutation(change('user-1'), T0);
    await enqueueMutation(change('user-2'), T0 + 1);
    const b = await enqueueMutation(change('user-1'), T0 + 2);
    expect((await listPendingMutations('user-1')).map((entry) => entry.id)).toEqual([a.id, b.id]);
    expect(await countPendingMutations('user-2')).toBe(1);
  });

  it('removes confirmed changes, keeps rejected ones apart, and counts failed attempts', async () => {
    const [a, b, c] = [
      await enqueueMutation(change(), T0),
      await enqueueMutation(change(), T0 + 1),
      await enqueueMutation(change(), T0 + 2),
    ];
    await removeMutations([a.id]);
    await markMutationsRejected([{ id: b.id, reason: 'Book not found' }]);
    await recordFailedAttempt([c.id], T0 + 10_000, '503: busy');
    await recordFailedAttempt([c.id], T0 + 20_000, '503: busy');
    expect(
      (await listPendingMutations('user-1')).map((entry) => [
        entry.id,
        entry.attempts,
        entry.nextAttemptAt,
        entry.lastError,
      ]),
    ).toEqual([[c.id, 2, T0 + 20_000, '503: busy']]);
    expect((await listRejectedMutations('user-1')).map((entry) => [entry.id, entry.lastError])).toEqual([
      [b.id, 'Book not found'],
    ]);
    expect(await getDb().outbox.get(a.id)).toBeUndefined();
  });

  it('moves the clock past the server time, but not further than a day ahead of the local clock', async () => {
    await observeServerTime(T0 + 60_000, T0);
    const next = await enqueueMutation(change(), T0);
    expect(parseHlc(next.hlc)?.wallMs).toBe(T0 + 60_000);
    await observeServerTime(T0 + 365 * 86_400_000, T0);
    const clock = (await getDb().meta.get(META_HLC))?.value as { wallMs: number };
    expect(clock.wallMs).toBe(T0 + 86_400_000);
  });

  it('remembers who signed in last', async () => {
    expect(await lastSignedInUser()).toBeNull();
    await rememberSignedInUser('user-9');
    expect(await lastSignedInUser()).toBe('user-9');
  });
});
