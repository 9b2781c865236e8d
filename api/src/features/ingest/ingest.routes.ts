/**
 * Book ingestion over HTTP: the admin PDF upload `POST /api/admin/books/:id/pdf`
 * (multipart: `file`, optional `cover`; permission catalogue:manage) and the public
 * `GET /api/books/:idOrSlug/cover` serving covers stored by ingestion. No route here, or anywhere,
 * returns a book's PDF: readers get encrypted chunks, anyone the separate preview.
 */
import { Hono } from 'hono';
import { INGEST_MESSAGES, MAX_COVER_BYTES } from '@shared/ingest';
import { ZBookIdParam, ZBookPdfUploadForm } from '@shared/ingest.schemas';
import { ZIdOrSlugParam } from '@shared/catalogue.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { AppError } from '../../lib/app-error';
import { problem } from '../../lib/problem';
import { matchesEtag } from '../../lib/etag';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { routeBodyLimit } from '../../middleware/body-limit';
import { allowMultipartUpload } from '../../middleware/csrf';
import { uploadBookPdf } from './ingest.service';
import { readStoredCover } from './stored-cover';

/** Room for the multipart framing around the largest PDF and cover; bigger bodies are cut off unread. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;
const COVER_CACHE_VERSIONED = 'public, max-age=31536000, immutable';
const COVER_CACHE_UNVERSIONED = 'public, max-age=300';

export function createIngestRoutes(deps: AppDeps) {
  const { env } = deps;
  const tooLarge = INGEST_MESSAGES.tooLarge(env.MAX_PDF_BYTES);
  return new Hono<AppEnv>()
    .post(
      '/admin/books/:id/pdf',
      allowMultipartUpload,
      requirePermission('catalogue:manage'),
      routeBodyLimit(env.MAX_PDF_BYTES + MAX_COVER_BYTES + FORM_OVERHEAD_BYTES, (c) =>
        problem(c, 413, 'pdf_too_large', tooLarge, [{ field: 'file', message: tooLarge }]),
      ),
      validate('param', ZBookIdParam),
      validate('form', ZBookPdfUploadForm),
      async (c) => {
        const { user } = c.var;
        const { file, cover } = c.req.valid('form');
        const meta = getRequestMeta(c, env);
        const result = await uploadBookPdf(deps, {
          bookId: c.req.valid('param').id,
          pdf: new Uint8Array(await file.arrayBuffer()),
          coverImage: cover ? new Uint8Array(await cover.arrayBuffer()) : null,
          actor: { userId: user.id, sessionId: c.var.sessionId, ipAddress: meta.ipAddress, userAgent: meta.userAgent },
        });
        return c.json(result, 201);
      },
    )
    .get('/books/:idOrSlug/cover', validate('param', ZIdOrSlugParam), async (c) => {
      const cover = await readStoredCover(deps, c.req.valid('param').idOrSlug);
      if (!cover) throw new AppError('not_found', 404, 'This book has no stored cover');
      const etag = `"${cover.hash}"`;
      c.header('Cache-Control', c.req.query('v') === cover.hash ? COVER_CACHE_VERSIONED : COVER_CACHE_UNVERSIONED);
      c.header('ETag', etag);
      if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
      return c.body(cover.bytes, 200, {
        'Content-Type': cover.format.mimeType,
        'X-Content-Type-Options': 'nosniff',
        // Opened directly, an image must never run anything, whatever a browser thinks it is.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
    });
}
