/**
 * IndexedDB without Dexie, for the code a reader page runs before its first page is drawn
 * (docs/ARCHITECTURE.md#browser-storage): Dexie's code (about 29 KB compressed) and its first open of the database
 * (tens of milliseconds of main thread) would wait in front of the book. Promises over requests and transactions,
 * and the one connection to the app's database (db.ts, owned by Dexie) that this side only ever reads.
 *
 * The app's database is opened by name without a version, so whatever version Dexie made opens. When it does not
 * exist yet the open's upgrade is aborted, which leaves no database behind (Dexie must create it, with its schema),
 * and the answer is "nothing stored". The connection closes itself when Dexie upgrades or deletes the database.
 */

/** The name of the app's (Dexie's) database, db.ts. */
export const APP_DB_NAME = 'wonderful-books';

/** The answer of one request. */
export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves once the transaction has committed; rejects when it aborts. */
export function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

function indexedDbFactory(): IDBFactory | null {
  return typeof indexedDB === 'undefined' ? null : indexedDB;
}

/** Opens a database that exists, at its current version; null when it does not exist (none is created). */
export function openExistingDatabase(name: string): Promise<IDBDatabase | null> {
  const factory = indexedDbFactory();
  if (!factory) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let absent = false;
    const request = factory.open(name);
    request.onupgradeneeded = (event) => {
      // Only a database that does not exist upgrades when opened without a version: abort, so none is created.
      if (event.oldVersion === 0) {
        absent = true;
        request.transaction?.abort();
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      if (absent) {
        // The aborted upgrade's error is the expected answer, not a failure to report.
        event.preventDefault();
        resolve(null);
      } else reject(request.error);
    };
    request.onblocked = () => undefined;
  });
}

let appDb: Promise<IDBDatabase | null> | null = null;

/**
 * The app's database when it exists, kept open for the page once it does (a missing one is asked again next time:
 * Dexie may have made it since). Closed when Dexie needs it to (an upgrade, a deletion).
 */
export function openAppDbIfExists(): Promise<IDBDatabase | null> {
  if (appDb) return appDb;
  const opening = openExistingDatabase(APP_DB_NAME).then((db) => {
    if (!db) {
      if (appDb === opening) appDb = null;
      return null;
    }
    const forget = () => {
      if (appDb === opening) appDb = null;
    };
    db.onversionchange = () => {
      db.close();
      forget();
    };
    db.onclose = forget;
    return db;
  });
  opening.catch(() => {
    if (appDb === opening) appDb = null;
  });
  appDb = opening;
  return opening;
}

/** Closes this side's connection to the app's database (before deleting it). */
export async function closeRawAppDb(): Promise<void> {
  const opening = appDb;
  appDb = null;
  (await opening?.catch(() => null))?.close();
}

/**
 * Runs `read` in one read-only transaction over `stores` of the app's database; `fallback` when the database or one
 * of the stores does not exist (nothing stored yet).
 */
export async function readAppDb<T>(
  stores: string[],
  read: (transaction: IDBTransaction) => Promise<T>,
  fallback: T,
): Promise<T> {
  const db = await openAppDbIfExists();
  if (!db || stores.some((store) => !db.objectStoreNames.contains(store))) return fallback;
  return read(db.transaction(stores, 'readonly'));
}
