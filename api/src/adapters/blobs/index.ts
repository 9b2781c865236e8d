/**
 * Chooses the blob store from configuration (docs/product/decisions.md#9): S3-compatible storage when
 * S3_BUCKET and both S3 keys are set (env.ts refuses anything half-configured), otherwise the local
 * disk under BLOB_DIR.
 */
import type { TEnv } from '../../env';
import { createLocalBlobStore, type BlobStore } from './blob-store';
import { createS3BlobStore, type FetchLike } from './s3-blob-store';

export type { BlobStore } from './blob-store';

export function createBlobStore(env: Pick<TEnv, 'blobDir' | 's3'>, fetchImpl?: FetchLike): BlobStore {
  if (env.s3) return createS3BlobStore(env.s3, fetchImpl);
  return createLocalBlobStore(env.blobDir);
}

/** Where blobs go, for the start-up log line; never includes the keys. */
export function describeBlobStore(env: Pick<TEnv, 'blobDir' | 's3'>): Record<string, string> {
  if (!env.s3) return { blobStore: 'local', dir: env.blobDir };
  const { endpoint, bucket, prefix } = env.s3;
  return { blobStore: 's3', endpoint: new URL(endpoint).origin, bucket, ...(prefix ? { prefix } : {}) };
}
