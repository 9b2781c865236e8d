import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidBlobKeyError } from './blob-store';
import { startFakeS3, type FakeS3 } from './fake-s3.test-support';
import { createS3BlobStore, S3RequestError, type FetchLike, type S3BlobStoreConfig } from './s3-blob-store';

const credentials = {
  bucket: 'wb-books',
  region: 'eu-west-2',
  accessKeyId: 'AKIATESTKEY123',
  secretAccessKey: 'test-secret/with+chars',
};

const fakes: FakeS3[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function setup(overrides: Partial<S3BlobStoreConfig> = {}) {
  const fake = await startFakeS3(credentials);
  fakes.push(fake);
  const store = createS3BlobStore({
    ...credentials,
    endpoint: fake.endpoint,
    forcePathStyle: true,
    retryDelayMs: 1,
    ...overrides,
  });
  return { fake, store };
}

/** A fetch that answers every request with one status and remembers what it was asked. */
function recordingFetch(status = 200) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return new Response(status === 200 ? new Uint8Array([1]) : null, { status });
  };
  return { calls, fetchImpl };
}

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

describe('S3 blob store', () => {
  it('signs path-style requests that S3 accepts and round-trips a blob', async () => {
    const { fake, store } = await setup({ prefix: 'wonderful-books/test' });
    const bytes = new Uint8Array([1, 2, 3, 250]);

    await store.put('books/b1/v1-abc/chunk-0', bytes);
    expect(await store.exists('books/b1/v1-abc/chunk-0')).toBe(true);
    expect(Array.from((await store.get('books/b1/v1-abc/chunk-0'))!)).toEqual([1, 2, 3, 250]);
    await store.delete('books/b1/v1-abc/chunk-0');
    expect(await store.exists('books/b1/v1-abc/chunk-0')).toBe(false);

    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'PUT /wb-books/wonderful-books/test/books/b1/v1-abc/chunk-0',
      'HEAD /wb-books/wonderful-books/test/books/b1/v1-abc/chunk-0',
      'GET /wb-books/wonderful-books/test/books/b1/v1-abc/chunk-0',
      'DELETE /wb-books/wonderful-books/test/books/b1/v1-abc/chunk-0',
      'HEAD /wb-books/wonderful-books/test/books/b1/v1-abc/chunk-0',
    ]);
    for (const request of fake.requests) {
      expect(request.authProblem).toBeNull();
      expect(request.headers.authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=AKIATESTKEY123/${today()}/eu-west-2/s3/aws4_request, `),
      );
      expect(request.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
      expect(request.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    }
    const put = fake.requests[0];
    expect(put.headers['content-type']).toBe('application/octet-stream');
    expect(put.headers['content-length']).toBe('4');
    expect(put.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(JSON.stringify(fake.requests.map((request) => request.headers))).not.toContain(credentials.secretAccessKey);
  });

  it('stores the exact bytes under the prefixed key and overwrites on a second put', async () => {
    const { fake, store } = await setup({ prefix: '/tenant-a/' });
    await store.put('avatars/u1/a.png', new Uint8Array([5, 6]));
    await store.put('avatars/u1/a.png', new Uint8Array([9]));
    expect([...fake.objects.keys()]).toEqual(['tenant-a/avatars/u1/a.png']);
    expect(Array.from(fake.objects.get('tenant-a/avatars/u1/a.png')!)).toEqual([9]);
  });

  it('answers null and false for a missing key, and deleting it twice is fine', async () => {
    const { fake, store } = await setup();
    expect(await store.get('books/missing')).toBeNull();
    expect(await store.exists('books/missing')).toBe(false);
    await store.delete('books/missing');
    fake.respond = (request) => (request.method === 'DELETE' ? { status: 404, code: 'NoSuchKey' } : undefined);
    await store.delete('books/missing');
    expect(fake.requests.map((request) => request.method)).toEqual(['GET', 'HEAD', 'DELETE', 'DELETE']);
  });

  it('refuses unsafe keys before sending anything', async () => {
    const { fake, store } = await setup();
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      '.hidden',
      'a/./b',
      'a\\b',
      '',
      'a/b/',
      'ä.png',
      'a?b',
      'a%2Fb',
    ]) {
      await expect(store.put(key, new Uint8Array([1]))).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.exists(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    expect(fake.requests).toEqual([]);
  });

  it('retries a transient 503 and then succeeds', async () => {
    const { fake, store } = await setup();
    await store.put('books/b1/cover', new Uint8Array([4]));
    let failures = 1;
    fake.respond = () => (failures-- > 0 ? { status: 503, code: 'SlowDown' } : undefined);
    expect(Array.from((await store.get('books/b1/cover'))!)).toEqual([4]);
    expect(fake.requests.map((request) => request.method)).toEqual(['PUT', 'GET', 'GET']);
  });

  it('turns a persistent 500 into an error with the status, after its retries, without credentials', async () => {
    const { fake, store } = await setup({ retries: 2 });
    fake.respond = () => ({ status: 500, code: 'InternalError' });
    const failure = await store.get('books/b1/cover').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3RequestError);
    expect((failure as S3RequestError).status).toBe(500);
    expect((failure as Error).message).toBe('S3 GET books/b1/cover failed with status 500 InternalError');
    expect(fake.requests).toHaveLength(3);
    await expect(store.put('books/b1/cover', new Uint8Array([1]))).rejects.toThrow(
      /S3 PUT books\/b1\/cover failed with status 500/,
    );
    await expect(store.exists('books/b1/cover')).rejects.toThrow(/S3 HEAD books\/b1\/cover failed with status 500/);
    await expect(store.delete('books/b1/cover')).rejects.toThrow(/S3 DELETE books\/b1\/cover failed with status 500/);
  });

  it('does not retry a refusal and says what to check', async () => {
    const { fake, store } = await setup({ secretAccessKey: 'not-the-right-secret' });
    const failure = (await store
      .put('books/b1/cover', new Uint8Array([1]))
      .catch((error: unknown) => error)) as S3RequestError;
    expect(failure.status).toBe(403);
    expect(failure.message).toMatch(
      /^S3 PUT books\/b1\/cover failed with status 403 SignatureDoesNotMatch \(check the S3 keys/,
    );
    expect(failure.message).not.toContain('not-the-right-secret');
    expect(failure.message).not.toContain(credentials.accessKeyId);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].authProblem).toBe('SignatureDoesNotMatch');
    expect(fake.objects.size).toBe(0);
  });

  it('reports a missing bucket instead of pretending the blob is missing', async () => {
    const { store } = await setup({ bucket: 'no-such-bucket' });
    await expect(store.get('books/b1/cover')).rejects.toThrow(
      'S3 GET books/b1/cover failed with status 404 NoSuchBucket',
    );
  });

  it('gives up after its timeout without retrying', async () => {
    const { fake, store } = await setup({ timeoutMs: 150 });
    fake.respond = () => 'hang';
    await expect(store.get('books/b1/cover')).rejects.toThrow('S3 GET books/b1/cover timed out after 150 ms');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries an unreachable endpoint, then says so', async () => {
    const { fake } = await setup();
    const endpoint = fake.endpoint;
    await fake.close();
    const store = createS3BlobStore({ ...credentials, endpoint, forcePathStyle: true, retries: 1, retryDelayMs: 1 });
    await expect(store.exists('books/b1/cover')).rejects.toThrow(
      'S3 HEAD books/b1/cover could not reach the storage endpoint',
    );
  });

  it('builds virtual-hosted URLs for AWS and keeps an endpoint base path for path style', async () => {
    const virtual = recordingFetch();
    const aws = createS3BlobStore(
      { ...credentials, endpoint: 'https://s3.eu-west-2.amazonaws.com', forcePathStyle: false, prefix: 'prod' },
      virtual.fetchImpl,
    );
    await aws.get('books/b1/v2-x/chunk-12');
    expect(virtual.calls[0].url).toBe('https://wb-books.s3.eu-west-2.amazonaws.com/prod/books/b1/v2-x/chunk-12');
    expect(virtual.calls[0].init.method).toBe('GET');
    expect(new Headers(virtual.calls[0].init.headers).get('authorization')).toContain('/eu-west-2/s3/aws4_request');
    expect(virtual.calls[0].init.signal).toBeInstanceOf(AbortSignal);

    const pathStyle = recordingFetch(204);
    const minio = createS3BlobStore(
      { ...credentials, endpoint: 'https://storage.example.com/s3/', forcePathStyle: true },
      pathStyle.fetchImpl,
    );
    await minio.delete('avatars/u1/a.png');
    expect(pathStyle.calls[0].url).toBe('https://storage.example.com/s3/wb-books/avatars/u1/a.png');
  });

  it('refuses a prefix that is not a safe key', () => {
    expect(() =>
      createS3BlobStore({ ...credentials, endpoint: 'https://s3.example.com', forcePathStyle: true, prefix: 'a/../b' }),
    ).toThrow(/prefix/);
  });
});
