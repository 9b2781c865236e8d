import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import {
  COPY_LIMIT_UNLIMITED,
  manifestCiphertextBytes,
  manifestSegment,
  READER_MESSAGES,
  type TCopyBudget,
  type TReaderManifest,
} from '@shared/reader';
import { bookChunks, loans, systemConfig, userCopyDeviceCounters, userCopyTracking, users } from '../../db/schema';
import { successBody, problemBody, type TTestClient } from '../../test-utils';
import { get, send } from '../auth/auth-test-helpers';
import { ingestBookPdf } from '../ingest/ingest.service';
import { mergeDeviceCopyCounter } from './copy-budget.service';
import { RARE_WORD, setupReader, TEST_CHUNK_SIZE, testBookPdf } from './reader-test-support';
import { createBook } from '../../test-factories';

const manifestOf = (client: TTestClient, idOrSlug: string) =>
  client.books[':idOrSlug'].manifest.$get({ param: { idOrSlug } });
const chunkOf = (
  client: TTestClient,
  id: string,
  n: number | string,
  v: number | string = 1,
  headers: Record<string, string> = {},
) => client.books[':id'].chunks[':n'].$get({ param: { id, n: String(n) }, query: { v: String(v) } }, { headers });
const chunkRunOf = (
  client: TTestClient,
  id: string,
  from: number | string,
  count: number | string,
  v: number | string = 1,
  headers: Record<string, string> = {},
) =>
  client.books[':id'].chunks.$get(
    { param: { id }, query: { v: String(v), from: String(from), count: String(count) } },
    { headers },
  );
const previewOf = (client: TTestClient, idOrSlug: string, headers: Record<string, string> = {}) =>
  client.books[':idOrSlug'].preview.$get({ param: { idOrSlug } }, { headers });
const searchIn = (client: TTestClient, id: string, q: string) =>
  client.books[':id'].search.$get({ param: { id }, query: { q } });
const copyBudgetOf = (client: TTestClient, id: string) => client.books[':id']['copy-budget'].$get({ param: { id } });
const copy = (client: TTestClient, id: string, characters: number) =>
  client.books[':id']['copy-events'].$post({ param: { id }, json: { characters } });

describe('GET /api/books/:idOrSlug/manifest', () => {
  it('answers the current version with every chunk (by id or slug), never cached, and never opens a loan', async () => {
    const t = setupReader();
    const { book, asset, pdf } = await t.bookWithContent('premium');
    const reader = await t.reader('premium');

    const response = await manifestOf(reader.api, book.slug);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const manifest = await successBody(response);
    expect(manifest).toMatchObject({
      bookId: book.id,
      slug: book.slug,
      version: 1,
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      pageCount: asset.pageCount,
      chunkSize: TEST_CHUNK_SIZE,
      chunkCount: Math.ceil(pdf.length / TEST_CHUNK_SIZE),
      cipher: 'A256GCM',
      segmentIvs: 'counter',
      loanId: null,
    });
    expect(manifest.chunkCount).toBeGreaterThan(1);
    // Compact (docs/decisions/022-compact-manifest.md): nothing per segment, whatever the book's size.
    expect('chunks' in manifest).toBe(false);
    // A GET has no side effects (docs/ARCHITECTURE.md#security): no loan was created.
    expect(t.state(reader.user.id).loans).toEqual([]);

    // Once the reader opened the loan (POST /api/loans), the manifest names it.
    expect((await reader.api.loans.$post({ json: { bookId: book.id } })).status).toBe(201);
    const [loan] = t.state(reader.user.id).loans;
    const again = await successBody(manifestOf(reader.api, book.id));
    expect(again.loanId).toBe(loan.id);
    expect(t.state(reader.user.id).loans).toHaveLength(1);

    // A returned loan is not named; an open is needed again.
    expect((await reader.api.loans[':id'].return.$post({ param: { id: loan.id } })).status).toBe(200);
    expect((await successBody(manifestOf(reader.api, book.id))).loanId).toBeNull();
    expect(t.state(reader.user.id).loans).toHaveLength(1);
  });

  it('answers a version stored with listed IVs with every chunk listed, and a compact one at the same size whatever the book', async () => {
    const t = setupReader();
    const { book: listedBook, asset } = await t.bookWithContent('premium', { segmentIvs: 'listed' });
    const reader = await t.reader('premium');
    const listed = await successBody(manifestOf(reader.api, listedBook.id));
    expect(listed.segmentIvs).toBe('listed');
    const listedChunks = 'chunks' in listed ? listed.chunks : [];
    const rows = t.db.select().from(bookChunks).where(eq(bookChunks.bookId, listedBook.id)).all();
    expect(listedChunks.map((chunk) => [chunk.index, chunk.offset, chunk.size, chunk.iv, chunk.sha256])).toEqual(
      rows
        .sort((a, b) => a.chunkIndex - b.chunkIndex)
        .map((row) => [row.chunkIndex, row.chunkIndex * TEST_CHUNK_SIZE, row.size, row.iv, row.sha256]),
    );
    expect(listedChunks).toHaveLength(asset.chunkCount);

    // Two compact books, one ~30 times the other: the manifests differ only in their ids, sizes and hashes.
    const { book: small } = await t.bookWithContent('premium');
    const large = createBook(t.db, { requiredTier: 'premium', skipIndex: true });
    const pdf = await testBookPdf();
    const padded = new Uint8Array(pdf.length * 30);
    padded.set(pdf);
    await ingestBookPdf({ deps: t, bookId: large.id, pdf: padded, source: 'cli', renderCover: false });
    // The segments that open each book are a few numbers (docs/decisions/026-opening-segments.md); the padded
    // file, which pdf.js would read whole to open, has none.
    const withoutOpening = ({ openingSegments, ...rest }: TReaderManifest) => ({ openingSegments, rest });
    const smallManifest = withoutOpening(await successBody(manifestOf(reader.api, small.id)));
    const largeManifest = await successBody(manifestOf(reader.api, large.id));
    expect(smallManifest.openingSegments?.document).toContain(0);
    expect(largeManifest.chunkCount).toBeGreaterThan(20);
    expect(
      Math.abs(JSON.stringify(withoutOpening(largeManifest).rest).length - JSON.stringify(smallManifest.rest).length),
    ).toBeLessThan(40);
    expect(JSON.stringify(largeManifest).length).toBeLessThan(600);
  });

  it('answers 401 signed out, 402 without a plan or pick, 404 for an unknown book, 400 for a bad reference', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    expect((await manifestOf(t.api, book.id)).status).toBe(401);

    const free = await t.reader('free');
    const refused = await manifestOf(free.api, book.id);
    expect(refused.status).toBe(402);
    expect((await problemBody(refused)).code).toBe('subscription_required');

    const trial = await t.reader('trial');
    const unpicked = await manifestOf(trial.api, book.id);
    expect(unpicked.status).toBe(402);
    expect((await problemBody(unpicked)).detail).toBe('Pick this book or upgrade to read it');
    expect(t.state(trial.user.id).loans).toEqual([]);

    expect((await manifestOf(trial.api, crypto.randomUUID())).status).toBe(404);
    const bad = await manifestOf(trial.api, 'not_a_slug!');
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors?.[0].field).toBe('idOrSlug');
  });
});

describe('GET /api/books/:id/chunks/:n', () => {
  it('serves the stored ciphertext as immutable octets with the chunk sha256 as ETag (304 when it matches)', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const manifest = await successBody(manifestOf(reader.api, book.id));

    for (let index = 0; index < manifest.chunkCount; index += 1) {
      const chunk = manifestSegment(manifest, index);
      const response = await chunkOf(reader.api, book.id, chunk.index);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/octet-stream');
      expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      const bytes = new Uint8Array(await response.arrayBuffer());
      const row = t.db
        .select()
        .from(bookChunks)
        .where(and(eq(bookChunks.bookId, book.id), eq(bookChunks.chunkIndex, chunk.index)))
        .get()!;
      expect(response.headers.get('etag')).toBe(`"${row.sha256}"`);
      expect(Buffer.from(bytes).equals(Buffer.from((await t.blobs.get(row.storageKey!))!))).toBe(true);
      expect(bytes.length).toBe(chunk.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
    }

    const first = t.db
      .select({ sha256: bookChunks.sha256 })
      .from(bookChunks)
      .where(and(eq(bookChunks.bookId, book.id), eq(bookChunks.chunkIndex, 0)))
      .get()!;
    const conditional = await chunkOf(reader.api, book.id, 0, 1, { 'if-none-match': `"${first.sha256}"` });
    expect(conditional.status).toBe(304);
    expect(await conditional.text()).toBe('');
  });

  it('validates the chunk number and version: 400 for non-integers, 404 out of range, never a 500', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const manifest = await successBody(manifestOf(reader.api, book.id));

    // [book id, chunk number, version (null: none sent), status, detail]
    const cases: [string, number | string, number | string | null, number, string][] = [
      [book.id, manifest.chunkCount, 1, 404, 'Chunk not found'],
      [book.id, 999_999_999, 1, 404, 'Chunk not found'],
      [book.id, 0, 2, 404, 'Book version not found'],
      [crypto.randomUUID(), 0, 1, 404, 'Book not found'],
      [book.id, 'abc', 1, 400, 'n: Chunk number must be a whole number'],
      [book.id, '-1', 1, 400, 'n: Chunk number must be a whole number'],
      [book.id, '1.5', 1, 400, 'n: Chunk number must be a whole number'],
      [book.id, '1e3', 1, 400, 'n: Chunk number must be a whole number'],
      [book.id, '9999999999', 1, 400, 'n: Chunk number must be a whole number'],
      [book.id, 0, 0, 400, 'v: Version must be 1 or more'],
      [book.id, 0, 'x', 400, 'v: Version must be a whole number'],
      [book.id, 0, null, 400, 'v: Version is required'],
      ['not-a-uuid', 0, 1, 400, 'id: Book id must be a valid id'],
    ];
    for (const [id, n, v, status, detail] of cases) {
      const url = `/api/books/${id}/chunks/${n}${v === null ? '' : `?v=${v}`}`;
      const response =
        v === null
          ? // raw request: no version, which the typed client requires
            await get(t.app, url, { cookie: reader.cookie })
          : await chunkOf(reader.api, id, n, v);
      expect(response.status, url).toBe(status);
      expect(response.headers.get('content-type'), url).toBe('application/problem+json');
      expect((await problemBody(response)).detail, url).toBe(detail);
    }
  });

  it('checks entitlement on every request: 401 signed out, 402 without a plan, 402 as soon as the plan lapses', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    expect((await chunkOf(t.api, book.id, 0)).status).toBe(401);
    const free = await t.reader('free');
    expect((await chunkOf(free.api, book.id, 0)).status).toBe(402);

    // A trial reader who picked the book reads until the trial ends, then is refused.
    const trial = await t.reader('trial');
    expect((await trial.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    expect((await chunkOf(trial.api, book.id, 0)).status).toBe(200);
    t.clock.advance(7 * DAY_MS + 1);
    const lapsed = await chunkOf(trial.api, book.id, 0);
    expect(lapsed.status).toBe(402);
    expect((await problemBody(lapsed)).code).toBe('subscription_required');

    // A plan changed in the database is seen by the very next request (the memo is dropped on writes).
    const premium = await t.reader('premium');
    expect((await chunkOf(premium.api, book.id, 1)).status).toBe(200);
    t.db
      .update(users)
      .set({ subscriptionTier: 'free', subscriptionStatus: 'inactive' })
      .where(eq(users.id, premium.user.id))
      .run();
    expect((await chunkOf(premium.api, book.id, 1)).status).toBe(402);
  });
});

describe('GET /api/books/:id/chunks?v=&from=&count= (adjacent chunks in one answer)', () => {
  it('answers the ciphertexts of the run one after another, exactly as the single-chunk route does', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const manifest = await successBody(manifestOf(reader.api, book.id));
    expect(manifest.chunkCount).toBeGreaterThanOrEqual(2);

    const response = await chunkRunOf(reader.api, book.id, 0, 2);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBeNull();
    const run = Buffer.from(await response.arrayBuffer());
    const singles = await Promise.all(
      [0, 1].map(async (index) => Buffer.from(await (await chunkOf(reader.api, book.id, index)).arrayBuffer())),
    );
    expect(run.equals(Buffer.concat(singles))).toBe(true);
    expect(run.length).toBe(manifestSegment(manifest, 0).size + manifestSegment(manifest, 1).size);

    const whole = await chunkRunOf(reader.api, book.id, 0, manifest.chunkCount);
    expect((await whole.arrayBuffer()).byteLength).toBe(manifestCiphertextBytes(manifest));

    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const conditional = await chunkRunOf(reader.api, book.id, 0, 2, 1, { 'if-none-match': etag });
    expect(conditional.status).toBe(304);
    expect((await chunkRunOf(reader.api, book.id, 1, 1)).headers.get('etag')).not.toBe(etag);
  });

  it('validates v, from and count (400 with the field), 404 past the last chunk or for an unknown version', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const manifest = await successBody(manifestOf(reader.api, book.id));
    const last = manifest.chunkCount - 1;

    // [book id, from, count, version, status, detail]
    const cases: [string, number | string, number | string, number | string, number, string][] = [
      [book.id, last, 2, 1, 404, 'Chunk not found'],
      [book.id, manifest.chunkCount, 1, 1, 404, 'Chunk not found'],
      [book.id, 0, 1, 2, 404, 'Book version not found'],
      [crypto.randomUUID(), 0, 1, 1, 404, 'Book not found'],
      [book.id, 0, 0, 1, 400, 'count: Chunk count must be 1 or more'],
      [book.id, 0, 65, 1, 400, 'count: Chunk count must be 64 or less'],
      [book.id, 0, 'x', 1, 400, 'count: Chunk count must be a whole number'],
      [book.id, '-1', 1, 1, 400, 'from: First chunk number must be a whole number'],
      [book.id, '1.5', 1, 1, 400, 'from: First chunk number must be a whole number'],
      [book.id, 0, 1, 0, 400, 'v: Version must be 1 or more'],
      ['not-a-uuid', 0, 1, 1, 400, 'id: Book id must be a valid id'],
    ];
    for (const [id, from, count, v, status, detail] of cases) {
      const response = await chunkRunOf(reader.api, id, from, count, v);
      expect(response.status, `${id} ${from} ${count} ${v}`).toBe(status);
      expect((await problemBody(response)).detail, `${id} ${from} ${count} ${v}`).toBe(detail);
    }
    const missing = await get(t.app, `/api/books/${book.id}/chunks?v=1&count=2`, { cookie: reader.cookie });
    expect(missing.status).toBe(400);
    expect((await problemBody(missing)).detail).toBe('from: First chunk number is required');
  });

  it('checks entitlement like the single-chunk route: 401 signed out, 402 without a plan', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    expect((await chunkRunOf(t.api, book.id, 0, 2)).status).toBe(401);
    const free = await t.reader('free');
    expect((await chunkRunOf(free.api, book.id, 0, 2)).status).toBe(402);
  });
});

describe('GET /api/books/:idOrSlug/preview', () => {
  it('serves only the generated preview PDF to anyone, inline and cacheable', async () => {
    const t = setupReader();
    const { book, asset, pdf } = await t.bookWithContent('premium');
    const response = await previewOf(t.api, book.slug);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="${book.slug}-preview.pdf"`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(pdf.length);
    const previewDoc = await PDFDocument.load(bytes);
    expect(previewDoc.getPageCount()).toBe(3);
    expect(asset.pageCount).toBeGreaterThan(3);

    const etag = response.headers.get('etag')!;
    const conditional = await previewOf(t.api, book.id, { 'if-none-match': etag });
    expect(conditional.status).toBe(304);
    expect((await previewOf(t.api, crypto.randomUUID())).status).toBe(404);
    expect((await previewOf(t.api, 'bad ref')).status).toBe(400);
  });
});

describe('GET /api/books/:id/search', () => {
  it('finds words on their pages with a snippet, in page order; query syntax is plain text', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const search = async (q: string) => {
      const response = await searchIn(reader.api, book.id, q);
      expect(response.status, q).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return (await successBody(response)).items;
    };

    const rare = await search(RARE_WORD);
    expect(rare).toHaveLength(1);
    expect(rare[0].snippet).toContain(`${RARE_WORD} crossed the bay`);
    const onPage = t.db.$client
      .prepare('select text from book_pages where book_id = ? and page_number = ?')
      .pluck()
      .get(book.id, rare[0].page) as string;
    expect(onPage).toContain(RARE_WORD);

    const common = await search('lighthouse keeper');
    expect(common.length).toBeGreaterThan(5);
    expect(common.map((hit) => hit.page)).toEqual([...common.map((hit) => hit.page)].sort((a, b) => a - b));
    // Porter stemming: "keepers" finds "keeper".
    expect((await search('keepers')).length).toBe(common.length);
    // Operators and quotes are looked for as words, never parsed.
    expect(await search(`${RARE_WORD} OR lighthouse`)).toEqual([]);
    expect(await search('NEAR( "unbalanced')).toEqual([]);
    expect(await search('*')).toEqual([]);
    // Short words match too (word tokenizer, not trigrams).
    expect((await search('a')).length).toBeGreaterThan(0);
  });

  it('validates q (400), needs entitlement (401/402) and a known book (404)', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    // raw request: no search text, which the typed client requires
    const missing = await get(t.app, `/api/books/${book.id}/search`, { cookie: reader.cookie });
    expect(missing.status).toBe(400);
    expect((await problemBody(missing)).detail).toBe('q: Search text is required');
    expect((await searchIn(reader.api, book.id, '  ')).status).toBe(400);
    const long = await searchIn(reader.api, book.id, 'a'.repeat(201));
    expect((await problemBody(long)).detail).toBe('q: Search text must be at most 200 characters');
    expect((await searchIn(reader.api, book.slug, 'sea')).status).toBe(400);
    expect((await searchIn(reader.api, crypto.randomUUID(), 'sea')).status).toBe(404);
    expect((await searchIn(t.api, book.id, 'sea')).status).toBe(401);
    expect((await searchIn((await t.reader('free')).api, book.id, 'sea')).status).toBe(402);
  });
});

describe('copy budget', () => {
  it('counts copies up to exactly the limit, then refuses with the message and stores nothing', async () => {
    const t = setupReader();
    const { book, asset } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const limit = Math.floor((asset.totalCharacters * 40) / 100);
    expect(limit).toBeGreaterThan(1000);

    const initial = await copyBudgetOf(reader.api, book.id);
    expect(initial.status).toBe(200);
    expect(await initial.json()).toEqual({ used: 0, limit, isLimitReached: false } satisfies TCopyBudget);

    expect(await (await copy(reader.api, book.id, 1000)).json()).toEqual({
      used: 1000,
      limit,
      isLimitReached: false,
    });
    const tooMuch = await copy(reader.api, book.id, limit - 999);
    expect(tooMuch.status).toBe(422);
    expect((await problemBody(tooMuch)).detail).toBe(READER_MESSAGES.copyLimitReached);
    const exact = await copy(reader.api, book.id, limit - 1000);
    expect(exact.status).toBe(200);
    expect(await exact.json()).toEqual({ used: limit, limit, isLimitReached: true });

    const refused = await copy(reader.api, book.id, 1);
    expect(refused.status).toBe(422);
    expect(await problemBody(refused)).toMatchObject({
      code: 'copy_limit_reached',
      detail: READER_MESSAGES.copyLimitReached,
    });
    const tracking = t.db.select().from(userCopyTracking).where(eq(userCopyTracking.userId, reader.user.id)).get()!;
    expect(tracking).toMatchObject({
      totalCharactersCopied: limit,
      totalBookCharacters: asset.totalCharacters,
      isLimitReached: true,
      maxCopyPercentage: 40,
    });
    expect(await (await copyBudgetOf(reader.api, book.id)).json()).toEqual({
      used: limit,
      limit,
      isLimitReached: true,
    });

    // Another reader's budget is their own.
    const other = await t.reader('premium');
    expect(await (await copyBudgetOf(other.api, book.id)).json()).toEqual({
      used: 0,
      limit,
      isLimitReached: false,
    });
  });

  it('follows system_config: the percentage, and no limit when copy protection is off', async () => {
    const t = setupReader();
    const { book, asset } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    t.db.insert(systemConfig).values({ key: 'max_copy_percentage', value: '10', dataType: 'number' }).run();
    expect((await successBody(copyBudgetOf(reader.api, book.id))).limit).toBe(Math.floor(asset.totalCharacters / 10));
    t.db.insert(systemConfig).values({ key: 'copy_protection_enabled', value: 'false', dataType: 'boolean' }).run();
    const unlimited = await copy(reader.api, book.id, 100_000);
    expect(await unlimited.json()).toEqual({ used: 100_000, limit: COPY_LIMIT_UNLIMITED, isLimitReached: false });
  });

  it('merges offline device counters with max per device, then sums them with the online copies', async () => {
    const t = setupReader();
    const { book, asset } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    expect((await copy(reader.api, book.id, 500)).status).toBe(200);
    const target = {
      db: t.db,
      userId: reader.user.id,
      bookId: book.id,
      totalCharacters: asset.totalCharacters,
      now: t.clock.now(),
    };
    const deviceA = crypto.randomUUID();
    expect(mergeDeviceCopyCounter({ ...target, deviceId: deviceA, charactersCopied: 300 }).used).toBe(800);
    // A stale or repeated report never lowers a device's count.
    expect(mergeDeviceCopyCounter({ ...target, deviceId: deviceA, charactersCopied: 200 }).used).toBe(800);
    expect(mergeDeviceCopyCounter({ ...target, deviceId: crypto.randomUUID(), charactersCopied: 50 }).used).toBe(850);
    expect(
      t.db.select().from(userCopyDeviceCounters).where(eq(userCopyDeviceCounters.userId, reader.user.id)).all(),
    ).toHaveLength(3);
    expect((await successBody(copyBudgetOf(reader.api, book.id))).used).toBe(850);
  });

  it('validates characters (400) and needs entitlement (401/402)', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const cases: [unknown, string][] = [
      [{}, 'characters: Characters must be a number'],
      [{ characters: '10' }, 'characters: Characters must be a number'],
      [{ characters: 0 }, 'characters: Characters must be 1 or more'],
      [{ characters: 1.5 }, 'characters: Characters must be a whole number'],
      [{ characters: 100_001 }, 'characters: Characters must be at most 100000'],
    ];
    for (const [body, detail] of cases) {
      // raw request: missing, wrongly typed and out-of-range counts, which the typed client refuses
      const response = await send(t.app, `/api/books/${book.id}/copy-events`, body, { cookie: reader.cookie });
      expect(response.status, detail).toBe(400);
      expect((await problemBody(response)).detail).toBe(detail);
    }
    expect((await copy(t.api, book.id, 5)).status).toBe(401);
    const free = await t.reader('free');
    expect((await copy(free.api, book.id, 5)).status).toBe(402);
    expect((await copyBudgetOf(free.api, book.id)).status).toBe(402);
    expect(t.db.select().from(userCopyTracking).all()).toEqual([]);
  });
});

describe('content versions', () => {
  it('keeps serving an older version by its ?v= while the manifest moves to the new one', async () => {
    const t = setupReader();
    const { book, pdf } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const changed = new Uint8Array([...pdf, ...new TextEncoder().encode('\n% a changed file\n')]);
    const { asset } = await ingestBookPdf({
      deps: t,
      bookId: book.id,
      pdf: changed,
      source: 'cli',
      renderCover: false,
    });
    expect(asset.version).toBe(2);
    const manifest = await successBody(manifestOf(reader.api, book.id));
    expect(manifest.version).toBe(2);
    expect((await chunkOf(reader.api, book.id, 0, 1)).status).toBe(200);
    expect((await chunkOf(reader.api, book.id, 0, 2)).status).toBe(200);
    expect(t.db.select().from(loans).where(eq(loans.userId, reader.user.id)).all()).toEqual([]);
  });
});
