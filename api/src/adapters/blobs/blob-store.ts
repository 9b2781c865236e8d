/**
 * The blob adapter (docs/product/decisions.md#9): one interface for binary files such as avatars and book
 * chunks, with a local-disk default under BLOB_DIR (DATA_DIR/blobs); s3-blob-store.ts is the
 * S3-compatible alternative and index.ts chooses between them from configuration.
 * Keys are slash-separated names checked against a strict pattern, so no key can climb out of the
 * store's folder or name a hidden file. Callers (features/profile for avatars) own the key layout.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface BlobStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no blob under the key. */
  get(key: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Removes the blob; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Segments start with a letter or digit (no `.`/`..`, no hidden files) and use a small safe alphabet. */
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9_.-]{0,127}){0,7}$/;

export class InvalidBlobKeyError extends Error {
  constructor(key: string) {
    super(`Invalid blob key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidBlobKeyError';
  }
}

export function isSafeBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').some((segment) => segment === '.' || segment === '..');
}

function assertSafeKey(key: string): void {
  if (!isSafeBlobKey(key)) throw new InvalidBlobKeyError(key);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Files under `rootDir`, written to a temporary name and renamed so readers never see half a file. */
export function createLocalBlobStore(rootDir: string): BlobStore {
  const root = path.resolve(rootDir);
  const resolve = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, ...key.split('/'));
    // Belt and braces behind the pattern: the resolved path must stay inside the root.
    if (!file.startsWith(root + path.sep)) throw new InvalidBlobKeyError(key);
    return file;
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await fs.writeFile(temporary, data, { flag: 'wx' });
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(resolve(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.stat(resolve(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

/** In-memory store for tests and tools that must not touch the disk; same key rules as the disk store. */
export function createMemoryBlobStore(): BlobStore & { keys(): string[] } {
  const blobs = new Map<string, Uint8Array>();
  return {
    async put(key, data) {
      assertSafeKey(key);
      blobs.set(key, new Uint8Array(data));
    },
    async get(key) {
      assertSafeKey(key);
      const data = blobs.get(key);
      return data ? new Uint8Array(data) : null;
    },
    async delete(key) {
      assertSafeKey(key);
      blobs.delete(key);
    },
    async exists(key) {
      assertSafeKey(key);
      return blobs.has(key);
    },
    keys: () => [...blobs.keys()].sort(),
  };
}
