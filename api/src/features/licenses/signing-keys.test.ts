import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testEnv } from '../auth/auth-test-helpers';
import { ConfigError, parseEnv } from '../../env';
import { loadLicenseKeys } from './licenses.service';
import { generateLicenseSigningJwk, LICENSE_KEY_FILE, licenseKeyring } from './signing-keys';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-license-keys-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('licence signing keys', () => {
  it('generates one key into DATA_DIR (0600) when unset, and reuses it', async () => {
    const dataDir = tempDir();
    const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const keyring = await licenseKeyring(env);
    const file = path.join(dataDir, LICENSE_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: { kid: string; d: string }[] };
    expect(stored.keys).toHaveLength(1);
    expect(stored.keys[0].kid).toBe(keyring.current.kid);
    // The JWKS never carries the private scalar.
    expect(keyring.jwks.keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: expect.any(String),
        y: expect.any(String),
        kid: keyring.current.kid,
        alg: 'ES256',
        use: 'sig',
      },
    ]);

    // Another process (a fresh cache key: a different but equal path) reads the same file.
    const again = await licenseKeyring({ ...env, DATA_DIR: `${dataDir}/.` });
    expect(again.current.kid).toBe(keyring.current.kid);
  });

  it('uses LICENSE_SIGNING_KEYS: all keys published, the last one signs', async () => {
    const older = await generateLicenseSigningJwk();
    const newer = { ...(await generateLicenseSigningJwk()), kid: 'key-2026-02' };
    const env = testEnv({ LICENSE_SIGNING_KEYS: JSON.stringify({ keys: [older, newer] }) });
    const keyring = await licenseKeyring(env);
    expect(keyring.current.kid).toBe('key-2026-02');
    expect(keyring.jwks.keys.map((key) => key.kid)).toEqual([older.kid, 'key-2026-02']);
    expect(JSON.stringify(keyring.jwks)).not.toContain(newer.d);
  });

  it('stops at start-up on a malformed LICENSE_SIGNING_KEYS', async () => {
    const key = await generateLicenseSigningJwk();
    const bad = [
      ['not json', /must be a JSON JWK set/],
      [JSON.stringify({ keys: [] }), /keys must hold at least one key/],
      [JSON.stringify({ keys: [{ ...key, crv: 'P-384' }] }), /crv must be P-256/],
      [JSON.stringify({ keys: [{ ...key, d: undefined }] }), /d \(the private key\)/],
      [JSON.stringify({ keys: [key, key] }), /every kid must be different/],
    ] as const;
    for (const [value, message] of bad) {
      expect(() => testEnv({ LICENSE_SIGNING_KEYS: value })).toThrow(ConfigError);
      expect(() => testEnv({ LICENSE_SIGNING_KEYS: value })).toThrow(message);
    }
  });

  it('refuses a key whose private part does not match its public part', async () => {
    const one = await generateLicenseSigningJwk();
    const two = await generateLicenseSigningJwk();
    const env = testEnv({ LICENSE_SIGNING_KEYS: JSON.stringify({ keys: [{ ...one, d: two.d }] }) });
    await expect(licenseKeyring(env)).rejects.toThrow(/does not match its public key/);
  });

  it('keeps test keys in memory: one keyring per configuration, nothing written', async () => {
    const env = testEnv({ DATA_DIR: path.join(tempDir(), 'never-created') });
    const first = await licenseKeyring(env);
    expect(await licenseKeyring(env)).toBe(first);
    expect((await licenseKeyring(testEnv())).current.kid).not.toBe(first.current.kid);
    expect(fs.existsSync(env.DATA_DIR)).toBe(false);
  });

  it('loadLicenseKeys (at start) loads both key files once, the keyring the licences then use', async () => {
    const dataDir = tempDir();
    const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await loadLicenseKeys(env);
    expect(fs.existsSync(path.join(dataDir, LICENSE_KEY_FILE))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'content-kek'))).toBe(true);
    const loaded = licenseKeyring(env);
    expect(licenseKeyring(env)).toBe(loaded);
    expect((await loaded).current.kid).toEqual(expect.any(String));
  });

  it('loadLicenseKeys rejects with the reason when the signing key file is broken', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, LICENSE_KEY_FILE), 'not json', { mode: 0o600 });
    const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await expect(loadLicenseKeys(env)).rejects.toThrow(LICENSE_KEY_FILE);
  });
});
