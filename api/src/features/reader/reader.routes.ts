/**
 * The reader (docs/API.md: reader): manifest and encrypted chunks (the only delivery path of a book's
 * content), the public preview PDF, search inside the book and the copy budget. Entitlement is checked
 * on every request; chunks are immutable per version, so browsers may cache them for a year.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { TBookSearchResult, TCopyBudget, TReaderManifest } from '@shared/reader';
import {
  ZBookRefParam,
  ZBookSearchQuery,
  ZBookUuidParam,
  ZChunkParams,
  ZChunkQuery,
  ZChunkRunQuery,
  ZCopyEventRequest,
} from '@shared/reader.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { readRequestHeader } from '../../lib/request-headers';
import { matchesEtag } from '../../lib/etag';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import {
  addCopyEvent,
  findChunk,
  findChunkRun,
  openManifest,
  readBookPreview,
  readChunkBytes,
  readChunkRunBytes,
  readCopyBudget,
  searchInBook,
} from './reader.service';

/** A chunk URL names its version, so its bytes never change: cached for a year, only by this browser. */
const CHUNK_CACHE = 'private, max-age=31536000, immutable';
/** The preview may be regenerated with a new book version; an hour, then revalidated with the ETag. */
const PREVIEW_CACHE = 'public, max-age=3600';

export function createReaderRoutes(deps: AppDeps) {
  const { db, now } = deps;
  return new Hono<AppEnv>()
    .get('/books/:idOrSlug/manifest', requireAuth(), validate('param', ZBookRefParam), async (c) => {
      const manifest = await openManifest({ deps, userId: c.var.user.id, bookRef: c.req.valid('param').idOrSlug });
      c.header('Cache-Control', 'no-store');
      return c.json(manifest satisfies TReaderManifest);
    })
    .get(
      '/books/:id/chunks',
      requireAuth(),
      validate('param', ZBookUuidParam),
      validate('query', ZChunkRunQuery),
      async (c) => {
        // Adjacent segments pdf.js asks for together, in one answer: the ciphertexts one after another,
        // each as GET /books/:id/chunks/:n would answer it (the manifest gives their sizes).
        const { id: bookId } = c.req.valid('param');
        const { v: version, from, count } = c.req.valid('query');
        const chunks = findChunkRun({ db, userId: c.var.user.id, bookId, version, from, count, now: now() });
        const etag = `"${createHash('sha256')
          .update(chunks.map((chunk) => chunk.sha256).join(','))
          .digest('base64url')
          .slice(0, 27)}"`;
        const headers = { 'Cache-Control': CHUNK_CACHE, ETag: etag };
        if (matchesEtag(readRequestHeader(c, 'if-none-match'), etag)) return c.body(null, 304, headers);
        const bytes = await readChunkRunBytes({ deps, bookId, version, from, chunks });
        return c.body(bytes, 200, { ...headers, 'Content-Type': 'application/octet-stream' });
      },
    )
    .get(
      '/books/:id/chunks/:n',
      requireAuth(),
      validate('param', ZChunkParams),
      validate('query', ZChunkQuery),
      async (c) => {
        const { id: bookId, n: index } = c.req.valid('param');
        const { v: version } = c.req.valid('query');
        const chunk = findChunk({ db, userId: c.var.user.id, bookId, version, index, now: now() });
        const etag = `"${chunk.sha256}"`;
        const headers = { 'Cache-Control': CHUNK_CACHE, ETag: etag };
        if (matchesEtag(readRequestHeader(c, 'if-none-match'), etag)) return c.body(null, 304, headers);
        const bytes = await readChunkBytes({ deps, bookId, version, index });
        return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
          ...headers,
          'Content-Type': 'application/octet-stream',
        });
      },
    )
    .get('/books/:idOrSlug/preview', validate('param', ZBookRefParam), async (c) => {
      const { bytes, slug } = await readBookPreview({ deps, bookRef: c.req.valid('param').idOrSlug });
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
      const headers = { 'Cache-Control': PREVIEW_CACHE, ETag: etag };
      if (matchesEtag(readRequestHeader(c, 'if-none-match'), etag)) return c.body(null, 304, headers);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        ...headers,
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${slug}-preview.pdf"`,
      });
    })
    .get(
      '/books/:id/search',
      requireAuth(),
      validate('param', ZBookUuidParam),
      validate('query', ZBookSearchQuery),
      (c) => {
        const items = searchInBook({
          db,
          userId: c.var.user.id,
          bookId: c.req.valid('param').id,
          q: c.req.valid('query').q,
          now: now(),
        });
        c.header('Cache-Control', 'no-store');
        return c.json({ items } satisfies TBookSearchResult);
      },
    )
    .get('/books/:id/copy-budget', requireAuth(), validate('param', ZBookUuidParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(
        readCopyBudget({
          db,
          userId: c.var.user.id,
          bookId: c.req.valid('param').id,
          now: now(),
        }) satisfies TCopyBudget,
      );
    })
    .post(
      '/books/:id/copy-events',
      requireAuth(),
      validate('param', ZBookUuidParam),
      validate('json', ZCopyEventRequest),
      (c) => {
        const budget = addCopyEvent({
          db,
          userId: c.var.user.id,
          bookId: c.req.valid('param').id,
          characters: c.req.valid('json').characters,
          now: now(),
        });
        return c.json(budget satisfies TCopyBudget);
      },
    );
}
