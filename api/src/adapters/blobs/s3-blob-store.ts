/**
 * The S3-compatible blob store (docs/product/decisions.md#9): the same BlobStore contract as the local disk,
 * spoken to AWS S3, MinIO, Cloudflare R2 and the like over plain fetch with SigV4 signatures
 * (aws4fetch). Every request signs the real SHA-256 of its body, so the storage rejects a PUT that
 * arrived altered. Keys pass the local store's isSafeBlobKey check before any request is made.
 * Transient answers (429, 5xx, a dropped connection) are retried a few times; errors name the
 * operation, key and status, never the credentials.
 */
import { createHash } from 'node:crypto';
import { AwsV4Signer } from 'aws4fetch';
import { InvalidBlobKeyError, isSafeBlobKey, type BlobStore } from './blob-store';

export interface S3BlobStoreConfig {
  /** Origin of the S3 API, e.g. https://s3.eu-west-2.amazonaws.com or https://<account>.r2.cloudflarestorage.com. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Slash-separated folder inside the bucket that every key lives under ('' for the bucket root). */
  prefix?: string;
  /** true: https://host/bucket/key (MinIO and most self-hosted stores); false: https://bucket.host/key. */
  forcePathStyle: boolean;
  /** Per attempt, covering the response body too. */
  timeoutMs?: number;
  /** Extra attempts after a transient failure. */
  retries?: number;
  retryDelayMs?: number;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 100;
const TRANSIENT_STATUSES = new Set([429, 500, 502, 503, 504]);
const EMPTY_BODY_SHA256 = createHash('sha256').digest('hex');

/** A failed S3 request; `status` is absent when no answer arrived (timeout, unreachable endpoint). */
export class S3RequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'S3RequestError';
  }
}

export function createS3BlobStore(config: S3BlobStoreConfig, fetchImpl: FetchLike = fetch): BlobStore {
  const prefix = (config.prefix ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !isSafeBlobKey(prefix))
    throw new Error('The S3 key prefix may only use letters, digits, _ . - and single slashes');
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const bucketPath = config.forcePathStyle ? `${basePath}/${encodeURIComponent(config.bucket)}` : basePath;
  const origin = config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = config.retries ?? DEFAULT_RETRIES;
  const retryDelayMs = config.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;

  const objectUrl = (key: string) => {
    if (!isSafeBlobKey(key)) throw new InvalidBlobKeyError(key);
    const objectKey = prefix ? `${prefix}/${key}` : key;
    return `${origin}${bucketPath}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  };

  async function attempt(method: string, url: string, key: string, body?: Uint8Array<ArrayBuffer>): Promise<Response> {
    const headers: Record<string, string> = {
      'x-amz-content-sha256': body ? createHash('sha256').update(body).digest('hex') : EMPTY_BODY_SHA256,
    };
    if (body) headers['content-type'] = 'application/octet-stream';
    const signed = await new AwsV4Signer({
      method,
      url,
      headers,
      body,
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
    }).sign();
    try {
      return await fetchImpl(signed.url.toString(), {
        method,
        headers: signed.headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = isTimeout(error) ? `timed out after ${timeoutMs} ms` : 'could not reach the storage endpoint';
      throw new S3RequestError(`S3 ${method} ${key} ${reason}`, undefined, { cause: error });
    }
  }

  /** One operation with retries; the final answer is returned whatever its status. */
  async function send(method: string, key: string, body?: Uint8Array<ArrayBuffer>): Promise<Response> {
    const url = objectUrl(key);
    for (let attemptIndex = 0; ; attemptIndex++) {
      const isLast = attemptIndex >= retries;
      let response: Response;
      try {
        response = await attempt(method, url, key, body);
      } catch (error) {
        // A timeout already waited its full budget; only a dropped connection is worth another try.
        const retryable = error instanceof S3RequestError && !isTimeout(error.cause);
        if (isLast || !retryable) throw error;
        await sleep(retryDelayMs * 2 ** attemptIndex);
        continue;
      }
      if (isLast || !TRANSIENT_STATUSES.has(response.status)) return response;
      await discard(response);
      await sleep(retryDelayMs * 2 ** attemptIndex);
    }
  }

  async function failure(method: string, key: string, response: Response): Promise<S3RequestError> {
    const code = method === 'HEAD' ? null : errorCode(await response.text().catch(() => ''));
    const hint =
      response.status === 403
        ? ' (check the S3 keys and bucket policy; without s3:ListBucket a missing key also answers 403)'
        : '';
    return new S3RequestError(
      `S3 ${method} ${key} failed with status ${response.status}${code ? ` ${code}` : ''}${hint}`,
      response.status,
    );
  }

  return {
    async put(key, data) {
      const response = await send('PUT', key, new Uint8Array(data));
      if (!response.ok) throw await failure('PUT', key, response);
      await discard(response);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        // A missing bucket also answers 404; treating it as "no blob" would hide a broken configuration.
        const code = errorCode(await response.text().catch(() => ''));
        if (code === 'NoSuchBucket') throw new S3RequestError(`S3 GET ${key} failed with status 404 NoSuchBucket`, 404);
        return null;
      }
      if (!response.ok) throw await failure('GET', key, response);
      try {
        return new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        throw new S3RequestError(`S3 GET ${key} broke off while reading the body`, undefined, { cause: error });
      }
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await failure('DELETE', key, response);
      await discard(response);
    },
    async exists(key) {
      const response = await send('HEAD', key);
      await discard(response);
      if (response.status === 404) return false;
      if (!response.ok) throw await failure('HEAD', key, response);
      return true;
    },
  };
}

/** The `<Code>` of an S3 XML error body (e.g. NoSuchKey, AccessDenied), or null. */
function errorCode(xml: string): string | null {
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(xml)?.[1] ?? null;
}

/** Frees the connection of an answer whose body is not needed. */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

const isTimeout = (error: unknown) => (error as Error | undefined)?.name === 'TimeoutError';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
