/**
 * immediateTransactionFlushedOffThread: commits to the write-ahead log with synchronous = NORMAL, puts the
 * connection back to FULL, and settles only after the log has been flushed to disk off the event loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from './client';
import { immediateTransactionFlushedOffThread, writeWithoutDiskWait } from './off-thread-flush';

const opened: { db: Db; dir: string | null }[] = [];

function fileDatabase(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-off-thread-flush-'));
  const db = openDatabase(path.join(dir, 'test.db'));
  db.$client.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  opened.push({ db, dir });
  return db;
}

const synchronous = (db: Db) => Number(db.$client.pragma('synchronous', { simple: true }));
const count = (db: Db) => (db.$client.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n;
const insert = (db: Db, text: string) => db.$client.prepare('INSERT INTO notes (text) VALUES (?)').run(text);

afterEach(() => {
  vi.restoreAllMocks();
  for (const { db, dir } of opened.splice(0)) {
    db.$client.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('immediateTransactionFlushedOffThread', () => {
  it('commits, settles only after the write-ahead log is flushed, and leaves the connection at FULL', async () => {
    const db = fileDatabase();
    expect(synchronous(db)).toBe(2);
    let releaseFlush = () => {};
    const flushed: number[] = [];
    const realFdatasync = fs.fdatasync;
    vi.spyOn(fs, 'fdatasync').mockImplementation((fd, callback) => {
      flushed.push(fd);
      // The first flush waits for the test; later ones go straight to the disk.
      if (flushed.length === 1) releaseFlush = () => realFdatasync(fd, callback);
      else realFdatasync(fd, callback);
    });

    let settled = false;
    let levelInside = 0;
    const result = immediateTransactionFlushedOffThread(db, () => {
      levelInside = synchronous(db);
      return insert(db, 'kept').changes;
    }).then((value) => {
      settled = true;
      return value;
    });
    // Committed to the log with NORMAL (no fsync on this thread), seen at once, and back to FULL.
    expect(levelInside).toBe(1);
    expect(count(db)).toBe(1);
    expect(synchronous(db)).toBe(2);
    await vi.waitFor(() => expect(flushed).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    releaseFlush();
    expect(await result).toBe(1);
    // The descriptor flushed is the write-ahead log's, kept open for the next commit.
    const wal = `${path.resolve(db.$client.name)}-wal`;
    expect(fs.fstatSync(flushed[0]).ino).toBe(fs.statSync(wal).ino);
    await immediateTransactionFlushedOffThread(db, () => insert(db, 'again'));
    expect(flushed).toEqual([flushed[0], flushed[0]]);
  });

  it('flushes the log file as it is now when the one it had open was replaced', async () => {
    const db = fileDatabase();
    const flushed: number[] = [];
    const realFdatasync = fs.fdatasync;
    vi.spyOn(fs, 'fdatasync').mockImplementation((fd, callback) => {
      flushed.push(fd);
      realFdatasync(fd, callback);
    });
    await immediateTransactionFlushedOffThread(db, () => insert(db, 'first'));
    const wal = `${path.resolve(db.$client.name)}-wal`;
    // Stands in for a log SQLite removed and made again: another file under the same name.
    fs.copyFileSync(wal, `${wal}.copy`);
    fs.renameSync(`${wal}.copy`, wal);
    await immediateTransactionFlushedOffThread(db, () => insert(db, 'second'));
    expect(flushed).toHaveLength(2);
    expect(fs.fstatSync(flushed[1]).ino).toBe(fs.statSync(wal).ino);
  });

  it('rolls back and rejects when the work throws, and still restores FULL', async () => {
    const db = fileDatabase();
    await expect(
      immediateTransactionFlushedOffThread(db, () => {
        insert(db, 'undone');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(count(db)).toBe(0);
    expect(synchronous(db)).toBe(2);
  });

  it('joins a transaction already open, whose commit decides', async () => {
    const db = fileDatabase();
    let joined: Promise<unknown> = Promise.resolve();
    const outer = db.$client.transaction(() => {
      joined = immediateTransactionFlushedOffThread(db, () => insert(db, 'inner'));
      throw new Error('outer refused');
    });
    expect(() => outer.immediate()).toThrow('outer refused');
    await joined;
    expect(count(db)).toBe(0);
    expect(synchronous(db)).toBe(2);
  });

  it('commits as a plain immediate transaction on an in-memory database', async () => {
    const db = openDatabase(':memory:');
    db.$client.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
    opened.push({ db, dir: null });
    const flush = vi.spyOn(fs, 'fdatasync');
    await immediateTransactionFlushedOffThread(db, () => insert(db, 'memory'));
    expect(count(db)).toBe(1);
    expect(flush).not.toHaveBeenCalled();
  });
});

describe('writeWithoutDiskWait', () => {
  it('writes with NORMAL, flushes nothing itself, and puts FULL back even when the work throws', () => {
    const db = fileDatabase();
    const flush = vi.spyOn(fs, 'fdatasync');
    const level = writeWithoutDiskWait(db, () => {
      insert(db, 'touch');
      return synchronous(db);
    });
    expect(level).toBe(1);
    expect(count(db)).toBe(1);
    expect(synchronous(db)).toBe(2);
    expect(() =>
      writeWithoutDiskWait(db, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(synchronous(db)).toBe(2);
    expect(flush).not.toHaveBeenCalled();
  });

  it('inside a transaction, simply runs the work (the level cannot change there)', () => {
    const db = fileDatabase();
    const level = db.$client.transaction(() => writeWithoutDiskWait(db, () => synchronous(db))).immediate();
    expect(level).toBe(2);
  });
});
