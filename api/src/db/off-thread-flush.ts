/**
 * A write transaction whose wait for the disk does not hold the event loop. With `synchronous = FULL`
 * (docs/ARCHITECTURE.md#data) better-sqlite3 runs the commit's fsync on the event loop's thread: while
 * the disk is busy (another process writing, as the reader's own browser does into its caches during a
 * book open) one commit measured up to 65 ms, and every other request of the process waited with it.
 *
 * Here the transaction commits with `synchronous = NORMAL`: its frames are in the write-ahead log, seen
 * by every reader and safe from a crash of this process, with no fsync; the pragma goes back to FULL
 * before anything else runs on the connection. Then the log file is flushed with fdatasync on libuv's
 * thread pool and the promise settles only after that, so a 2xx still means the write is on disk while
 * the event loop serves other requests meanwhile. A commit that SQLite checkpoints syncs the log before
 * and the database after the checkpoint itself (SQLite's NORMAL rule), so frames a checkpoint has moved
 * out of the log are on disk too.
 *
 * Connections that are not in WAL mode on a file (`:memory:` in tests) commit as immediateTransaction.
 *
 * `writeWithoutDiskWait` commits to the log the same way with no flush of its own; the next commit that syncs, or
 * the next checkpoint, takes it to disk. It is for the few writes whose loss in a power cut costs nothing that
 * matters and which should not make a read wait (a session's sliding expiry), and for a write that a flush in the
 * same request takes to disk before the answer anyway (the loan a licence request opens, before the grant's flush).
 */
import fs from 'node:fs';
import path from 'node:path';
import { immediateTransaction, type Db } from './client';
import { perConnection } from './per-connection';

/** PRAGMA synchronous values: FULL (2) and EXTRA (3) sync the log at every commit. */
const SYNCHRONOUS_NORMAL = 1;
const SYNCHRONOUS_FULL = 2;

const connection = perConnection((db) => {
  const client = db.$client;
  const configured = Number(client.pragma('synchronous', { simple: true }));
  const inWalOnFile = !client.memory && String(client.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
  return {
    // Only a connection that syncs at every commit has a wait worth moving off the event loop.
    wal: inWalOnFile && configured >= SYNCHRONOUS_FULL ? `${path.resolve(client.name)}-wal` : null,
    // exec, not prepared statements: SQLite applies this pragma when it compiles it, not when it runs.
    commitToLog: () => client.exec(`PRAGMA synchronous = ${SYNCHRONOUS_NORMAL}`),
    restore: () => client.exec(`PRAGMA synchronous = ${configured}`),
    /** The log's descriptor, kept open (a flush is then one call on the thread pool), with the file it names. */
    log: null as { fd: number; ino: number } | null,
  };
});

type TConnection = ReturnType<typeof connection>;

/**
 * A descriptor of the write-ahead log as it is now, or null when there is none. SQLite keeps the file while this
 * connection is open, but should it ever be removed and made again, the descriptor would name the old file: the
 * inode is compared on every flush (a stat, a few µs) and the file opened again when it differs.
 */
function logDescriptor(state: TConnection, file: string): number | null {
  const now = fs.statSync(file, { throwIfNoEntry: false });
  if (!now) {
    // Gone: a closing connection checkpointed it into the database (synced) and removed it.
    if (state.log) fs.closeSync(state.log.fd);
    state.log = null;
    return null;
  }
  if (state.log?.ino !== now.ino) {
    if (state.log) fs.closeSync(state.log.fd);
    const fd = fs.openSync(file, 'r');
    state.log = { fd, ino: fs.fstatSync(fd).ino };
  }
  return state.log.fd;
}

/** fdatasync of the write-ahead log on libuv's thread pool. */
function flushLog(state: TConnection, file: string): Promise<void> {
  const fd = logDescriptor(state, file);
  if (fd === null) return Promise.resolve();
  return new Promise((resolve, reject) => fs.fdatasync(fd, (error) => (error ? reject(error) : resolve())));
}

/**
 * Runs `work` inside BEGIN IMMEDIATE, commits it to the write-ahead log and resolves once the log is on
 * disk (the fsync on the thread pool); rejects, with nothing written, when `work` throws. Inside another
 * transaction it joins that one (as immediateTransaction does), whose commit then decides.
 */
export async function immediateTransactionFlushedOffThread<T>(db: Db, work: () => T): Promise<T> {
  const state = connection(db);
  const { wal, commitToLog, restore } = state;
  if (!wal || db.$client.inTransaction) return immediateTransaction(db, work);
  commitToLog();
  let result: T;
  try {
    result = immediateTransaction(db, work);
  } finally {
    restore();
  }
  await flushLog(state, wal);
  return result;
}

/**
 * Runs `work` (autocommitted statements or its own transactions) with synchronous = NORMAL and does not wait for the
 * disk at all. Only for the writes named in the file comment.
 */
export function writeWithoutDiskWait<T>(db: Db, work: () => T): T {
  const { wal, commitToLog, restore } = connection(db);
  if (!wal || db.$client.inTransaction) return work();
  commitToLog();
  try {
    return work();
  } finally {
    restore();
  }
}
