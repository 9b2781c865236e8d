/**
 * `npm run books:import -- <pdf file or folder> [--meta file.json]`: puts PDFs into the catalogue
 * through the same pipeline as the admin upload. For each PDF the book is found by slug or created
 * (metadata from --meta, else a `<name>.json` next to the PDF, else the PDF's own title and author,
 * else the file name), then ingested. A book created here whose file is refused is removed again,
 * so a failed import leaves nothing behind. Prints one line per file; exit code 1 if any failed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { BOOK_TIERS } from '@shared/tiers';
import { bookCategories, books, categories } from '../../db/schema';
import { slugify } from '../../lib/slug';
import { AppError } from '../../lib/app-error';
import { reindexBook } from '../../db/search-index';
import { ingestBookPdf, isPdfHeader, recordPdfSource, type TIngestDeps } from './ingest.service';
import { readPdfInfo } from './pdf-analysis';

export const BOOKS_IMPORT_USAGE = `Usage: npm run books:import -- <pdf file or folder> [--meta file.json]

  <pdf file>      one PDF; metadata from --meta, else <name>.json next to it, else the PDF itself
  <folder>        every *.pdf in the folder (not sub-folders), each with its optional <name>.json
  --meta <file>   JSON metadata for a single PDF: {"title", "author", "description", "category",
                  "requiredTier": "trial"|"basic"|"premium", "slug", "publishedYear", "tags", "language",
                  "previewPageCount", "cover": "<image next to the JSON>"}

A book is matched by slug (from the metadata, else from the title) and created when missing.
Importing the same file again changes nothing; a different file becomes the book's next version.
`;

export interface TImportIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const ZBookMeta = z
  .object({
    title: z.string().trim().min(1).max(300).optional(),
    author: z.string().trim().min(1).max(200).optional(),
    description: z.string().trim().max(5000).optional(),
    longDescription: z.string().trim().max(20000).optional(),
    authorBio: z.string().trim().max(5000).optional(),
    category: z.string().trim().min(1).optional(),
    requiredTier: z.enum(BOOK_TIERS, { message: `requiredTier must be one of ${BOOK_TIERS.join(', ')}` }).optional(),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be lower-case words joined by hyphens')
      .max(80)
      .optional(),
    publishedYear: z.number().int().min(-3000).max(3000).optional(),
    tags: z.array(z.string().trim().min(1).max(60)).max(30).optional(),
    keyTakeaways: z.array(z.string().trim().min(1).max(300)).max(20).optional(),
    language: z.string().trim().min(2).max(12).optional(),
    previewPageCount: z.number().int().min(0).max(100).optional(),
    isFeatured: z.boolean().optional(),
    cover: z.string().trim().min(1).optional(),
  })
  .passthrough();
type TBookMeta = z.infer<typeof ZBookMeta>;

class ImportFailure extends Error {}

function readMeta(file: string): { meta: TBookMeta; dir: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ImportFailure(`cannot read metadata ${file}: ${(error as Error).message}`);
  }
  const parsed = ZBookMeta.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportFailure(`invalid metadata ${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return { meta: parsed.data, dir: path.dirname(file) };
}

/** "an-introduction_to-mathematics.pdf" → "An Introduction To Mathematics". */
function titleFromFileName(file: string): string {
  const words = path.basename(file, path.extname(file)).replace(/[-_]+/g, ' ').trim().split(/\s+/);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ') || 'Untitled';
}

interface TPlannedFile {
  pdfPath: string;
  metaPath: string | null;
}

function planFiles(target: string, metaFlag: string | undefined): TPlannedFile[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    throw new ImportFailure(`no such file or folder: ${target}`);
  }
  const siblingMeta = (pdfPath: string) => {
    const candidate = path.join(path.dirname(pdfPath), `${path.basename(pdfPath, path.extname(pdfPath))}.json`);
    return fs.existsSync(candidate) ? candidate : null;
  };
  if (stat.isDirectory()) {
    if (metaFlag)
      throw new ImportFailure('--meta applies to a single PDF; in a folder put <name>.json next to each <name>.pdf');
    const pdfs = fs
      .readdirSync(target)
      .filter((name) => name.toLowerCase().endsWith('.pdf'))
      .sort()
      .map((name) => path.join(target, name));
    if (pdfs.length === 0) throw new ImportFailure(`no .pdf files in ${target}`);
    return pdfs.map((pdfPath) => ({ pdfPath, metaPath: siblingMeta(pdfPath) }));
  }
  return [{ pdfPath: target, metaPath: metaFlag ?? siblingMeta(target) }];
}

function findCategoryId(deps: TIngestDeps, nameOrSlug: string): string {
  const all = deps.db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .all();
  const wanted = nameOrSlug.toLowerCase();
  const category = all.find((candidate) => candidate.slug === wanted || candidate.name.toLowerCase() === wanted);
  if (!category)
    throw new ImportFailure(
      `unknown category "${nameOrSlug}" (known: ${all.map((candidate) => candidate.name).join(', ') || 'none'})`,
    );
  return category.id;
}

async function importOne(deps: TIngestDeps, planned: TPlannedFile, io: TImportIo): Promise<boolean> {
  const label = path.basename(planned.pdfPath);
  let createdBookId: string | null = null;
  try {
    const pdf = new Uint8Array(fs.readFileSync(planned.pdfPath));
    if (!isPdfHeader(pdf)) throw new ImportFailure('The file is not a PDF');
    const { meta, dir } = planned.metaPath
      ? readMeta(planned.metaPath)
      : { meta: {} as TBookMeta, dir: path.dirname(planned.pdfPath) };
    const info =
      meta.title && meta.author
        ? { title: null, author: null }
        : await readPdfInfo(pdf).catch(() => ({ title: null, author: null }));
    const title = meta.title ?? info.title ?? titleFromFileName(planned.pdfPath);
    const slug = meta.slug ?? slugify(title);
    if (!slug) throw new ImportFailure(`cannot make a slug from the title "${title}"; give "slug" in the metadata`);
    const coverImage = meta.cover ? new Uint8Array(fs.readFileSync(path.resolve(dir, meta.cover))) : null;

    let book = deps.db.select({ id: books.id, title: books.title }).from(books).where(eq(books.slug, slug)).get();
    if (!book) {
      const categoryId = meta.category ? findCategoryId(deps, meta.category) : null;
      book = deps.db.transaction((tx) => {
        const created = tx
          .insert(books)
          .values({
            slug,
            title,
            author: meta.author ?? info.author ?? 'Unknown author',
            description: meta.description ?? '',
            longDescription: meta.longDescription ?? null,
            authorBio: meta.authorBio ?? null,
            publishedYear: meta.publishedYear ?? null,
            tags: meta.tags ?? [],
            keyTakeaways: meta.keyTakeaways ?? [],
            language: meta.language ?? 'en',
            requiredTier: meta.requiredTier ?? 'trial',
            previewPageCount: meta.previewPageCount ?? 5,
            isFeatured: meta.isFeatured ?? false,
          })
          .returning({ id: books.id, title: books.title })
          .get();
        if (categoryId) tx.insert(bookCategories).values({ bookId: created.id, categoryId, position: 0 }).run();
        return created;
      });
      createdBookId = book.id;
      reindexBook(deps.db, book.id);
    }

    const started = performance.now();
    const { asset, unchanged } = await ingestBookPdf({ deps, bookId: book.id, pdf, coverImage, source: 'cli' });
    recordPdfSource(deps.db, slug, path.resolve(planned.pdfPath), deps.now());
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(
      unchanged
        ? `Unchanged ${label} → "${book.title}" (${slug}): version ${asset.version} is already this file\n`
        : `${createdBookId ? 'Created' : 'Updated'} "${book.title}" (${slug}) from ${label}: version ${asset.version}, ${asset.pageCount} pages, ${asset.chunkCount} encrypted chunk(s), ${seconds} s\n`,
    );
    return true;
  } catch (error) {
    if (createdBookId) {
      deps.db.delete(books).where(eq(books.id, createdBookId)).run();
      reindexBook(deps.db, createdBookId);
    }
    const message =
      error instanceof ImportFailure || error instanceof AppError
        ? error.message
        : `unexpected error: ${(error as Error).message ?? String(error)}`;
    io.err(`Failed ${label}: ${message}\n`);
    return false;
  }
}

/** Runs the command; returns the process exit code (0 all imported, 1 any failure, 2 usage). */
export async function runBooksImport(argv: string[], deps: TIngestDeps, io: TImportIo): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { meta: { type: 'string' }; help: { type: 'boolean'; short: 'h' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      args: argv,
      options: { meta: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${BOOKS_IMPORT_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    io.out(BOOKS_IMPORT_USAGE);
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    io.err(`Give one PDF file or folder.\n\n${BOOKS_IMPORT_USAGE}`);
    return 2;
  }
  let files: TPlannedFile[];
  try {
    files = planFiles(parsed.positionals[0], parsed.values.meta);
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return 1;
  }
  let failed = 0;
  for (const file of files) {
    if (!(await importOne(deps, file, io))) failed += 1;
  }
  if (files.length > 1) io.out(`${files.length - failed} of ${files.length} PDFs imported.\n`);
  return failed > 0 ? 1 : 0;
}
