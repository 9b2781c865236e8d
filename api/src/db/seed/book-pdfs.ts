/**
 * Typesets the real books of content/books/<slug>/ (meta.json + text.txt) into PDFs: the chapters
 * the table-of-contents detector finds become sections (each heading located back in the text and
 * replaced by a typeset heading), the text before the first one stays as front matter. The output
 * is deterministic, and `contentBookFingerprint` names exactly what it depends on (typesetter
 * version, metadata, text), so a book is only typeset again when one of those changed.
 * Reads files only; ingestion lives in features/ingest and the background run in jobs/demo-book-pdfs.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { TTypesetResult, TTypesetSection } from './typeset';
import { CONTENT_BOOKS_DIR, listContentBookSlugs, readContentBookMeta, type TContentBookMeta } from './content-books';
import { detectTableOfContents } from './table-of-contents';

/** Bump when the typesetter's output changes, so demo books are typeset again on the next run. */
export const TYPESET_FORMAT_VERSION = 1;
/** Enough for every chapter of the longest book; the catalogue's own list stays at 40. */
const MAX_SECTIONS = 250;
/** How many lines after a heading's first line its title may continue on (wrapped titles, "CHAPTER I" / title). */
const HEADING_WINDOW_LINES = 8;

const normalise = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

interface THeadingMatch {
  start: number;
  /** Last line the title used up, or null when the title ends inside a line (a run-in heading). */
  end: number | null;
}

/** Does the text from `start` on begin with `target` (normalised)? Blank lines in between are skipped. */
function matchHeadingAt(
  normalised: string[],
  start: number,
  target: string,
  isTruncated: boolean,
): THeadingMatch | null {
  let joined = '';
  let seen = 0;
  for (let index = start; index < normalised.length && seen < HEADING_WINDOW_LINES; index += 1) {
    const part = normalised[index];
    if (!part) {
      if (index === start) return null;
      continue;
    }
    seen += 1;
    joined = joined ? `${joined} ${part}` : part;
    if (joined === target) return { start, end: index };
    if (joined.startsWith(`${target} `)) return { start, end: null };
    // A title cut short for the contents list ends inside its heading: the heading ends on this line.
    if (isTruncated && joined.startsWith(target)) return { start, end: index };
    if (!target.startsWith(joined)) return null;
  }
  return null;
}

/** The last place before `limit` where a paragraph starts with the heading's words. */
function findHeading(normalised: string[], title: string, limit: number): THeadingMatch | null {
  const isTruncated = title.endsWith('…');
  const base = normalise(title.replace(/…$/, ''));
  const targets = base.startsWith('the ') ? [base, base.slice(4)] : [base];
  for (let index = limit - 1; index >= 0; index -= 1) {
    if (!normalised[index] || (index > 0 && normalised[index - 1])) continue;
    for (const target of targets) {
      if (!target.startsWith(normalised[index].split(' ')[0])) continue;
      const match = matchHeadingAt(normalised, index, target, isTruncated);
      if (match) return match;
    }
  }
  return null;
}

/**
 * Splits a book's text at its detected chapter headings. Headings are searched from the end (the
 * detector keeps a heading's last occurrence: the body, not the printed contents list).
 */
export function contentBookSections(text: string, meta: { title: string; author: string }): TTypesetSection[] {
  const titles = detectTableOfContents(text, { title: meta.title, author: meta.author, maxEntries: MAX_SECTIONS });
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const normalised = lines.map(normalise);
  const found: { title: string; match: THeadingMatch }[] = [];
  let limit = lines.length;
  for (let index = titles.length - 1; index >= 0; index -= 1) {
    const match = findHeading(normalised, titles[index], limit);
    if (!match) continue;
    found.unshift({ title: titles[index], match });
    limit = match.start;
  }
  const sections: TTypesetSection[] = [];
  const firstStart = found[0]?.match.start ?? lines.length;
  const frontMatter = lines.slice(0, firstStart).join('\n').trim();
  if (frontMatter) sections.push({ title: null, text: frontMatter });
  found.forEach(({ title, match }, position) => {
    const bodyStart = match.end === null ? match.start : match.end + 1;
    const bodyEnd = found[position + 1]?.match.start ?? lines.length;
    sections.push({ title, text: lines.slice(bodyStart, bodyEnd).join('\n').trim() });
  });
  return sections;
}

function originNote(year: number): string {
  if (year < 0) return `Written around ${-year} BC`;
  if (year < 1000) return `Written around AD ${year}`;
  return `First published in ${year}`;
}

export function readContentBookText(slug: string, dir = CONTENT_BOOKS_DIR): string {
  return fs.readFileSync(path.join(dir, slug, 'text.txt'), 'utf8');
}

export async function typesetContentBookText(meta: TContentBookMeta, text: string): Promise<TTypesetResult> {
  // pdf-lib and fontkit take most of a second to load: only processes that typeset pay for them.
  const { typesetBook } = await import('./typeset');
  return typesetBook({
    title: meta.title,
    author: meta.author,
    titlePageNotes: [originNote(meta.publishedYear), 'Public domain text · Typeset by Wonderful Books'],
    subject: meta.description,
    keywords: meta.tags,
    language: meta.language,
    sections: contentBookSections(text, meta),
  });
}

export function typesetContentBook(slug: string, dir = CONTENT_BOOKS_DIR): Promise<TTypesetResult> {
  return typesetContentBookText(readContentBookMeta(slug, dir), readContentBookText(slug, dir));
}

/** Changes whenever the typeset PDF would: the typesetter version, the metadata or the text. */
export function contentBookFingerprint(slug: string, dir = CONTENT_BOOKS_DIR): string {
  return createHash('sha256')
    .update(`typeset-v${TYPESET_FORMAT_VERSION}\u0000`)
    .update(fs.readFileSync(path.join(dir, slug, 'meta.json')))
    .update('\u0000')
    .update(fs.readFileSync(path.join(dir, slug, 'text.txt')))
    .digest('hex')
    .slice(0, 32);
}

/** What book_pdf_map records as the source of a typeset demo book. */
export function contentBookSourcePath(slug: string, fingerprint: string): string {
  return `content/books/${slug}/text.txt#typeset-${fingerprint}`;
}

let contentSlugs: Set<string> | null = null;

/** Slugs of the real books (read once per process). */
export function isContentBookSlug(slug: string): boolean {
  contentSlugs ??= new Set(fs.existsSync(CONTENT_BOOKS_DIR) ? listContentBookSlugs() : []);
  return contentSlugs.has(slug);
}
