/**
 * The licence signing keys (the server's JWKS) kept in the meta table, so a licence can be verified
 * with no network. Only public keys are stored here.
 */
import type { JSONWebKeySet } from 'jose';
import { getDb } from './db';

const JWKS_META_KEY = 'licence-jwks';

export interface TCachedJwks {
  jwks: JSONWebKeySet;
  fetchedAt: number;
}

function isJwks(value: unknown): value is JSONWebKeySet {
  return !!value && typeof value === 'object' && Array.isArray((value as { keys?: unknown }).keys);
}

export async function readCachedJwks(): Promise<TCachedJwks | undefined> {
  const entry = await getDb().meta.get(JWKS_META_KEY);
  const value = entry?.value as Partial<TCachedJwks> | undefined;
  if (!value || !isJwks(value.jwks) || typeof value.fetchedAt !== 'number') return undefined;
  return { jwks: value.jwks, fetchedAt: value.fetchedAt };
}

export async function saveCachedJwks(jwks: JSONWebKeySet, fetchedAt = Date.now()): Promise<void> {
  await getDb().meta.put({ key: JWKS_META_KEY, value: { jwks, fetchedAt } satisfies TCachedJwks });
}
