import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { COPY_LIMIT_UNLIMITED, READER_MESSAGES, type TCopyBudget } from '@shared/reader';
import type { TSyncResponse } from '@shared/progress';
import { createTestQueryClient, makeUser } from '@web/app/test-helpers';
import { authKeys } from '@web/features/auth/queries';
import { CopyRefusedError, installCopyGuard, type TClipboardWriter } from '@web/lib/copy-guard';
import { resetToasts } from '@web/lib/toast';
import { estimateCopyBudget, readDeviceCopyTotal } from '@web/storage/copy-counters';
import { deleteDb } from '@web/storage/db';
import { saveBrowserDevice } from '@web/storage/device-store';
import { getBrowserSyncId, listPendingMutations } from '@web/storage/outbox';
import { loadCopyBudget, recordOfflineCopy } from './copy-report';
import { createSyncEngine, type TSyncEngine } from './sync-engine';

const USER = 'user-1';
const BOOK = '6f1d3c2a-8b4e-4a7f-9c1d-2e3f4a5b6c7d';
const REGISTERED_DEVICE = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

interface TSentBatch {
  deviceId: string;
  mutations: { id: string; type: string; hlc: string; payload: unknown }[];
}

let queryClient: QueryClient;
let engine: TSyncEngine;
let sent: TSentBatch[];
let online: boolean;

function serverAppliesEverything() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const batch = JSON.parse(String(init?.body)) as TSentBatch;
      sent.push(batch);
      const answer: TSyncResponse = {
        applied: batch.mutations.map((m) => m.id),
        rejected: [],
        state: { progress: {}, bookmarks: {} },
        serverTime: new Date().toISOString(),
      };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

beforeEach(async () => {
  await deleteDb();
  resetToasts();
  sent = [];
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  queryClient = createTestQueryClient();
  queryClient.setQueryData(authKeys.user, makeUser({ id: USER }));
  serverAppliesEverything();
  engine = createSyncEngine();
  engine.start(queryClient);
  await engine.flushOutbox();
  online = false;
});

afterEach(async () => {
  await engine.dispose();
  await deleteDb();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const copyReports = async () =>
  (await listPendingMutations(USER))
    .filter((entry) => entry.type === 'copy.report')
    .map((entry) => ({ deviceId: entry.deviceId, payload: entry.payload }));

describe('recordOfflineCopy', () => {
  it('allows copies within the budget, stores them and queues copy.report with a growing device total', async () => {
    const deviceId = await getBrowserSyncId();
    expect(await recordOfflineCopy({ engine, userId: USER, bookId: BOOK, characters: 40, limit: 100 })).toEqual({
      allowed: true,
      budget: { used: 40, limit: 100, isLimitReached: false },
    });
    expect(await recordOfflineCopy({ engine, userId: USER, bookId: BOOK, characters: 25, limit: 100 })).toMatchObject({
      allowed: true,
    });
    expect(await copyReports()).toEqual([
      { deviceId, payload: { bookId: BOOK, deviceTotal: 40 } },
      { deviceId, payload: { bookId: BOOK, deviceTotal: 65 } },
    ]);
    expect(await readDeviceCopyTotal({ userId: USER, bookId: BOOK, deviceId })).toBe(65);
  });

  it("reports under the browser's registered device id, never 'online'", async () => {
    await saveBrowserDevice({
      userId: USER,
      deviceId: REGISTERED_DEVICE,
      thumbprint: 'thumb',
      offlineRegistered: true,
    });
    await recordOfflineCopy({ engine, userId: USER, bookId: BOOK, characters: 10, limit: 100 });
    expect(await copyReports()).toEqual([{ deviceId: REGISTERED_DEVICE, payload: { bookId: BOOK, deviceTotal: 10 } }]);
  });

  it('refuses a copy over the budget and queues nothing for it', async () => {
    await recordOfflineCopy({ engine, userId: USER, bookId: BOOK, characters: 90, limit: 100 });
    expect(await recordOfflineCopy({ engine, userId: USER, bookId: BOOK, characters: 11, limit: 100 })).toEqual({
      allowed: false,
      budget: { used: 90, limit: 100, isLimitReached: false },
    });
    expect((await copyReports()).map((report) => report.payload)).toEqual([{ bookId: BOOK, deviceTotal: 90 }]);
  });

  it('allows any amount when copying is not limited', async () => {
    expect(
      await recordOfflineCopy({
        engine,
        userId: USER,
        bookId: BOOK,
        characters: 1_000_000,
        limit: COPY_LIMIT_UNLIMITED,
      }),
    ).toMatchObject({ allowed: true });
    expect((await copyReports()).map((report) => report.payload)).toEqual([{ bookId: BOOK, deviceTotal: 1_000_000 }]);
  });

  it("spends the server's last known figure first, and counts a synced report only once", async () => {
    const deviceId = await getBrowserSyncId();
    online = true;
    await loadCopyBudget({
      userId: USER,
      bookId: BOOK,
      load: async () => ({ used: 50, limit: 100, isLimitReached: false }),
    });
    online = false;
    expect((await recordOfflineCopy({ engine, userId: USER, bookId: BOOK, characters: 51, limit: 100 })).allowed).toBe(
      false,
    );
    expect((await recordOfflineCopy({ engine, userId: USER, bookId: BOOK, characters: 30, limit: 100 })).allowed).toBe(
      true,
    );

    // Back online: the report goes out and is applied; the server's next figure includes it.
    online = true;
    await engine.flushOutbox();
    expect(sent.flatMap((batch) => batch.mutations.map((m) => [batch.deviceId, m.type, m.payload]))).toEqual([
      [deviceId, 'copy.report', { bookId: BOOK, deviceTotal: 30 }],
    ]);
    expect(await copyReports()).toEqual([]);
    await loadCopyBudget({
      userId: USER,
      bookId: BOOK,
      load: async () => ({ used: 80, limit: 100, isLimitReached: false }),
    });
    expect(await estimateCopyBudget({ userId: USER, bookId: BOOK, limit: 100 })).toEqual({
      used: 80,
      limit: 100,
      isLimitReached: false,
    });

    online = false;
    expect((await recordOfflineCopy({ engine, userId: USER, bookId: BOOK, characters: 20, limit: 100 })).allowed).toBe(
      true,
    );
    expect((await copyReports()).map((report) => report.payload)).toEqual([{ bookId: BOOK, deviceTotal: 50 }]);
  });
});

describe('the copy guard with offline counting', () => {
  let uninstall: (() => void) | null = null;
  afterEach(() => {
    uninstall?.();
    uninstall = null;
    document.body.replaceChildren();
    document.getSelection()?.removeAllRanges();
  });

  /** The reader's wiring: online copies ask the server, offline ones are counted against the licence's limit. */
  function installReaderGuard(options: { limit: number; serverCopy: (characters: number) => Promise<TCopyBudget> }) {
    const root = document.createElement('div');
    root.innerHTML = '<div class="textLayer"><span id="line">The quick brown fox</span></div>';
    document.body.append(root);
    const written: Promise<string>[] = [];
    const clipboard: TClipboardWriter = {
      writeWhenReady: (text) => {
        written.push(text);
        return text.then(() => undefined);
      },
    };
    const onRefused = vi.fn();
    const serverCopy = vi.fn(options.serverCopy);
    uninstall = installCopyGuard({
      root,
      getBudget: () => null,
      recordCopy: serverCopy,
      onBudget: () => undefined,
      onRefused,
      clipboard,
      recordOfflineCopy: async (characters) => {
        const outcome = await recordOfflineCopy({
          engine,
          userId: USER,
          bookId: BOOK,
          characters,
          limit: options.limit,
        });
        if (!outcome.allowed) throw new CopyRefusedError(READER_MESSAGES.copyLimitReached);
      },
    });
    const line = root.querySelector('#line')!;
    const copy = () => {
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      const range = document.createRange();
      range.selectNodeContents(line);
      selection.addRange(range);
      const event = new Event('copy', { bubbles: true, cancelable: true });
      line.dispatchEvent(event);
      return event;
    };
    return { written, onRefused, serverCopy, copy };
  }

  it('offline: copies until the budget is spent, then refuses with the message and queues nothing more', async () => {
    const { written, onRefused, serverCopy, copy } = installReaderGuard({
      limit: 40,
      serverCopy: async () => ({ used: 0, limit: 40, isLimitReached: false }),
    });
    copy();
    await expect(written[0]).resolves.toBe('The quick brown fox');
    copy();
    await expect(written[1]).resolves.toBe('The quick brown fox');
    expect(copy().defaultPrevented).toBe(true);
    await expect(written[2]).rejects.toBeInstanceOf(CopyRefusedError);
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(READER_MESSAGES.copyLimitReached);
    expect(serverCopy).not.toHaveBeenCalled();
    expect((await copyReports()).map((report) => report.payload)).toEqual([
      { bookId: BOOK, deviceTotal: 19 },
      { bookId: BOOK, deviceTotal: 38 },
    ]);
  });

  it('online: the server decides and its refusal stands, with nothing counted on the device', async () => {
    online = true;
    const { written, onRefused, serverCopy, copy } = installReaderGuard({
      limit: 1000,
      serverCopy: () => Promise.reject(new CopyRefusedError(READER_MESSAGES.copyLimitReached)),
    });
    copy();
    await expect(written[0]).rejects.toBeInstanceOf(CopyRefusedError);
    expect(serverCopy).toHaveBeenCalledExactlyOnceWith(19);
    expect(onRefused).toHaveBeenCalledExactlyOnceWith(READER_MESSAGES.copyLimitReached);
    expect(await copyReports()).toEqual([]);
    expect(await readDeviceCopyTotal({ userId: USER, bookId: BOOK, deviceId: await getBrowserSyncId() })).toBe(0);
  });
});
