/** The generated demo catalogue: deterministic, append-only as it grows, varied and within the stated ranges. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOK_TIERS } from '@shared/tiers';
import { CATEGORY_SEEDS } from './categories';
import { generateCatalogue } from './generated-catalogue';
import { slugify } from '../../lib/slug';

describe('generateCatalogue', () => {
  const books = generateCatalogue({ count: 984, reservedSlugs: ['walden', 'meditations'] });

  it('is deterministic and only appends when the catalogue grows', () => {
    expect(generateCatalogue({ count: 984, reservedSlugs: ['walden', 'meditations'] })).toEqual(books);
    const larger = generateCatalogue({ count: 1500, reservedSlugs: ['walden', 'meditations'] });
    expect(larger.slice(0, 984)).toEqual(books);
    expect(generateCatalogue({ count: 50, seed: 7 }).map((book) => book.title)).not.toEqual(
      books.slice(0, 50).map((book) => book.title),
    );
  });

  it('gives unique, URL-safe slugs that avoid the reserved ones', () => {
    const slugs = books.map((book) => book.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).not.toContain('walden');
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // Even at 20x the size, clashes are resolved by numbering rather than duplicates.
    const big = generateCatalogue({ count: 20_000 }).map((book) => book.slug);
    expect(new Set(big).size).toBe(big.length);
  });

  it('produces varied titles and authors from every category', () => {
    expect(new Set(books.map((book) => book.title)).size).toBeGreaterThan(950);
    expect(new Set(books.map((book) => book.author)).size).toBeGreaterThan(200);
    const categorySlugs = new Set(CATEGORY_SEEDS.map((category) => category.slug));
    const primaries = new Set(books.map((book) => book.categorySlugs[0]));
    expect(primaries).toEqual(categorySlugs);
    for (const book of books) {
      expect(book.categorySlugs.length).toBeGreaterThanOrEqual(1);
      expect(book.categorySlugs.length).toBeLessThanOrEqual(2);
      for (const slug of book.categorySlugs) expect(categorySlugs).toContain(slug);
    }
  });

  it('keeps every field within its range', () => {
    for (const book of books) {
      expect(book.rating).toBeGreaterThanOrEqual(3);
      expect(book.rating).toBeLessThanOrEqual(5);
      expect(Math.round(book.rating * 100)).toBeCloseTo(book.rating * 100, 6);
      expect(book.totalRatings).toBeGreaterThanOrEqual(1);
      expect(book.totalReviews).toBeLessThanOrEqual(book.totalRatings);
      expect(BOOK_TIERS).toContain(book.requiredTier);
      expect(book.publishedYear).toBeGreaterThanOrEqual(1985);
      expect(book.publishedYear).toBeLessThanOrEqual(2025);
      expect(book.pageCount).toBeGreaterThanOrEqual(140);
      expect(book.keyTakeaways.length).toBeGreaterThanOrEqual(3);
      expect(book.tableOfContents.length).toBeGreaterThanOrEqual(8);
      expect(book.tags.length).toBeGreaterThanOrEqual(2);
      expect(book.description).toContain(book.author);
      expect(book.longDescription.startsWith(book.description)).toBe(true);
      expect(book.authorBio.startsWith(book.author)).toBe(true);
      expect(`${book.title} ${book.description} ${book.longDescription}`).not.toMatch(/undefined|\{\w+\}/);
    }
  });

  it('mixes tiers (mostly trial) and features about 5% of books', () => {
    const share = (predicate: (book: (typeof books)[number]) => boolean) =>
      books.filter(predicate).length / books.length;
    expect(share((book) => book.requiredTier === 'trial')).toBeGreaterThan(0.4);
    expect(share((book) => book.requiredTier === 'basic')).toBeGreaterThan(0.2);
    expect(share((book) => book.requiredTier === 'premium')).toBeGreaterThan(0.1);
    expect(share((book) => book.isFeatured)).toBeGreaterThan(0.02);
    expect(share((book) => book.isFeatured)).toBeLessThan(0.09);
  });
});

describe('slugify', () => {
  it('makes lower-case ASCII hyphenated slugs', () => {
    expect(slugify('The Founder’s Playbook')).toBe('the-founders-playbook');
    expect(slugify('Niccolò & Friends: A Life!')).toBe('niccolo-and-friends-a-life');
    fc.assert(
      fc.property(fc.string(), (text) => {
        const slug = slugify(text);
        return slug === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug);
      }),
    );
  });
});
