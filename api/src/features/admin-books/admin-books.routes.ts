/**
 * The back office's books (docs/API.md: admin; docs/product/back-office.md#books): list, one book with its versions,
 * create, edit (including unpublish and republish), and the streamed PDF upload with its job. Permission
 * catalogue:manage.
 */
import { Hono } from 'hono';
import { ZAdminBookCreate, ZAdminBookUpdate, ZAdminBooksQuery, ZBookUploadIdParam } from '@shared/admin-books.schemas';
import { INGEST_MESSAGES, MAX_COVER_BYTES } from '@shared/ingest';
import { ZBookCoverForm, ZBookIdParam } from '@shared/ingest.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { problem } from '../../lib/problem';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { routeBodyLimit } from '../../middleware/body-limit';
import { getRequestMeta } from '../../middleware/client-ip';
import { allowMultipartUpload, allowPdfUpload } from '../../middleware/csrf';
import { uploadBookCover } from '../ingest/ingest.service';
import { createAdminBook, getAdminBook, listAdminBooks, updateAdminBook } from './admin-books.service';
import { getBookUploadJob, startBookUpload } from './book-upload.service';

/** Room for the multipart framing around the largest cover. */
const COVER_FORM_OVERHEAD_BYTES = 64 * 1024;

export function createAdminBooksRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  const guard = requirePermission('catalogue:manage');
  const tooLarge = INGEST_MESSAGES.tooLarge(env.MAX_PDF_BYTES);
  return new Hono<AppEnv>()
    .get('/admin/books', guard, validate('query', ZAdminBooksQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listAdminBooks({ db, query: c.req.valid('query') }));
    })
    .post('/admin/books', guard, validate('json', ZAdminBookCreate), (c) =>
      c.json(
        createAdminBook({
          db,
          now: now(),
          actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
          input: c.req.valid('json'),
        }),
        201,
      ),
    )
    .get('/admin/books/:id', guard, validate('param', ZBookIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getAdminBook({ db, bookId: c.req.valid('param').id }));
    })
    .patch('/admin/books/:id', guard, validate('param', ZBookIdParam), validate('json', ZAdminBookUpdate), (c) =>
      c.json(
        updateAdminBook({
          db,
          now: now(),
          actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
          bookId: c.req.valid('param').id,
          changes: c.req.valid('json'),
        }),
      ),
    )
    .post(
      '/admin/books/:id/uploads',
      allowPdfUpload,
      guard,
      routeBodyLimit(env.MAX_PDF_BYTES, (c) =>
        problem(c, 413, 'pdf_too_large', tooLarge, [{ field: 'file', message: tooLarge }]),
      ),
      validate('param', ZBookIdParam),
      async (c) => {
        const job = await startBookUpload(deps, {
          bookId: c.req.valid('param').id,
          body: c.req.raw.body,
          actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
        });
        return c.json(job, 202);
      },
    )
    .put(
      '/admin/books/:id/cover',
      allowMultipartUpload,
      guard,
      routeBodyLimit(MAX_COVER_BYTES + COVER_FORM_OVERHEAD_BYTES, (c) =>
        problem(c, 413, 'cover_too_large', INGEST_MESSAGES.coverTooLarge, [
          { field: 'cover', message: INGEST_MESSAGES.coverTooLarge },
        ]),
      ),
      validate('param', ZBookIdParam),
      validate('form', ZBookCoverForm),
      async (c) =>
        c.json(
          await uploadBookCover(deps, {
            bookId: c.req.valid('param').id,
            cover: new Uint8Array(await c.req.valid('form').cover.arrayBuffer()),
            actor: { userId: c.var.user.id, sessionId: c.var.sessionId, ...getRequestMeta(c, env) },
          }),
        ),
    )
    .get('/admin/book-uploads/:id', guard, validate('param', ZBookUploadIdParam), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(getBookUploadJob({ db, jobId: c.req.valid('param').id }));
    });
}
