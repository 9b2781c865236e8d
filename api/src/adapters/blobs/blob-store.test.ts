import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createLocalBlobStore,
  createMemoryBlobStore,
  InvalidBlobKeyError,
  isSafeBlobKey,
  type BlobStore,
} from './blob-store';
import { startFakeS3, type FakeS3 } from './fake-s3.test-support';
import { createS3BlobStore } from './s3-blob-store';

const temporaryDirs: string[] = [];
const fakeS3Servers: FakeS3[] = [];
afterEach(async () => {
  await Promise.all(temporaryDirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  await Promise.all(fakeS3Servers.splice(0).map((fake) => fake.close()));
});

async function localStore() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wb-blobs-'));
  temporaryDirs.push(dir);
  return { dir, store: createLocalBlobStore(path.join(dir, 'blobs')) };
}

const stores: Array<[string, () => Promise<BlobStore>]> = [
  ['local disk', async () => (await localStore()).store],
  ['memory', async () => createMemoryBlobStore()],
  [
    'S3 (in-process fake)',
    async () => {
      const credentials = {
        bucket: 'wb-test',
        region: 'us-east-1',
        accessKeyId: 'AKIACONTRACT',
        secretAccessKey: 'contract-secret',
      };
      const fake = await startFakeS3(credentials);
      fakeS3Servers.push(fake);
      return createS3BlobStore({ ...credentials, endpoint: fake.endpoint, forcePathStyle: true });
    },
  ],
];

describe.each(stores)('%s blob store', (_name, makeStore) => {
  it('puts, reads, checks and deletes a blob', async () => {
    const store = await makeStore();
    const bytes = new Uint8Array([1, 2, 3, 250]);
    expect(await store.exists('avatars/u1/a.png')).toBe(false);
    expect(await store.get('avatars/u1/a.png')).toBeNull();
    await store.put('avatars/u1/a.png', bytes);
    expect(await store.exists('avatars/u1/a.png')).toBe(true);
    expect(Array.from((await store.get('avatars/u1/a.png'))!)).toEqual([1, 2, 3, 250]);
    await store.put('avatars/u1/a.png', new Uint8Array([9]));
    expect(Array.from((await store.get('avatars/u1/a.png'))!)).toEqual([9]);
    await store.delete('avatars/u1/a.png');
    await store.delete('avatars/u1/a.png');
    expect(await store.exists('avatars/u1/a.png')).toBe(false);
  });

  it('refuses keys that could escape the store', async () => {
    const store = await makeStore();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden', 'a/./b', 'a\\b', '', 'a/b/', 'ä.png']) {
      await expect(store.put(key, new Uint8Array([1]))).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
  });
});

describe('local disk blob store', () => {
  it('writes inside its folder and leaves no temporary files', async () => {
    const { dir, store } = await localStore();
    await store.put('avatars/u1/b.webp', new Uint8Array([7, 7]));
    const files = await fs.readdir(path.join(dir, 'blobs', 'avatars', 'u1'));
    expect(files).toEqual(['b.webp']);
  });

  it('accepts ordinary keys', () => {
    expect(isSafeBlobKey('avatars/0b6e7a1c-1f7e-4f7e-9d6f-0e0f0e0f0e0f/3f2a.png')).toBe(true);
    expect(isSafeBlobKey('a..b')).toBe(true);
  });
});
