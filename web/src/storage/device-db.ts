/**
 * This browser's trust material, in its own small IndexedDB database written with raw IndexedDB, not Dexie
 * (docs/ARCHITECTURE.md#browser-storage): a book's first open on a browser makes the device key, registers the device
 * and records the server's time before its first page is drawn, and the reader page draws that page without loading
 * Dexie (web/src/reader-first-page.ts). What it holds:
 * - deviceKeys: this browser's device key pair (ECDH P-256; RSA-OAEP if made before decision 023) as CryptoKeys whose
 *   private half is non-extractable (one row, id 'browser', written once: device-store.ts);
 * - browserDevices: the server's device id for this browser's key, per signed-in user (device-store.ts);
 * - trustedTime: the monotonic high-water mark of server time (trusted-time.ts);
 * - meta: the licence signing keys (jwks-cache.ts) and the mark of the one-time copy below.
 *
 * Browsers that kept these in the app's database (db.ts tables deviceKeys, browserDevices, trustedTime and meta's
 * `licence-jwks`) have them copied here, read with raw IndexedDB, the first time this database is opened, in one
 * transaction that also writes a mark, before anything here is read or written: a key made before is never replaced
 * by a new one (an orphan device on the account, downloads wrapped to a key that is gone). A row removed later (a
 * forgotten device) is not copied again.
 * Bump DEVICE_DB_VERSION and add a step to upgradeDeviceDb when a store changes; never change a released step.
 */
import { APP_DB_NAME, openExistingDatabase, requestResult, transactionDone } from './raw-idb';

export const DEVICE_DB_NAME = 'wonderful-books-device';
const DEVICE_DB_VERSION = 1;

export const DEVICE_KEYS_STORE = 'deviceKeys';
export const BROWSER_DEVICES_STORE = 'browserDevices';
export const TRUSTED_TIME_STORE = 'trustedTime';
export const DEVICE_META_STORE = 'meta';
type TDeviceStore =
  | typeof DEVICE_KEYS_STORE
  | typeof BROWSER_DEVICES_STORE
  | typeof TRUSTED_TIME_STORE
  | typeof DEVICE_META_STORE;

/** What the app's database (db.ts) held of this before this database existed. */
const LEGACY_JWKS_META_KEY = 'licence-jwks';
/** Written with the copied rows: the copy is done (a browser that held nothing gets the mark too). */
const MIGRATED_META_KEY = 'migrated-from-app-db';

export interface TStoredDeviceKey {
  /** Always 'browser': one key pair per browser profile. */
  id: 'browser';
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JsonWebKey;
  /** RFC 7638 thumbprint of publicJwk. */
  thumbprint: string;
  createdAt: number;
}

export interface TStoredBrowserDevice {
  /** Signed-in user the server device row belongs to. */
  userId: string;
  deviceId: string;
  thumbprint: string;
  offlineRegistered: boolean;
}

export interface TTrustedTime {
  id: 'clock';
  /** Highest server time (epoch ms) seen, adjusted by elapsed local time. */
  highWaterMs: number;
  /** Local Date.now() when highWaterMs was recorded. */
  recordedAtLocalMs: number;
}

export interface TDeviceMetaEntry {
  key: string;
  value: unknown;
}

function upgradeDeviceDb(db: IDBDatabase, oldVersion: number): void {
  if (oldVersion < 1) {
    db.createObjectStore(DEVICE_KEYS_STORE, { keyPath: 'id' });
    db.createObjectStore(BROWSER_DEVICES_STORE, { keyPath: 'userId' });
    db.createObjectStore(TRUSTED_TIME_STORE, { keyPath: 'id' });
    db.createObjectStore(DEVICE_META_STORE, { keyPath: 'key' });
  }
}

function openDeviceDbConnection(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DEVICE_DB_NAME, DEVICE_DB_VERSION);
    request.onupgradeneeded = (event) => upgradeDeviceDb(request.result, event.oldVersion);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => undefined;
  });
}

interface TLegacyRows {
  keys: unknown[];
  devices: unknown[];
  clock: unknown;
  jwks: unknown;
}

/** What the app's database holds of this database's rows (raw reads; none when it or the tables do not exist). */
async function readLegacyRows(): Promise<TLegacyRows> {
  const none: TLegacyRows = { keys: [], devices: [], clock: undefined, jwks: undefined };
  const legacy = await openExistingDatabase(APP_DB_NAME);
  if (!legacy) return none;
  try {
    const stores = [DEVICE_KEYS_STORE, BROWSER_DEVICES_STORE, TRUSTED_TIME_STORE, DEVICE_META_STORE].filter((name) =>
      legacy.objectStoreNames.contains(name),
    );
    if (stores.length === 0) return none;
    const transaction = legacy.transaction(stores, 'readonly');
    const read = <T>(store: string, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> =>
      stores.includes(store) ? requestResult(run(transaction.objectStore(store))) : Promise.resolve(undefined);
    const [keys, devices, clock, jwks] = await Promise.all([
      read(DEVICE_KEYS_STORE, (store) => store.getAll()),
      read(BROWSER_DEVICES_STORE, (store) => store.getAll()),
      read(TRUSTED_TIME_STORE, (store) => store.get('clock')),
      read(DEVICE_META_STORE, (store) => store.get(LEGACY_JWKS_META_KEY)),
    ]);
    return { keys: keys ?? [], devices: devices ?? [], clock, jwks };
  } finally {
    legacy.close();
  }
}

/** Copies the legacy rows once; rows already here win (first writer wins, as everywhere in this database). */
async function migrateOnce(db: IDBDatabase): Promise<void> {
  const check = db.transaction(DEVICE_META_STORE, 'readonly');
  if (await requestResult(check.objectStore(DEVICE_META_STORE).get(MIGRATED_META_KEY))) return;
  const legacy = await readLegacyRows();
  const stores = [DEVICE_KEYS_STORE, BROWSER_DEVICES_STORE, TRUSTED_TIME_STORE, DEVICE_META_STORE];
  const transaction = db.transaction(stores, 'readwrite');
  const done = transactionDone(transaction);
  const meta = transaction.objectStore(DEVICE_META_STORE);
  const addIfAbsent = async (store: IDBObjectStore, row: unknown, key: IDBValidKey) => {
    if ((await requestResult(store.getKey(key))) === undefined) await requestResult(store.add(row));
  };
  if (!(await requestResult(meta.get(MIGRATED_META_KEY)))) {
    const keys = transaction.objectStore(DEVICE_KEYS_STORE);
    const devices = transaction.objectStore(BROWSER_DEVICES_STORE);
    const clock = transaction.objectStore(TRUSTED_TIME_STORE);
    const copies: Promise<void>[] = [];
    for (const key of legacy.keys as TStoredDeviceKey[])
      if (key?.id === 'browser') copies.push(addIfAbsent(keys, key, key.id));
    for (const device of legacy.devices as TStoredBrowserDevice[])
      if (typeof device?.userId === 'string') copies.push(addIfAbsent(devices, device, device.userId));
    const legacyClock = legacy.clock as TTrustedTime | undefined;
    if (legacyClock?.id === 'clock') copies.push(addIfAbsent(clock, legacyClock, 'clock'));
    const legacyJwks = legacy.jwks as TDeviceMetaEntry | undefined;
    if (legacyJwks?.key === LEGACY_JWKS_META_KEY) copies.push(addIfAbsent(meta, legacyJwks, legacyJwks.key));
    copies.push(requestResult(meta.put({ key: MIGRATED_META_KEY, value: Date.now() })).then(() => undefined));
    await Promise.all(copies);
  }
  await done;
}

let deviceDb: Promise<IDBDatabase> | null = null;

/** This database, with the legacy rows copied; kept open for the page, and closed when it is to be deleted. */
function openDeviceDb(): Promise<IDBDatabase> {
  if (deviceDb) return deviceDb;
  const opening = openDeviceDbConnection().then(async (db) => {
    db.onversionchange = () => {
      db.close();
      if (deviceDb === opening) deviceDb = null;
    };
    try {
      await migrateOnce(db);
    } catch (error) {
      db.close();
      throw error;
    }
    return db;
  });
  opening.catch(() => {
    if (deviceDb === opening) deviceDb = null;
  });
  deviceDb = opening;
  return opening;
}

/**
 * Runs `run` in one transaction over `stores` and resolves with its answer once the transaction has committed (a
 * write is stored when this resolves). A rejection of `run` aborts the transaction: nothing it wrote is kept.
 */
export async function withDeviceDb<T>(
  stores: TDeviceStore[],
  mode: IDBTransactionMode,
  run: (transaction: IDBTransaction) => Promise<T>,
): Promise<T> {
  const db = await openDeviceDb();
  const transaction = db.transaction(stores, mode);
  const done = transactionDone(transaction);
  let result: T;
  try {
    result = await run(transaction);
  } catch (error) {
    done.catch(() => undefined);
    try {
      transaction.abort();
    } catch {
      // Already finished: it wrote nothing after the failure.
    }
    throw error;
  }
  await done;
  return result;
}

/** One row of one store, or undefined. */
export function readDeviceRow<T>(store: TDeviceStore, key: IDBValidKey): Promise<T | undefined> {
  return withDeviceDb([store], 'readonly', (transaction) =>
    requestResult<T | undefined>(transaction.objectStore(store).get(key)),
  );
}

/** Closes this side's connection and deletes the database (with the app's: db.ts deleteDb). */
export async function deleteDeviceDb(): Promise<void> {
  const opening = deviceDb;
  deviceDb = null;
  (await opening?.catch(() => null))?.close();
  if (typeof indexedDB === 'undefined') return;
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DEVICE_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => undefined;
  });
}
