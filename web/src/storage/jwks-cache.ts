/**
 * The licence signing keys (the server's JWKS) kept in the meta store of device-db.ts (raw IndexedDB: a book's first
 * open caches them before its first page is drawn, without loading Dexie), so a licence can be verified with no
 * network. Only public keys are stored here.
 */
import type { JSONWebKeySet } from 'jose';
import { DEVICE_META_STORE, readDeviceRow, type TDeviceMetaEntry, withDeviceDb } from './device-db';
import { requestResult } from './raw-idb';

const JWKS_META_KEY = 'licence-jwks';

export interface TCachedJwks {
  jwks: JSONWebKeySet;
  fetchedAt: number;
}

function isJwks(value: unknown): value is JSONWebKeySet {
  return !!value && typeof value === 'object' && Array.isArray((value as { keys?: unknown }).keys);
}

export async function readCachedJwks(): Promise<TCachedJwks | undefined> {
  const entry = await readDeviceRow<TDeviceMetaEntry>(DEVICE_META_STORE, JWKS_META_KEY);
  const value = entry?.value as Partial<TCachedJwks> | undefined;
  if (!value || !isJwks(value.jwks) || typeof value.fetchedAt !== 'number') return undefined;
  return { jwks: value.jwks, fetchedAt: value.fetchedAt };
}

export async function saveCachedJwks(jwks: JSONWebKeySet, fetchedAt = Date.now()): Promise<void> {
  const entry: TDeviceMetaEntry = { key: JWKS_META_KEY, value: { jwks, fetchedAt } satisfies TCachedJwks };
  await withDeviceDb([DEVICE_META_STORE], 'readwrite', async (transaction) => {
    await requestResult(transaction.objectStore(DEVICE_META_STORE).put(entry));
  });
}
