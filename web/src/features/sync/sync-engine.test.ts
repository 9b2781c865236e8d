import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { TReadingProgress, TSyncResponse } from '@shared/progress';
import { createTestQueryClient, makeUser } from '@web/app/test-helpers';
import { authKeys } from '@web/features/auth/queries';
import { getCurrentToast, resetToasts } from '@web/lib/toast';
import { deleteDb } from '@web/storage/db';
import { enqueueMutation, getBrowserSyncId, listPendingMutations, listRejectedMutations } from '@web/storage/outbox';
import { knownPositionOnThisDevice } from './known-position';
import { syncKeys } from './queries';
import { createSyncEngine, retryDelayMs, SYNC_RETRY_BASE_MS, SYNC_RETRY_MAX_MS, type TSyncEngine } from './sync-engine';

interface TSentBatch {
  deviceId: string;
  mutations: { id: string; type: string; hlc: string; payload: unknown }[];
}

let queryClient: QueryClient;
let engine: TSyncEngine;
let sent: TSentBatch[];

function answerWith(respond: (batch: TSentBatch, call: number) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const batch = JSON.parse(String(init?.body)) as TSentBatch;
    sent.push(batch);
    return respond(batch, sent.length);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });

const applyAll = (
  batch: TSentBatch,
  state: TSyncResponse['state'] = { progress: {}, bookmarks: {} },
): TSyncResponse => ({
  applied: batch.mutations.map((m) => m.id),
  rejected: [],
  state,
  serverTime: new Date().toISOString(),
});

const progress = (page: number): TReadingProgress => ({
  bookId: 'book-1',
  currentPage: page,
  totalPages: 100,
  progressPercentage: page,
  furthestPage: page,
  lastReadAt: null,
  completedAt: null,
  hlc: null,
  deviceId: 'device-1',
  deviceName: null,
  updatedAt: '2026-03-01T09:00:00.000Z',
});

beforeEach(async () => {
  await deleteDb();
  resetToasts();
  sent = [];
  queryClient = createTestQueryClient();
  queryClient.setQueryData(authKeys.user, makeUser({ id: 'user-1' }));
  answerWith((batch) => json(applyAll(batch)));
  engine = createSyncEngine();
  engine.start(queryClient);
  await engine.flushOutbox();
  sent = [];
});

afterEach(async () => {
  await engine.dispose();
  await deleteDb();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const queuePages = async (...pages: number[]) => {
  const entries = [];
  for (const page of pages)
    entries.push(
      await engine.queueMutation({ type: 'progress.set', payload: { bookId: 'book-1', page } }, { flush: 'later' }),
    );
  return entries;
};

describe('flushing the outbox', () => {
  it('removes only what a 2xx lists as applied, marks rejections and surfaces them, and fills the cache', async () => {
    const [a, b, c] = await queuePages(1, 2, 3);
    answerWith((batch, call) =>
      call === 1
        ? json({
            applied: [a.id],
            rejected: [{ id: c.id, reason: 'Book not found' }],
            state: { progress: { 'book-1': progress(1) }, bookmarks: {} },
            serverTime: new Date().toISOString(),
          })
        : json(applyAll(batch)),
    );
    await engine.flushOutbox();

    expect(sent[0]).toEqual({
      deviceId: await getBrowserSyncId(),
      mutations: [a, b, c].map((entry) => ({
        id: entry.id,
        type: 'progress.set',
        hlc: entry.hlc,
        payload: entry.payload,
      })),
    });
    // b was neither applied nor rejected: it stayed and went again in the next batch.
    expect(sent[1].mutations.map((m) => m.id)).toEqual([b.id]);
    expect(await listPendingMutations('user-1')).toEqual([]);
    expect((await listRejectedMutations('user-1')).map((entry) => [entry.id, entry.lastError])).toEqual([
      [c.id, 'Book not found'],
    ]);
    expect(engine.getStatus()).toMatchObject({
      state: 'idle',
      pending: 0,
      rejected: [expect.objectContaining({ id: c.id })],
    });
    expect(getCurrentToast()).toMatchObject({
      title: 'A change could not be saved',
      description: 'Book not found',
      variant: 'destructive',
    });
    expect(queryClient.getQueryData(['reader', 'progress', 'book-1'])).toEqual(progress(1));
  });

  it('marks a whole batch rejected when the server refuses the request (4xx)', async () => {
    const entries = await queuePages(1, 2);
    answerWith(() => json({ status: 400, detail: 'mutations.0.id: Mutation id must be a valid id' }, 400));
    await engine.flushOutbox();
    expect(sent).toHaveLength(1);
    expect((await listRejectedMutations('user-1')).map((entry) => [entry.id, entry.lastError])).toEqual(
      entries.map((entry) => [entry.id, 'mutations.0.id: Mutation id must be a valid id']),
    );
    expect(getCurrentToast()?.title).toBe('2 changes could not be saved');
  });

  it('keeps everything on a 5xx and backs off until the back-off ends or the browser comes online', async () => {
    const [entry] = await queuePages(4);
    answerWith(() => json({ status: 503, detail: 'Service unavailable' }, 503));
    const before = Date.now();
    await engine.flushOutbox();
    expect(await listPendingMutations('user-1')).toMatchObject([
      { id: entry.id, attempts: 1, lastError: 'Service unavailable' },
    ]);
    expect(engine.getStatus().state).toBe('retrying');
    expect(engine.getStatus().retryAt).toBeGreaterThanOrEqual(before + SYNC_RETRY_BASE_MS);

    await engine.flushOutbox();
    expect(sent).toHaveLength(1); // still backing off: nothing sent

    const fetchMock = answerWith((batch) => json(applyAll(batch)));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await engine.flushOutbox();
    expect(await listPendingMutations('user-1')).toEqual([]);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', retryAt: null });
  });

  it('treats a network failure like a 5xx, and honours Retry-After on 429', async () => {
    await queuePages(5);
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await engine.flushOutbox();
    expect(await listPendingMutations('user-1')).toMatchObject([{ attempts: 1, lastError: 'Failed to fetch' }]);

    await engine.dispose();
    engine = createSyncEngine();
    engine.start(queryClient);
    answerWith(() => json({ status: 429, detail: 'Too many requests' }, 429, { 'Retry-After': '30' }));
    const before = Date.now();
    await engine.flushOutbox();
    expect(engine.getStatus().retryAt).toBeGreaterThanOrEqual(before + 30_000);
    expect(await listPendingMutations('user-1')).toHaveLength(1);
  });

  it('waits for sign-in after a 401 and resumes when the reader signs in again', async () => {
    await queuePages(6);
    answerWith(() => json({ status: 401, detail: 'You need to be logged in to access this page.' }, 401));
    await engine.flushOutbox();
    expect(engine.getStatus().state).toBe('signed-out');
    await engine.flushOutbox();
    expect(sent).toHaveLength(1);
    expect(await listPendingMutations('user-1')).toHaveLength(1);

    const fetchMock = answerWith((batch) => json(applyAll(batch)));
    queryClient.setQueryData(authKeys.user, makeUser({ id: 'user-1' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await engine.flushOutbox();
    expect(await listPendingMutations('user-1')).toEqual([]);
  });

  it('sends nothing while offline', async () => {
    await queuePages(7);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await engine.flushOutbox();
    expect(sent).toEqual([]);
    expect(engine.getStatus()).toMatchObject({ state: 'offline', pending: 1 });
  });

  it('sends the oldest first, in batches of at most 100 that share one device id', async () => {
    for (let index = 0; index < 150; index += 1) {
      await enqueueMutation({
        userId: 'user-1',
        deviceId: index < 120 ? 'browser-a' : 'device-b',
        type: 'progress.set',
        payload: { bookId: 'book-1', page: index + 1 },
      });
    }
    await engine.flushOutbox();
    expect(sent.map((batch) => [batch.deviceId, batch.mutations.length])).toEqual([
      ['browser-a', 100],
      ['browser-a', 20],
      ['device-b', 30],
    ]);
    const pages = sent.flatMap((batch) => batch.mutations.map((m) => (m.payload as { page: number }).page));
    expect(pages).toEqual(Array.from({ length: 150 }, (_, index) => index + 1));
  });

  it("never sends another reader's changes", async () => {
    await enqueueMutation({
      userId: 'user-2',
      deviceId: 'browser-a',
      type: 'progress.set',
      payload: { bookId: 'book-1', page: 9 },
    });
    await engine.flushOutbox();
    expect(sent).toEqual([]);
  });

  it('tells the other tabs what the server answered', async () => {
    const other = new BroadcastChannel('wonderful-books-sync');
    const messages: unknown[] = [];
    other.addEventListener('message', (event) => messages.push(event.data));
    await queuePages(8);
    answerWith((batch) => json(applyAll(batch, { progress: { 'book-1': progress(8) }, bookmarks: {} })));
    await engine.flushOutbox();
    await vi.waitFor(() =>
      expect(messages).toContainEqual({
        kind: 'synced',
        state: { progress: { 'book-1': progress(8) }, bookmarks: {} },
      }),
    );
    expect(messages).toContainEqual({ kind: 'outbox-changed' });
    other.close();
  });
});

describe('queueMutation', () => {
  it('stores changes in the order they are made, each with a later stamp', async () => {
    const calls = [1, 2, 3, 4, 5].map((page) =>
      engine.queueMutation({ type: 'progress.set', payload: { bookId: 'book-1', page } }, { flush: 'later' }),
    );
    const entries = await Promise.all(calls);
    const pending = await listPendingMutations('user-1');
    expect(pending.map((entry) => (entry.payload as { page: number }).page)).toEqual([1, 2, 3, 4, 5]);
    expect(pending.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
  });

  it('refuses when nobody is signed in', async () => {
    queryClient.setQueryData(authKeys.user, null);
    await expect(
      engine.queueMutation({ type: 'progress.set', payload: { bookId: 'book-1', page: 1 } }),
    ).rejects.toThrow('Sign in to save your reading.');
    expect(engine.getStatus().lastError).toBe('Sign in to save your reading.');
  });
});

describe("this device's known position (docs/product/offline-and-devices.md#reading-position-on-this-device)", () => {
  it('keeps a page turn after its outbox entry has been sent, and every position the server answers', async () => {
    await queuePages(26);
    expect((await knownPositionOnThisDevice('user-1', 'book-1'))?.currentPage).toBe(26);
    await engine.flushOutbox();
    expect(await listPendingMutations('user-1')).toEqual([]);
    // The outbox is empty now; the device still knows where the reader is.
    await vi.waitFor(async () => expect((await knownPositionOnThisDevice('user-1', 'book-1'))?.currentPage).toBe(26));

    // Another device moved on: the server's answer (a read or a flush's state) is remembered too.
    queryClient.setQueryData(syncKeys.position('book-1'), { ...progress(52), hlc: '999999999999999-000000-other' });
    await vi.waitFor(async () => expect((await knownPositionOnThisDevice('user-1', 'book-1'))?.currentPage).toBe(52));
    // An older answer never moves it back.
    queryClient.setQueryData(syncKeys.position('book-1'), { ...progress(3), hlc: '000000000000001-000000-old' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await knownPositionOnThisDevice('user-1', 'book-1'))?.currentPage).toBe(52);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 2 s up to 5 minutes, and a longer Retry-After wins', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelayMs(30)).toBe(SYNC_RETRY_MAX_MS);
    expect(retryDelayMs(1, 30_000)).toBe(30_000);
    expect(retryDelayMs(1, 24 * 3_600_000)).toBe(SYNC_RETRY_MAX_MS);
  });
});
