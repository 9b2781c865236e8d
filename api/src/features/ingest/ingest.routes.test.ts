/**
 * POST /api/admin/books/:id/pdf (multipart, catalogue:manage) and GET /api/books/:idOrSlug/cover:
 * who may upload, what a bad upload answers, the audit trail, and how stored covers are served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TBookPdfUploadResult } from '@shared/ingest';
import { DEFAULT_CHUNK_SIZE } from '@shared/reader';
import { auditLogs, books, pdfAssets } from '../../db/schema';
import { createBook } from '../../test-factories';
import { createTestContext, createTestClient } from '../../test-utils';
import { insertUser, signIn } from '../profile/profile-test-support';

const PDF = new Uint8Array(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../../../content/pdfs/tracemonkey.pdf')),
);
const PNG = new Uint8Array(fs.readFileSync(path.resolve(import.meta.dirname, '../../../../public/icons/icon-192.png')));

async function setup() {
  const ctx = createTestContext();
  const book = createBook(ctx.db);
  const admin = await insertUser(ctx.db, { role: 'admin' });
  const reader = await insertUser(ctx.db, { role: 'user' });
  const upload = (options: {
    cookie?: string;
    bookId?: string;
    file?: Uint8Array<ArrayBuffer> | string;
    cover?: Uint8Array<ArrayBuffer>;
    origin?: string;
  }) => {
    const form = new FormData();
    if (typeof options.file === 'string') form.append('file', options.file);
    else if (options.file) form.append('file', new File([options.file], 'book.pdf', { type: 'application/pdf' }));
    if (options.cover) form.append('cover', new File([options.cover], 'cover.png', { type: 'image/png' }));
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    if (options.origin) headers.origin = options.origin;
    // raw request: multipart upload, outside the JSON client
    return ctx.app.request(`/api/admin/books/${options.bookId ?? book.id}/pdf`, {
      method: 'POST',
      headers,
      body: form,
    });
  };
  return {
    ...ctx,
    /** The typed client of a visitor who is not signed in. */
    api: createTestClient(ctx.app),
    book,
    admin,
    adminCookie: signIn(ctx.db, admin.id).cookie,
    readerCookie: signIn(ctx.db, reader.id).cookie,
    upload,
  };
}

const coverOf = (t: Awaited<ReturnType<typeof setup>>, idOrSlug: string) =>
  t.api.books[':idOrSlug'].cover.$get({ param: { idOrSlug } });

describe('POST /api/admin/books/:id/pdf', () => {
  it('ingests the upload for a catalogue manager: 201 with the version summary, audited', async () => {
    const t = await setup();
    const response = await t.upload({ cookie: t.adminCookie, file: PDF });
    expect(response.status).toBe(201);
    const body = (await response.json()) as TBookPdfUploadResult;
    expect(body).toMatchObject({
      bookId: t.book.id,
      version: 1,
      pageCount: 14,
      chunkCount: Math.ceil(PDF.length / DEFAULT_CHUNK_SIZE), // 63 segments of 16 KiB
      sizeBytes: PDF.length,
      unchanged: false,
    });
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const audit = t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'book.pdf.upload'), eq(auditLogs.resourceId, t.book.id)))
      .all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: t.admin.id, status: 'success', resource: 'book' });
    expect(audit[0].details).toMatchObject({ version: 1, pageCount: 14, unchanged: false });

    // The same file again: nothing new.
    const again = await t.upload({ cookie: t.adminCookie, file: PDF });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ version: 1, unchanged: true });
    expect(t.db.select().from(pdfAssets).where(eq(pdfAssets.bookId, t.book.id)).all()).toHaveLength(1);
  });

  it('answers 401 signed out and 403 for a reader, before reading the body', async () => {
    const t = await setup();
    expect((await t.upload({ file: PDF })).status).toBe(401);
    expect((await t.upload({ cookie: t.readerCookie, file: PDF })).status).toBe(403);
    expect(t.db.select().from(pdfAssets).all()).toHaveLength(0);
  });

  it('refuses a cross-site upload', async () => {
    const t = await setup();
    expect((await t.upload({ cookie: t.adminCookie, file: PDF, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('names the field when the file is missing, not a file, or not a PDF; audits the refusal', async () => {
    const t = await setup();
    const missing = await t.upload({ cookie: t.adminCookie });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([{ field: 'file', message: 'Choose a PDF file to upload' }]);
    expect((await t.upload({ cookie: t.adminCookie, file: 'not a file' })).status).toBe(400);

    const notPdf = await t.upload({ cookie: t.adminCookie, file: PNG });
    expect(notPdf.status).toBe(422);
    const problem = await notPdf.json();
    expect(problem).toMatchObject({
      detail: 'The file is not a PDF',
      errors: [{ field: 'file', message: 'The file is not a PDF' }],
    });
    const refused = t.db.select().from(auditLogs).where(eq(auditLogs.action, 'book.pdf.upload')).all();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 'failure', details: { code: 'not_a_pdf' } });

    const corrupt = await t.upload({ cookie: t.adminCookie, file: PDF.slice(0, 300_000) });
    expect(corrupt.status).toBe(422);
    expect((await corrupt.json()).detail).toMatch(/^The PDF could not be read: /);
    expect(t.db.select().from(pdfAssets).all()).toHaveLength(0);
  });

  it('answers 400 for a malformed book id and 404 for an unknown book', async () => {
    const t = await setup();
    expect((await t.upload({ cookie: t.adminCookie, bookId: 'not-a-uuid', file: PDF })).status).toBe(400);
    expect((await t.upload({ cookie: t.adminCookie, bookId: crypto.randomUUID(), file: PDF })).status).toBe(404);
  });

  it('stores a given cover and serves it from the book’s cover URL', async () => {
    const t = await setup();
    expect((await t.upload({ cookie: t.adminCookie, file: PDF, cover: PNG })).status).toBe(201);
    const coverUrl = t.db.select().from(books).where(eq(books.id, t.book.id)).get()!.coverImageUrl!;
    expect(coverUrl).toMatch(new RegExp(`^/api/books/${t.book.id}/cover\\?v=[0-9a-f]{16}$`));

    // raw request: the stored cover URL (with its version) as the catalogue hands it to browsers
    const response = await t.app.request(coverUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
    // raw request: the stored cover URL again, revalidated with its ETag
    const revalidated = await t.app.request(coverUrl, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    // By slug too; without the current version only briefly cacheable.
    const bySlug = await coverOf(t, t.book.slug);
    expect(bySlug.status).toBe(200);
    expect(bySlug.headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('GET /api/books/:idOrSlug/cover', () => {
  it('answers 404 for a book on its generated cover, an unknown book and a bad id', async () => {
    const t = await setup();
    expect((await coverOf(t, t.book.id)).status).toBe(404);
    expect((await coverOf(t, crypto.randomUUID())).status).toBe(404);
    expect((await coverOf(t, 'bad id')).status).toBe(400);
  });
});
