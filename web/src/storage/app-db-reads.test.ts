import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { TReadingProgress } from '@shared/progress';
import {
  findDownloadedBook,
  listPendingMutations,
  readReaderSettings,
  readRememberedPosition,
  readRemovalNotice,
  readStoredChunk,
  readStoredChunks,
} from './app-db-reads';
import { closeDb, deleteDb, getDb, type TStoredLicense, type TStoredManifest } from './db';
import { mayHoldDownloads } from './download-hint';
import { commitDownload, deleteDownloadedBook, storeChunk } from './offline-books';
import { enqueueMutation } from './outbox';
import { APP_DB_NAME, openAppDbIfExists } from './raw-idb';
import { writeReaderSettings } from './reader-settings';
import { rememberPosition } from './reading-positions';

afterEach(async () => {
  localStorage.clear();
  await deleteDb();
});

async function appDbExists(): Promise<boolean> {
  return (await indexedDB.databases()).some((info) => info.name === APP_DB_NAME);
}

function progress(page: number, hlc: string): TReadingProgress {
  return { bookId: 'book-1', currentPage: page, totalPages: 40, hlc, deviceId: 'device-1' } as TReadingProgress;
}

const manifest = {
  bookId: 'book-1',
  version: 2,
  slug: 'free-culture',
  title: 'Free Culture',
  chunkCount: 2,
  chunkSize: 4,
  size: 8,
  userId: 'user-1',
  storedAt: 1,
} as unknown as TStoredManifest;

const license: TStoredLicense = {
  id: 'licence-1',
  userId: 'user-1',
  bookId: 'book-1',
  bookVersion: 2,
  kind: 'offline',
  jws: 'a.b.c',
  expiresAt: 10,
  storedAt: 1,
};

describe('reads of the app database with raw IndexedDB', () => {
  it('answers "nothing stored" without creating the database, which Dexie then creates with its schema', async () => {
    expect(await readReaderSettings()).toBeNull();
    expect(await readRememberedPosition('user-1', 'book-1')).toBeNull();
    expect(await listPendingMutations('user-1')).toEqual([]);
    expect(await findDownloadedBook('user-1', 'book-1')).toBeUndefined();
    expect(await readRemovalNotice('user-1', 'book-1')).toBeUndefined();
    expect(await readStoredChunk('book-1', 2, 0)).toBeUndefined();
    expect(await readStoredChunks('book-1', 2, 0, 2)).toEqual([undefined, undefined]);
    expect(await openAppDbIfExists()).toBeNull();
    expect(await appDbExists()).toBe(false);
    // A lookup that found nothing stored says so (download-hint.ts).
    expect(localStorage.getItem('wb.downloads')).toBe('none');

    await getDb().open();
    expect(getDb().verno).toBe(2);
    expect(
      getDb()
        .tables.map((table) => table.name)
        .sort(),
    ).toEqual(
      [
        'browserDevices',
        'chunks',
        'deviceKeys',
        'licences',
        'manifests',
        'meta',
        'outbox',
        'reviewDecks',
        'trustedTime',
      ].sort(),
    );
    // Asked again once Dexie has made it (a missing database is not remembered as missing).
    await writeReaderSettings({ view: 'text' });
    expect(await readReaderSettings()).toEqual({ view: 'text' });
  });

  it('reads what Dexie wrote: settings, positions, unsent changes, a download and its chunks, a removal notice', async () => {
    await writeReaderSettings({ pageMode: 'continuous' });
    await rememberPosition('user-1', progress(12, '0000000000001:0000:aaaa'));
    const older = await enqueueMutation({ userId: 'user-1', deviceId: 'd', type: 'progress.set', payload: {} }, 1000);
    const newer = await enqueueMutation({ userId: 'user-1', deviceId: 'd', type: 'progress.set', payload: {} }, 2000);
    await enqueueMutation({ userId: 'user-2', deviceId: 'd', type: 'progress.set', payload: {} }, 3000);
    await storeChunk({ bookId: 'book-1', version: 2, index: 0, data: new Uint8Array([1, 2]).buffer });
    await storeChunk({ bookId: 'book-1', version: 2, index: 1, data: new Uint8Array([3]).buffer });
    await commitDownload({ manifest, license });
    localStorage.removeItem('wb.downloads');

    expect(await readReaderSettings()).toEqual({ pageMode: 'continuous' });
    expect(await readRememberedPosition('user-1', 'book-1')).toMatchObject({ currentPage: 12 });
    expect((await listPendingMutations('user-1')).map((entry) => entry.id)).toEqual([older.id, newer.id]);
    expect(new Uint8Array((await readStoredChunk('book-1', 2, 1)) as ArrayBuffer)).toEqual(new Uint8Array([3]));
    expect((await readStoredChunks('book-1', 2, 0, 3)).map((data) => data?.byteLength)).toEqual([2, 1, undefined]);
    for (const ref of ['book-1', 'free-culture'])
      expect(await findDownloadedBook('user-1', ref)).toEqual({ manifest, license });
    expect(await findDownloadedBook('user-2', 'book-1')).toBeUndefined();
    expect(mayHoldDownloads()).toBe(true);

    await deleteDownloadedBook('user-1', 'book-1', 'revoked');
    expect(await findDownloadedBook('user-1', 'book-1')).toBeUndefined();
    for (const ref of ['book-1', 'free-culture'])
      expect(await readRemovalNotice('user-1', ref)).toMatchObject({ bookId: 'book-1', reason: 'revoked' });
    expect(await readRemovalNotice('user-2', 'book-1')).toBeUndefined();
  });

  it('does not count a download missing a chunk or an offline licence', async () => {
    await storeChunk({ bookId: 'book-1', version: 2, index: 0, data: new Uint8Array([1]).buffer });
    await storeChunk({ bookId: 'book-1', version: 2, index: 1, data: new Uint8Array([1]).buffer });
    await commitDownload({ manifest, license });
    await getDb().chunks.delete(['book-1', 2, 1]);
    expect(await findDownloadedBook('user-1', 'book-1')).toBeUndefined();
    await storeChunk({ bookId: 'book-1', version: 2, index: 1, data: new Uint8Array([1]).buffer });
    await getDb().licences.update('licence-1', { kind: 'online' });
    expect(await findDownloadedBook('user-1', 'book-1')).toBeUndefined();
  });

  it('lets Dexie upgrade or delete the database it holds open', async () => {
    await writeReaderSettings({ view: 'pages' });
    expect(await readReaderSettings()).toEqual({ view: 'pages' });
    const raw = await openAppDbIfExists();
    expect(raw).not.toBeNull();
    closeDb();
    // As a later app version would: a schema change closes this side's connection instead of waiting for it.
    const next = new Dexie(APP_DB_NAME);
    next.version(3).stores({ meta: 'key', extra: 'id' });
    await next.open();
    expect(next.verno).toBe(3);
    next.close();
    expect(await readReaderSettings()).toEqual({ view: 'pages' });
    await Dexie.delete(APP_DB_NAME);
    expect(await appDbExists()).toBe(false);
  });
});
