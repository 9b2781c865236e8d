/** Choosing the blob store from configuration, and the S3_* variables' validation in env.ts. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../env';
import { createBlobStore, describeBlobStore } from './index';
import type { FetchLike } from './s3-blob-store';

const temporaryDirs: string[] = [];
afterEach(async () => {
  await Promise.all(temporaryDirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function dataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wb-blob-factory-'));
  temporaryDirs.push(dir);
  return dir;
}

const s3Vars = { S3_BUCKET: 'wb-books', S3_ACCESS_KEY_ID: 'AKIAFACTORY', S3_SECRET_ACCESS_KEY: 'factory-secret-value' };

function recordingFetch() {
  const urls: string[] = [];
  const fetchImpl: FetchLike = async (url) => {
    urls.push(url);
    return new Response(null, { status: 200 });
  };
  return { urls, fetchImpl };
}

describe('createBlobStore', () => {
  it('uses the local disk under BLOB_DIR when no S3 variable is set', async () => {
    const dir = await dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.s3).toBeNull();
    const { urls, fetchImpl } = recordingFetch();
    await createBlobStore(env, fetchImpl).put('avatars/u1/a.png', new Uint8Array([3]));
    expect(Array.from(await fs.readFile(path.join(dir, 'blobs', 'avatars', 'u1', 'a.png')))).toEqual([3]);
    expect(urls).toEqual([]);
    expect(describeBlobStore(env)).toEqual({ blobStore: 'local', dir: path.join(dir, 'blobs') });
  });

  it('uses S3 when the bucket and both keys are set, and writes nothing to disk', async () => {
    const dir = await dataDir();
    const env = parseEnv({
      DATA_DIR: dir,
      ...s3Vars,
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_PREFIX: '/wb/prod/',
    });
    expect(env.s3).toEqual({
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      bucket: 'wb-books',
      accessKeyId: 'AKIAFACTORY',
      secretAccessKey: 'factory-secret-value',
      prefix: 'wb/prod',
      forcePathStyle: true,
    });
    const { urls, fetchImpl } = recordingFetch();
    await createBlobStore(env, fetchImpl).put('avatars/u1/a.png', new Uint8Array([3]));
    expect(urls).toEqual(['http://minio.internal:9000/wb-books/wb/prod/avatars/u1/a.png']);
    expect(await fs.readdir(dir)).toEqual([]);
    const described = describeBlobStore(env);
    expect(described).toEqual({
      blobStore: 's3',
      endpoint: 'http://minio.internal:9000',
      bucket: 'wb-books',
      prefix: 'wb/prod',
    });
    expect(JSON.stringify(described)).not.toContain('factory-secret-value');
  });

  it('defaults to AWS S3 with virtual-hosted URLs when no endpoint is given', async () => {
    const env = parseEnv({ ...s3Vars, S3_REGION: 'eu-west-2' });
    expect(env.s3).toMatchObject({
      endpoint: 'https://s3.eu-west-2.amazonaws.com',
      region: 'eu-west-2',
      prefix: '',
      forcePathStyle: false,
    });
    const { urls, fetchImpl } = recordingFetch();
    expect(await createBlobStore(env, fetchImpl).exists('books/b1/cover')).toBe(true);
    expect(urls).toEqual(['https://wb-books.s3.eu-west-2.amazonaws.com/books/b1/cover']);
  });

  it('lets S3_FORCE_PATH_STYLE override the default', () => {
    expect(
      parseEnv({ ...s3Vars, S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle,
    ).toBe(false);
    expect(parseEnv({ ...s3Vars, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });
});

describe('S3 configuration', () => {
  it('treats empty S3 variables as unset', () => {
    expect(parseEnv({ S3_BUCKET: '', S3_ACCESS_KEY_ID: ' ', S3_SECRET_ACCESS_KEY: '', S3_ENDPOINT: '' }).s3).toBeNull();
  });

  it.each([
    [{ S3_BUCKET: 'wb-books' }, 'S3_BUCKET: S3 storage also needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY'],
    [
      { S3_ENDPOINT: 'https://s3.example.com' },
      'S3_ENDPOINT: S3 storage also needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    ],
    [
      { S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'half-configured-secret' },
      'S3_ACCESS_KEY_ID: S3 storage also needs S3_BUCKET',
    ],
    [{ S3_BUCKET: 'wb-books', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_BUCKET: S3 storage also needs S3_SECRET_ACCESS_KEY'],
    [{ S3_PREFIX: 'books' }, 'S3_PREFIX: S3 storage also needs S3_BUCKET'],
  ])('stops on half-configured S3 %j', (vars, message) => {
    expect(() => parseEnv(vars)).toThrow(ConfigError);
    expect(() => parseEnv(vars)).toThrow(message);
    try {
      parseEnv(vars);
    } catch (error) {
      expect((error as Error).message).not.toContain('half-configured-secret');
    }
  });

  it.each([
    [{ S3_BUCKET: 'My_Bucket' }, /S3_BUCKET: S3_BUCKET must be a bucket name/],
    [{ S3_ENDPOINT: 'ftp://s3.example.com' }, /S3_ENDPOINT: S3_ENDPOINT must be an http/],
    [{ S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT/],
    [{ S3_REGION: 'EU West' }, /S3_REGION/],
    [{ S3_PREFIX: 'books/../secrets' }, /S3_PREFIX may use letters/],
    [{ S3_PREFIX: 'a//b' }, /S3_PREFIX/],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
  ])('names a bad value %j', (vars, message) => {
    expect(() => parseEnv({ ...s3Vars, ...vars })).toThrow(message);
  });
});
