/**
 * The licence signing keyring (docs/ARCHITECTURE.md#protected-content: compact JWS, ES256, public keys at a JWKS
 * endpoint with rotation). Keys come from LICENSE_SIGNING_KEYS (a JSON JWK set of P-256 private keys) or, when unset,
 * from <DATA_DIR>/license-signing-keys.json, generated once with mode 0600. The LAST key of the set signs new licences;
 * every key is published, so rotating means appending a new key and removing an old one only after the licences it
 * signed have expired (offline_max_days).
 *
 * Tests (NODE_ENV=test) without LICENSE_SIGNING_KEYS get a key made in memory per configuration
 * object, so test runs never write into the working tree's DATA_DIR.
 *
 * State: one keyring promise per key source, built on first use and kept for the process.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  jwtVerify,
  type CryptoKey,
} from 'jose';
import { LICENSE_ALG, type TLicenseJwks } from '@shared/reader';
import type { TEnv } from '../../env';
import { parseLicenseSigningKeySet, type TLicenseSigningJwk, type TLicenseSigningKeySet } from './signing-key-schema';

export const LICENSE_KEY_FILE = 'license-signing-keys.json';

type TPublicSigningJwk = TLicenseJwks['keys'][number];

export interface TSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: TPublicSigningJwk;
}

export interface TLicenseKeyring {
  /** The key that signs new licences (the newest: last in the set). */
  current: TSigningKey;
  /** Every key, including older ones still trusted for verification. */
  keys: readonly TSigningKey[];
  /** What GET /api/.well-known/jwks.json publishes: public members only. */
  jwks: TLicenseJwks;
}

type TKeySource = Pick<TEnv, 'LICENSE_SIGNING_KEYS' | 'DATA_DIR' | 'NODE_ENV'>;

/** A fresh P-256 signing key as a private JWK with its RFC 7638 thumbprint as kid. */
export async function generateLicenseSigningJwk(): Promise<TLicenseSigningJwk> {
  const { privateKey } = await generateKeyPair(LICENSE_ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const { kty, crv, x, y, d } = jwk as { kty: 'EC'; crv: 'P-256'; x: string; y: string; d: string };
  const kid = await calculateJwkThumbprint({ kty, crv, x, y }, 'sha256');
  return { kty, crv, x, y, d, kid, alg: LICENSE_ALG };
}

async function importSigningKey(jwk: TLicenseSigningJwk): Promise<TSigningKey> {
  const { kty, crv, x, y } = jwk;
  const kid = jwk.kid ?? (await calculateJwkThumbprint({ kty, crv, x, y }, 'sha256'));
  // A private scalar that does not belong to x/y would sign licences no client can verify: refuse it now.
  const unusable = () =>
    new Error(`Licence signing key ${kid}: the private key (d) does not match its public key (x, y)`);
  const privateKey = (await importJWK({ kty, crv, x, y, d: jwk.d }, LICENSE_ALG).catch(() =>
    Promise.reject(unusable()),
  )) as CryptoKey;
  const publicKey = (await importJWK({ kty, crv, x, y }, LICENSE_ALG).catch(() =>
    Promise.reject(unusable()),
  )) as CryptoKey;
  const probe = await new SignJWT({ probe: true }).setProtectedHeader({ alg: LICENSE_ALG }).sign(privateKey);
  await jwtVerify(probe, publicKey, { algorithms: [LICENSE_ALG] }).catch(() => Promise.reject(unusable()));
  return { kid, privateKey, publicKey, publicJwk: { kty, crv, x, y, kid, alg: LICENSE_ALG, use: 'sig' } };
}

export async function buildLicenseKeyring(set: TLicenseSigningKeySet): Promise<TLicenseKeyring> {
  const keys = await Promise.all(set.keys.map(importSigningKey));
  if (new Set(keys.map((key) => key.kid)).size !== keys.length)
    throw new Error('Licence signing keys: every kid must be different');
  return { current: keys[keys.length - 1], keys, jwks: { keys: keys.map((key) => key.publicJwk) } };
}

/** Reads the key file, or creates it with one new key (0600; 'wx' so a second worker never overwrites the first's key). */
export async function loadOrCreateLicenseKeyFile(dataDir: string): Promise<TLicenseSigningKeySet> {
  const file = path.join(dataDir, LICENSE_KEY_FILE);
  const read = () => {
    const parsed = parseLicenseSigningKeySet(fs.readFileSync(file, 'utf8'));
    if (!parsed.ok) throw new Error(`${file}: ${parsed.message}`);
    return parsed.value;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const set: TLicenseSigningKeySet = { keys: [await generateLicenseSigningJwk()] };
  try {
    fs.writeFileSync(file, `${JSON.stringify(set, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return set;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}

const keyringsBySource = new Map<string, Promise<TLicenseKeyring>>();
const ephemeralKeyrings = new WeakMap<object, Promise<TLicenseKeyring>>();

function remember(source: string, build: () => Promise<TLicenseKeyring>): Promise<TLicenseKeyring> {
  let keyring = keyringsBySource.get(source);
  if (!keyring) {
    keyring = build();
    // A failed load (unreadable file) is not cached, so the next request tries again.
    keyring.catch(() => keyringsBySource.delete(source));
    keyringsBySource.set(source, keyring);
  }
  return keyring;
}

/** The keyring for this configuration, loaded once per key source. */
export function licenseKeyring(env: TKeySource): Promise<TLicenseKeyring> {
  if (env.LICENSE_SIGNING_KEYS) {
    const text = env.LICENSE_SIGNING_KEYS;
    return remember(`env:${text}`, async () => {
      const parsed = parseLicenseSigningKeySet(text);
      if (!parsed.ok) throw new Error(`LICENSE_SIGNING_KEYS: ${parsed.message}`);
      return buildLicenseKeyring(parsed.value);
    });
  }
  if (env.NODE_ENV === 'test') {
    let keyring = ephemeralKeyrings.get(env);
    if (!keyring) {
      keyring = generateLicenseSigningJwk().then((jwk) => buildLicenseKeyring({ keys: [jwk] }));
      ephemeralKeyrings.set(env, keyring);
    }
    return keyring;
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return remember(`file:${dataDir}`, async () => buildLicenseKeyring(await loadOrCreateLicenseKeyFile(dataDir)));
}
