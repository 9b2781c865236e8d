/** Table-of-contents detection on small synthetic texts in each heading style, and on the 16 real books. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_BOOKS_DIR, listContentBookSlugs, readContentBookMeta } from './content-books';
import { detectTableOfContents, formatTitle } from './table-of-contents';

const prose = (topic: string) =>
  `It was a long time before anyone understood how much ${topic} mattered to the people of the town,\n` +
  `and even then they argued about it every evening until the lamps were put out.\n`;

describe('detectTableOfContents', () => {
  it('reads CHAPTER markers with titles on the same or the next line, and skips the printed contents list', () => {
    const text = [
      'THE BOOK OF THINGS',
      '',
      'CONTENTS',
      '',
      'CHAPTER I. INDUSTRY',
      'CHAPTER II. HABITS OF THRIFT',
      'CHAPTER III. THE ART OF LIVING',
      '',
      '',
      'CHAPTER I.',
      'INDUSTRY.',
      '',
      prose('work'),
      'CHAPTER II. HABITS OF THRIFT',
      '',
      prose('saving'),
      'CHAPTER III -- THE ART OF LIVING, AND BY WHAT',
      'MEANS IT IS LEARNED',
      '',
      prose('living'),
    ].join('\n');
    expect(detectTableOfContents(text, { title: 'The Book of Things' })).toEqual([
      'Chapter I: Industry',
      'Chapter II: Habits of Thrift',
      'Chapter III: The Art of Living, and by What Means It Is Learned',
    ]);
  });

  it('reads ordinal books with their subtitles and roman-numbered chapters', () => {
    const text = [
      'THE FIRST BOOK',
      '',
      'ADMONITIONS FOR THE SPIRITUAL LIFE',
      '',
      prose('humility'),
      'THE SECOND BOOK',
      '',
      prose('peace'),
      'I.  LAYING PLANS',
      '',
      prose('planning'),
      'II.  WAGING WAR',
      '',
      prose('cost'),
    ].join('\n');
    expect(detectTableOfContents(text)).toEqual([
      'The First Book: Admonitions for the Spiritual Life',
      'The Second Book',
      'I. Laying Plans',
      'II. Waging War',
    ]);
  });

  it('falls back to isolated upper-case headings, then to Title Case headings', () => {
    const upper = [
      'FOREWORD',
      '',
      prose('thought'),
      'THOUGHT AND CHARACTER',
      '',
      prose('character'),
      'SERENITY',
      '',
      prose('calm'),
    ].join('\n');
    expect(detectTableOfContents(upper)).toEqual(['Foreword', 'Thought and Character', 'Serenity']);

    const titled = [
      'Economy',
      '',
      prose('money'),
      'Where I Lived, and What I Lived For',
      '',
      prose('home'),
      'The Bean-Field',
      '',
      prose('beans'),
    ].join('\n');
    expect(detectTableOfContents(titled)).toEqual(['Economy', 'Where I Lived, and What I Lived For', 'The Bean-Field']);
  });

  it('ignores headings with no text after them, a one-off example heading and right-aligned signatures', () => {
    const text = [
      'I.  INTRODUCTORY',
      '',
      prose('grammar'),
      'II.  RULES OF USAGE',
      '',
      prose('usage'),
      'CHAPTER XII. 352ND INFANTRY',
      '',
      prose('form'),
      'III.  PRINCIPLES OF COMPOSITION',
      '',
      prose('composition'),
      `${' '.repeat(58)}ALBERT SALOMON`,
      '',
      prose('stoicism'),
      'APPENDIX',
      '',
      'GLOSSARY',
      '',
    ].join('\n');
    expect(detectTableOfContents(text)).toEqual([
      'I. Introductory',
      'II. Rules of Usage',
      'III. Principles of Composition',
    ]);
  });

  it('returns nothing for a text without headings and caps long lists', () => {
    expect(detectTableOfContents(prose('nothing').repeat(20))).toEqual([]);
    const many = Array.from(
      { length: 60 },
      (_, index) => `CHAPTER ${index + 1}. PART NUMBER ${index + 1}\n\n${prose('chapters')}`,
    ).join('\n');
    expect(detectTableOfContents(many, { maxEntries: 40 })).toHaveLength(40);
  });

  it('finds between 3 and 40 entries in each of the 16 real books, in reading order', () => {
    for (const slug of listContentBookSlugs()) {
      const meta = readContentBookMeta(slug);
      const text = fs.readFileSync(path.join(CONTENT_BOOKS_DIR, slug, 'text.txt'), 'utf8');
      const toc = detectTableOfContents(text, { title: meta.title, author: meta.author });
      expect(toc.length, slug).toBeGreaterThanOrEqual(3);
      expect(toc.length, slug).toBeLessThanOrEqual(40);
      expect(new Set(toc).size, slug).toBe(toc.length);
      for (const entry of toc) expect(entry.length, `${slug}: ${entry}`).toBeLessThanOrEqual(120);
    }
    const prince = readContentBookMeta('the-prince');
    const princeText = fs.readFileSync(path.join(CONTENT_BOOKS_DIR, 'the-prince', 'text.txt'), 'utf8');
    const princeToc = detectTableOfContents(princeText, { title: prince.title, author: prince.author });
    expect(princeToc).toContain('Chapter II: Concerning Hereditary Principalities');
    expect(princeToc.indexOf('Chapter II: Concerning Hereditary Principalities')).toBeLessThan(
      princeToc.indexOf('Chapter XXVI: An Exhortation to Liberate Italy from the Barbarians'),
    );
  });
});

describe('formatTitle', () => {
  it('turns upper-case headings into Title Case and keeps roman numerals and apostrophes right', () => {
    expect(formatTitle("THE DESIRE TO EXCEED ONE'S PROGRAMME.")).toBe("The Desire to Exceed One's Programme");
    expect(formatTitle('WHY THE KINGDOM OF DARIUS DID NOT REBEL')).toBe('Why the Kingdom of Darius Did Not Rebel');
    expect(formatTitle('EXERCISES ON CHAPTERS II AND III')).toBe('Exercises on Chapters II and III');
    expect(formatTitle('SELF-HELP—NATIONAL AND INDIVIDUAL')).toBe('Self-Help—National and Individual');
    expect(formatTitle("_Poor Richard's Almanac_ and Other Activities")).toBe(
      "Poor Richard's Almanac and Other Activities",
    );
  });
});
