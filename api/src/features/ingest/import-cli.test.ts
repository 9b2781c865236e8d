/**
 * `npm run books:import` on a temporary data folder (database file, local blob store, the KEK
 * generated into DATA_DIR): a folder with metadata creates books and ingests them, a re-run is a
 * no-op, a refused file leaves no book behind, and usage mistakes exit with 2.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../../adapters/blobs/blob-store';
import { migrateDatabase, openDatabase } from '../../db/client';
import { bookCategories, bookPdfMap, books, categories } from '../../db/schema';
import { createLogger } from '../../logger';
import { testEnv } from '../auth/auth-test-helpers';
import { decryptChunk } from '../content-access/content-crypto';
import { runBooksImport } from './import-cli';
import { getContentKey, readChunk } from '../content-access/book-content';
import { getManifest } from './ingest.service';
import { segmentCounterIv } from '@shared/reader';

const PDF_DIR = path.resolve(import.meta.dirname, '../../../../content/pdfs');
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-import-test-'));
  tempDirs.push(root);
  const dataDir = path.join(root, 'data');
  const inbox = path.join(root, 'inbox');
  fs.mkdirSync(inbox);
  const env = testEnv({ NODE_ENV: 'development', DATA_DIR: dataDir });
  const db = openDatabase(env.databaseFile);
  migrateDatabase(db);
  db.insert(categories).values({ name: 'Technology', slug: 'technology' }).run();
  const deps = {
    db,
    env,
    logger: createLogger('silent'),
    blobs: createLocalBlobStore(env.blobDir),
    now: () => new Date(),
  };
  const output = { out: '', err: '' };
  const io = {
    out: (text: string) => {
      output.out += text;
    },
    err: (text: string) => {
      output.err += text;
    },
  };
  const run = async (...args: string[]) => {
    output.out = '';
    output.err = '';
    return runBooksImport(args, deps, io);
  };
  return { root, dataDir, inbox, deps, output, run };
}

describe('books:import', () => {
  it('imports a folder: creates each book from its metadata or the PDF, ingests it, and a re-run changes nothing', async () => {
    const t = setup();
    fs.copyFileSync(path.join(PDF_DIR, 'tracemonkey.pdf'), path.join(t.inbox, 'tracemonkey.pdf'));
    fs.writeFileSync(
      path.join(t.inbox, 'tracemonkey.json'),
      JSON.stringify({
        title: 'Trace Trees',
        author: 'Andreas Gal',
        category: 'technology',
        requiredTier: 'basic',
        slug: 'trace-trees',
        tags: ['jit'],
      }),
    );
    fs.copyFileSync(path.join(PDF_DIR, 'TAMReview.pdf'), path.join(t.inbox, 'TAMReview.pdf'));

    expect(await t.run(t.inbox)).toBe(0);
    expect(t.output.err).toBe('');
    expect(t.output.out).toContain('Created "Trace Trees" (trace-trees) from tracemonkey.pdf: version 1, 14 pages');
    expect(t.output.out).toContain('2 of 2 PDFs imported.');

    const traced = t.deps.db.select().from(books).where(eq(books.slug, 'trace-trees')).get()!;
    expect(traced).toMatchObject({
      title: 'Trace Trees',
      author: 'Andreas Gal',
      requiredTier: 'basic',
      tags: ['jit'],
      contentVersion: 1,
      pageCount: 14,
    });
    expect(t.deps.db.select().from(bookCategories).where(eq(bookCategories.bookId, traced.id)).all()).toHaveLength(1);
    // Without metadata the PDF's own title names the book.
    const review = t.deps.db
      .select()
      .from(books)
      .where(eq(books.contentVersion, 1))
      .all()
      .find((book) => book.id !== traced.id)!;
    expect(review.title).toBe(
      'Overview of the Technology Acceptance Model: Origins, Developments and Future Directions',
    );
    expect(t.deps.db.select().from(bookPdfMap).where(eq(bookPdfMap.slug, 'trace-trees')).get()?.pdfPath).toBe(
      path.join(t.inbox, 'tracemonkey.pdf'),
    );

    // Encrypted on disk under a KEK generated into DATA_DIR; decrypts back to the file.
    expect(fs.statSync(path.join(t.dataDir, 'content-kek')).mode & 0o777).toBe(0o600);
    const manifest = await getManifest({ deps: t.deps, bookId: traced.id });
    const key = await getContentKey({ deps: t.deps, bookId: traced.id, version: 1 });
    const parts: Buffer[] = [];
    for (let index = 0; index < manifest.chunkCount; index += 1) {
      const ciphertext = await readChunk({ deps: t.deps, bookId: traced.id, version: 1, index });
      parts.push(
        decryptChunk(
          key,
          { iv: segmentCounterIv(index), ciphertext: ciphertext! },
          { bookId: traced.id, version: 1, index },
        ),
      );
    }
    const plain = Buffer.concat(parts);
    expect(plain.equals(fs.readFileSync(path.join(PDF_DIR, 'tracemonkey.pdf')))).toBe(true);

    expect(await t.run(path.join(t.inbox, 'tracemonkey.pdf'))).toBe(0);
    expect(t.output.out).toBe(
      'Unchanged tracemonkey.pdf → "Trace Trees" (trace-trees): version 1 is already this file\n',
    );
  });

  it('--meta names the book of a single file; a changed file becomes the next version', async () => {
    const t = setup();
    const meta = path.join(t.root, 'book.json');
    fs.writeFileSync(meta, JSON.stringify({ title: 'Mathematics', author: 'A. N. Whitehead', slug: 'mathematics' }));
    expect(await t.run(path.join(PDF_DIR, 'tracemonkey.pdf'), '--meta', meta)).toBe(0);
    expect(await t.run(path.join(PDF_DIR, 'an-introduction-to-mathematics.pdf'), '--meta', meta)).toBe(0);
    expect(t.output.out).toMatch(
      /^Updated "Mathematics" \(mathematics\) from an-introduction-to-mathematics\.pdf: version 2, 228 pages/,
    );
  });

  it('a refused file leaves no book behind and exits with 1', async () => {
    const t = setup();
    const broken = path.join(t.inbox, 'broken.pdf');
    fs.writeFileSync(broken, fs.readFileSync(path.join(PDF_DIR, 'tracemonkey.pdf')).subarray(0, 200_000));
    fs.writeFileSync(path.join(t.inbox, 'broken.json'), JSON.stringify({ title: 'Broken', author: 'Nobody' }));
    fs.writeFileSync(path.join(t.inbox, 'notes.pdf'), 'plain text');
    expect(await t.run(t.inbox)).toBe(1);
    expect(t.output.err).toMatch(/^Failed broken\.pdf: The PDF could not be read: /m);
    expect(t.output.err).toContain('Failed notes.pdf: The file is not a PDF');
    expect(t.deps.db.select().from(books).all()).toEqual([]);
    expect(
      fs.existsSync(path.join(t.dataDir, 'blobs', 'books'))
        ? fs.readdirSync(path.join(t.dataDir, 'blobs', 'books'))
        : [],
    ).toEqual([]);
  });

  it('reports usage and input mistakes clearly', async () => {
    const t = setup();
    expect(await t.run()).toBe(2);
    expect(t.output.err).toContain('Give one PDF file or folder.');
    expect(await t.run(path.join(t.root, 'missing.pdf'))).toBe(1);
    expect(t.output.err).toContain('no such file or folder');
    expect(await t.run(t.inbox, '--meta', 'x.json')).toBe(1);
    expect(t.output.err).toContain('--meta applies to a single PDF');
    const meta = path.join(t.root, 'bad.json');
    fs.writeFileSync(meta, JSON.stringify({ requiredTier: 'gold' }));
    expect(await t.run(path.join(PDF_DIR, 'tracemonkey.pdf'), '--meta', meta)).toBe(1);
    expect(t.output.err).toContain('requiredTier must be one of trial, basic, premium');
    expect(await t.run('--help')).toBe(0);
    expect(t.output.out).toContain('Usage: npm run books:import');
  });
});
