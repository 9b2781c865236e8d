/**
 * The back office's books: list filters, create and edit with their messages, unpublish and republish (audited, and
 * the shop follows), and the streamed PDF upload with its job's steps, its refusals of non-PDFs and oversized bodies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_BOOK_MESSAGES, type TBookUploadJob } from '@shared/admin-books';
import { INGEST_MESSAGES } from '@shared/ingest';
import { createAdminTestContext } from '../../admin-test-support';
import { auditLogs } from '../../db/schema';
import { createBook, createCategory } from '../../test-factories';
import { problemBody, successBody } from '../../test-utils';
import { parseEnv } from '../../env';
import { settleBookUploads } from './book-upload.service';

const PDF = new Uint8Array(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../content/pdfs/tracemonkey.pdf')),
);

type TCtx = Awaited<ReturnType<typeof createAdminTestContext>>;

function uploadRaw(ctx: TCtx, cookie: string, bookId: string, body: BodyInit, contentType = 'application/pdf') {
  // raw request: the PDF itself as the body, outside the JSON client
  return ctx.app.request(`/api/admin/books/${bookId}/uploads`, {
    method: 'POST',
    headers: { cookie, 'content-type': contentType },
    body,
  });
}

async function waitForJob(ctx: TCtx, jobId: string): Promise<TBookUploadJob> {
  await settleBookUploads(ctx.db);
  return successBody(ctx.admin.client.admin['book-uploads'][':id'].$get({ param: { id: jobId } }));
}

describe('GET /api/admin/books', () => {
  it('lists every book, published or not, with search and the filters', async () => {
    const ctx = await createAdminTestContext();
    const science = createCategory(ctx.db, { name: 'Science' });
    const dune = createBook(ctx.db, { title: 'Dune Messiah', requiredTier: 'premium', categories: [science] });
    const hidden = createBook(ctx.db, { title: 'Hidden Pages', isPublished: false, isFeatured: true });
    const list = (query: Record<string, string>) => successBody(ctx.admin.client.admin.books.$get({ query }));
    expect((await list({ q: 'messiah' })).items.map((book) => book.id)).toEqual([dune.id]);
    const byCategory = await list({ category: science.id });
    expect(byCategory.items).toMatchObject([{ id: dune.id, categories: ['Science'], requiredTier: 'premium' }]);
    expect((await list({ tier: 'premium' })).items.map((book) => book.id)).toEqual([dune.id]);
    expect((await list({ featured: 'true' })).items.map((book) => book.id)).toEqual([hidden.id]);
    expect((await list({ published: 'false' })).items.map((book) => book.id)).toEqual([hidden.id]);
    expect((await list({ hasContent: 'true' })).total).toBe(0);
    expect((await list({ hasContent: 'false' })).total).toBe(2);
    expect((await list({ version: '1' })).total).toBe(0);
  });

  it('answers bad filters with problem+json naming the field', async () => {
    const ctx = await createAdminTestContext();
    const response = await ctx.admin.client.admin.books.$get({ query: { category: 'nope', version: '0' } });
    expect(response.status).toBe(400);
    const problem = await problemBody(response);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: 'category', message: ADMIN_BOOK_MESSAGES.category },
        { field: 'version', message: ADMIN_BOOK_MESSAGES.version },
      ]),
    );
  });
});

describe('POST and PATCH /api/admin/books', () => {
  it('creates a book with a slug from its title and categories, audited; refuses a taken slug', async () => {
    const ctx = await createAdminTestContext();
    const history = createCategory(ctx.db, { name: 'History' });
    const created = await successBody(
      ctx.admin.client.admin.books.$post({
        json: { title: 'The Long Road Home', author: 'A. Writer', categoryIds: [history.id], requiredTier: 'basic' },
      }),
    );
    expect(created).toMatchObject({ slug: 'the-long-road-home', categoryIds: [history.id], requiredTier: 'basic' });
    expect(created.versions).toEqual([]);
    const audit = ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'book.create'), eq(auditLogs.resourceId, created.id)))
      .all();
    expect(audit).toHaveLength(1);
    const again = await ctx.admin.client.admin.books.$post({ json: { title: 'The Long Road Home', author: 'B' } });
    expect(again.status).toBe(409);
    expect((await problemBody(again)).errors).toEqual([{ field: 'slug', message: ADMIN_BOOK_MESSAGES.slugTaken }]);
  });

  it('answers each bad field with its message and never a 500', async () => {
    const ctx = await createAdminTestContext();
    const response = await ctx.admin.client.admin.books.$post({
      json: {
        title: '',
        author: 'x'.repeat(201),
        slug: 'Not A Slug',
        publishedYear: 3000,
        previewPageCount: 51,
        requiredTier: 'gold' as never,
        categoryIds: ['nope'],
      },
    });
    expect(response.status).toBe(400);
    const fields = (await problemBody(response)).errors?.map((error) => error.field);
    expect(fields).toEqual(
      expect.arrayContaining(['title', 'author', 'slug', 'publishedYear', 'previewPageCount', 'requiredTier']),
    );
    const unknownCategory = await ctx.admin.client.admin.books.$post({
      json: { title: 'Fine', author: 'Fine', categoryIds: [crypto.randomUUID()] },
    });
    expect(unknownCategory.status).toBe(422);
    const punctuation = await ctx.admin.client.admin.books.$post({ json: { title: '!!!', author: 'Fine' } });
    expect((await problemBody(punctuation)).errors).toEqual([
      { field: 'slug', message: ADMIN_BOOK_MESSAGES.slugFromTitle },
    ]);
    const missing = await ctx.admin.client.admin.books[':id'].$patch({
      param: { id: crypto.randomUUID() },
      json: { title: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('unpublishes and republishes: the shop stops and starts showing the book, each audited', async () => {
    const ctx = await createAdminTestContext();
    const book = createBook(ctx.db, { title: 'Now You See It' });
    const shopHas = async () =>
      (await ctx.client.books[':idOrSlug'].$get({ param: { idOrSlug: book.slug } })).status === 200;
    expect(await shopHas()).toBe(true);
    const patch = (json: Record<string, unknown>) =>
      successBody(ctx.admin.client.admin.books[':id'].$patch({ param: { id: book.id }, json }));
    expect(await patch({ isPublished: false })).toMatchObject({ isPublished: false });
    expect(await shopHas()).toBe(false);
    await patch({ isPublished: true, description: 'Back again', keyTakeaways: ['One', 'Two'] });
    expect(await shopHas()).toBe(true);
    const actions = ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, book.id))
      .all()
      .map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['book.unpublish', 'book.republish']));
  });

  it('is closed to readers and moderators', async () => {
    const ctx = await createAdminTestContext();
    const reader = await ctx.signedIn('user');
    expect((await reader.client.admin.books.$get({ query: {} })).status).toBe(403);
    expect((await ctx.moderator.client.admin.books.$post({ json: { title: 'a', author: 'b' } })).status).toBe(403);
  });
});

describe('POST /api/admin/books/:id/uploads', () => {
  it('streams the PDF to disk, runs the pipeline as a job through its steps and lists the version', async () => {
    const ctx = await createAdminTestContext();
    const book = createBook(ctx.db, { title: 'Trace Monkey' });
    const response = await uploadRaw(ctx, ctx.admin.cookie, book.id, PDF);
    expect(response.status).toBe(202);
    const started = (await response.json()) as TBookUploadJob;
    expect(started).toMatchObject({ bookId: book.id, status: 'processing', sizeBytes: PDF.length });
    const done = await waitForJob(ctx, started.id);
    expect(done).toMatchObject({ status: 'done', version: 1, step: 'encryption', unchanged: false, error: null });
    const edited = await successBody(ctx.admin.client.admin.books[':id'].$get({ param: { id: book.id } }));
    expect(edited.versions).toMatchObject([{ version: 1, pageCount: 14, isCurrent: true, sizeBytes: PDF.length }]);
    const again = (await (await uploadRaw(ctx, ctx.admin.cookie, book.id, PDF)).json()) as TBookUploadJob;
    expect(await waitForJob(ctx, again.id)).toMatchObject({ status: 'done', version: 1, unchanged: true });
  });

  it('refuses a file that is not a PDF before storing anything, naming the field', async () => {
    const ctx = await createAdminTestContext();
    const book = createBook(ctx.db);
    const response = await uploadRaw(ctx, ctx.admin.cookie, book.id, 'just some text, certainly not a PDF');
    expect(response.status).toBe(422);
    expect((await problemBody(response)).errors).toEqual([{ field: 'file', message: INGEST_MESSAGES.notPdf }]);
    const empty = await uploadRaw(ctx, ctx.admin.cookie, book.id, new Uint8Array(0));
    expect(empty.status).toBe(422);
    const wrongType = await uploadRaw(ctx, ctx.admin.cookie, book.id, PDF, 'text/plain');
    expect(wrongType.status).toBe(415);
  });

  it('refuses a body past MAX_PDF_BYTES with 413, whether or not it says its length', async () => {
    const env = parseEnv({ NODE_ENV: 'test', DEMO_SEED: 'false', LOG_LEVEL: 'silent', MAX_PDF_BYTES: '100000' });
    const ctx = await createAdminTestContext({ env });
    const book = createBook(ctx.db);
    const declared = await uploadRaw(ctx, ctx.admin.cookie, book.id, PDF);
    expect(declared.status).toBe(413);
    expect((await problemBody(declared)).errors).toEqual([
      { field: 'file', message: INGEST_MESSAGES.tooLarge(100000) },
    ]);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < PDF.length; offset += 16384)
          controller.enqueue(PDF.slice(offset, offset + 16384));
        controller.close();
      },
    });
    // raw request: a chunked body without Content-Length
    const streamed = await ctx.app.request(`/api/admin/books/${book.id}/uploads`, {
      method: 'POST',
      headers: { cookie: ctx.admin.cookie, 'content-type': 'application/pdf' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('answers a failing PDF in the job with the pipeline message, and 404 for an unknown book or job', async () => {
    const ctx = await createAdminTestContext();
    const book = createBook(ctx.db);
    const broken = new TextEncoder().encode(`%PDF-1.7\n${'garbage '.repeat(200)}`);
    const job = (await (await uploadRaw(ctx, ctx.admin.cookie, book.id, broken)).json()) as TBookUploadJob;
    const failed = await waitForJob(ctx, job.id);
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe('pdf_unreadable');
    expect((await uploadRaw(ctx, ctx.admin.cookie, crypto.randomUUID(), PDF)).status).toBe(404);
    const missingJob = await ctx.admin.client.admin['book-uploads'][':id'].$get({
      param: { id: crypto.randomUUID() },
    });
    expect(missingJob.status).toBe(404);
  });
});

describe('PATCH /api/admin/books/:id publicReleaseDate', () => {
  it('sets and clears the early-access date as a day, and refuses a malformed one', async () => {
    const ctx = await createAdminTestContext();
    const book = createBook(ctx.db);
    const patch = (json: Record<string, unknown>) =>
      ctx.admin.client.admin.books[':id'].$patch({ param: { id: book.id }, json });
    expect(await successBody(patch({ publicReleaseDate: '2099-12-31' }))).toMatchObject({
      publicReleaseDate: '2099-12-31',
    });
    const detail = await successBody(ctx.client.books[':idOrSlug'].$get({ param: { idOrSlug: book.slug } }));
    expect(detail.publicReleaseAt).toBe('2099-12-31T00:00:00.000Z');
    expect(await successBody(patch({ publicReleaseDate: null }))).toMatchObject({ publicReleaseDate: null });
    const bad = await patch({ publicReleaseDate: '31/12/2099' });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual([
      { field: 'publicReleaseDate', message: ADMIN_BOOK_MESSAGES.publicReleaseDate },
    ]);
  });
});

describe('PUT /api/admin/books/:id/cover', () => {
  const PNG = new Uint8Array(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../../public/icons/icon-192.png')),
  );
  const putCover = (ctx: TCtx, bookId: string, bytes: Uint8Array<ArrayBuffer>, type = 'image/png') => {
    const form = new FormData();
    form.append('cover', new File([bytes], 'cover.png', { type }));
    // raw request: multipart upload, outside the JSON client
    return ctx.app.request(`/api/admin/books/${bookId}/cover`, {
      method: 'PUT',
      headers: { cookie: ctx.admin.cookie },
      body: form,
    });
  };

  it('stores an uploaded image as the cover, audited, and refuses a file that is not an image', async () => {
    const ctx = await createAdminTestContext();
    const book = createBook(ctx.db);
    const stored = await putCover(ctx, book.id, PNG);
    expect(stored.status).toBe(200);
    const { coverImageUrl } = (await stored.json()) as { coverImageUrl: string };
    expect(coverImageUrl).toContain(`/api/books/${book.id}/cover`);
    const served = await ctx.client.books[':idOrSlug'].cover.$get({ param: { idOrSlug: book.id } });
    expect(served.status).toBe(200);
    const audit = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'book.cover.upload')).all();
    expect(audit).toHaveLength(1);
    const bad = await putCover(ctx, book.id, new TextEncoder().encode('not an image'), 'image/png');
    expect(bad.status).toBe(422);
    expect((await problemBody(bad)).errors).toEqual([{ field: 'cover', message: INGEST_MESSAGES.coverWrongType }]);
  });
});
