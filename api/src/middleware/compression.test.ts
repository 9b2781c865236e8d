/**
 * On-the-fly compression of API answers (middleware/compression.ts): JSON above 1 KiB goes out in the
 * encoding the client prefers, with `Vary: Accept-Encoding` and an exact Content-Length; small
 * answers, binary types and encrypted chunks go out as they are.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { manifestSegment, type TBookManifest } from '@shared/reader';
import { bookChunks } from '../db/schema';
import { createManyBooks } from '../test-factories';
import { createTestContext } from '../test-utils';
import { setupReader } from '../features/reader/reader-test-support';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

const ACCEPT_BR_GZIP = { 'accept-encoding': 'br, gzip' };

function decode(body: ArrayBuffer, encoding: string | null): string {
  const bytes = Buffer.from(body);
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

function catalogue() {
  const context = createTestContext();
  createManyBooks(context.db, 12);
  const books = (headers: Record<string, string>) => context.client.books.$get({ query: { limit: '12' } }, { headers });
  return { ...context, books };
}

describe('API compression', () => {
  it('compresses the catalogue JSON with brotli when accepted, else gzip, else sends it as it is', async () => {
    const { books } = catalogue();
    const identity = await books({});
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toMatch(/accept-encoding/i);
    const plain = await identity.text();
    expect(plain.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const response = await books({ 'accept-encoding': accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(expected);
      expect(response.headers.get('vary'), accept).toMatch(/accept-encoding/i);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = await response.arrayBuffer();
      expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
      expect(body.byteLength).toBeLessThan(plain.length);
      expect(JSON.parse(decode(body, expected))).toEqual(JSON.parse(plain));
    }

    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0', '']) {
      const response = await books({ 'accept-encoding': accept });
      expect(response.headers.get('content-encoding'), accept).toBeNull();
      expect(await response.text()).toBe(plain);
    }
  });

  it('shows the encoding on HEAD as a GET would send it, without a body', async () => {
    const { app } = catalogue();
    // raw request: the typed client has no HEAD method
    const head = await app.request('/api/books?limit=12', { method: 'HEAD', headers: ACCEPT_BR_GZIP });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await head.text()).toBe('');
  });

  it('leaves answers under 1 KiB uncompressed', async () => {
    const { client } = createTestContext();
    const response = await client.health.$get({}, { headers: ACCEPT_BR_GZIP });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('never compresses encrypted chunks or PDFs, and keeps their validators strong', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const manifest = await reader.api.books[':idOrSlug'].manifest.$get(
      { param: { idOrSlug: book.id } },
      { headers: ACCEPT_BR_GZIP },
    );
    expect(manifest.status).toBe(200);
    const first = manifestSegment((await manifest.json()) as TBookManifest, 0);
    const row = t.db
      .select({ sha256: bookChunks.sha256 })
      .from(bookChunks)
      .where(and(eq(bookChunks.bookId, book.id), eq(bookChunks.chunkIndex, 0)))
      .get()!;

    const chunk = await reader.api.books[':id'].chunks[':n'].$get(
      { param: { id: book.id, n: '0' }, query: { v: '1' } },
      { headers: ACCEPT_BR_GZIP },
    );
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-encoding')).toBeNull();
    expect(chunk.headers.get('vary')).toBeNull();
    expect(chunk.headers.get('etag')).toBe(`"${row.sha256}"`);
    expect((await chunk.arrayBuffer()).byteLength).toBe(first.size);

    const preview = await reader.api.books[':idOrSlug'].preview.$get(
      { param: { idOrSlug: book.id } },
      { headers: ACCEPT_BR_GZIP },
    );
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/pdf');
    expect(preview.headers.get('content-encoding')).toBeNull();
    expect(preview.headers.get('etag')).not.toMatch(/^W\//);
  });
});
