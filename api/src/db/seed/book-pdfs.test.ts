/**
 * Typesetting the real demo books: chapters found back in the text (headings replaced, front matter
 * kept), one small book typeset for real (the full set runs in the background job, never in unit
 * tests), deterministic output, and the fingerprint that decides when a book is typeset again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { analysePdf } from '../../features/ingest/pdf-analysis';
import { contentBookFingerprint, contentBookSections, isContentBookSlug, typesetContentBook } from './book-pdfs';
import { CONTENT_BOOKS_DIR, readContentBookMeta } from './content-books';
import { detectTableOfContents } from './table-of-contents';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const prose = (words: string) =>
  `${words} and the rest of this sentence runs on long enough to read as prose in the book.`;

const TEXT = [
  'THE SMALL BOOK',
  '',
  'By Someone',
  '',
  'CONTENTS',
  '',
  '   CHAPTER I. BEGINNINGS',
  '   CHAPTER II. ENDINGS',
  '   CHAPTER III. AFTERWARDS',
  '',
  'CHAPTER I.',
  '',
  'BEGINNINGS',
  '',
  prose('Once upon a time the first chapter began'),
  '',
  prose('It went on for a while'),
  '',
  'CHAPTER II.',
  '',
  'ENDINGS',
  '',
  prose('Then the second chapter came'),
  '',
  'CHAPTER III.',
  '',
  'AFTERWARDS',
  '',
  prose('Finally the third chapter closed the story'),
].join('\n');

describe('contentBookSections', () => {
  it('splits the text at the detected chapters, replacing each heading, and keeps the front matter', () => {
    const meta = { title: 'The Small Book', author: 'Someone' };
    expect(detectTableOfContents(TEXT, meta)).toEqual([
      'Chapter I: Beginnings',
      'Chapter II: Endings',
      'Chapter III: Afterwards',
    ]);
    const sections = contentBookSections(TEXT, meta);
    expect(sections.map((section) => section.title)).toEqual([
      null,
      'Chapter I: Beginnings',
      'Chapter II: Endings',
      'Chapter III: Afterwards',
    ]);
    // The printed contents list stays in the front matter; the body headings are not repeated in the text.
    expect(sections[0].text).toContain('CHAPTER II. ENDINGS');
    expect(sections[1].text).toBe(
      `${prose('Once upon a time the first chapter began')}\n\n${prose('It went on for a while')}`,
    );
    expect(sections[2].text).toBe(prose('Then the second chapter came'));
    expect(sections[3].text).not.toMatch(/AFTERWARDS/);
  });

  it('finds every detected chapter of every demo book', () => {
    for (const slug of fs.readdirSync(CONTENT_BOOKS_DIR)) {
      const meta = readContentBookMeta(slug);
      const text = fs.readFileSync(path.join(CONTENT_BOOKS_DIR, slug, 'text.txt'), 'utf8');
      const titles = detectTableOfContents(text, { ...meta, maxEntries: 250 });
      const sections = contentBookSections(text, meta).filter((section) => section.title !== null);
      expect(
        sections.map((section) => section.title),
        slug,
      ).toEqual(titles);
    }
  });
});

describe('typesetContentBook', () => {
  it('typesets a real book with its chapters in the outline, deterministically', async () => {
    const slug = 'as-a-man-thinketh';
    const first = await typesetContentBook(slug);
    const second = await typesetContentBook(slug);
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(digest(first.bytes)).toBe(digest(second.bytes));

    const analysis = await analysePdf(first.bytes, { renderCover: false });
    expect(analysis.pageCount).toBe(first.pageCount);
    expect(analysis.pageCount).toBeGreaterThan(15);
    const meta = readContentBookMeta(slug);
    const chapters = detectTableOfContents(fs.readFileSync(path.join(CONTENT_BOOKS_DIR, slug, 'text.txt'), 'utf8'), {
      ...meta,
      maxEntries: 250,
    });
    expect(analysis.outline.map((entry) => entry.title)).toEqual(['Contents', ...chapters]);
    expect(analysis.pageTexts.join(' ').replace(/\s+/g, ' ')).toContain(
      'Mind is the Master power that moulds and makes',
    );
    expect(analysis.info).toEqual({ title: meta.title, author: meta.author });
  });

  it('knows the demo slugs', () => {
    expect(isContentBookSlug('walden')).toBe(true);
    expect(isContentBookSlug('the-art-of-bootstrapping')).toBe(false);
  });
});

describe('contentBookFingerprint', () => {
  it('is stable for the same sources and changes with the text or the metadata', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-book-pdfs-'));
    tempDirs.push(dir);
    const slug = 'tiny';
    fs.mkdirSync(path.join(dir, slug));
    fs.writeFileSync(
      path.join(dir, slug, 'meta.json'),
      JSON.stringify({ slug, title: 'Tiny', author: 'A', category: 'Mindset', publishedYear: 1900, description: 'd' }),
    );
    fs.writeFileSync(path.join(dir, slug, 'text.txt'), 'One.');
    const first = contentBookFingerprint(slug, dir);
    expect(contentBookFingerprint(slug, dir)).toBe(first);
    fs.writeFileSync(path.join(dir, slug, 'text.txt'), 'One. Two.');
    const second = contentBookFingerprint(slug, dir);
    expect(second).not.toBe(first);
    fs.writeFileSync(
      path.join(dir, slug, 'meta.json'),
      JSON.stringify({
        slug,
        title: 'Tinier',
        author: 'A',
        category: 'Mindset',
        publishedYear: 1900,
        description: 'd',
      }),
    );
    expect(contentBookFingerprint(slug, dir)).not.toBe(second);
  });
});
