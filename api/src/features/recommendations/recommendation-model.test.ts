import { describe, expect, it } from 'vitest';
import {
  buildModel,
  buildRows,
  countTerms,
  mostPopular,
  scoreReader,
  tokenize,
  type TModelBook,
  type TReaderSignals,
} from './recommendation-model';

const NOW = Date.UTC(2026, 10, 1);
const focusCategory = { id: 'c-focus', name: 'Productivity' };
const stoicCategory = { id: 'c-stoic', name: 'Philosophy' };

function book(id: string, overrides: Partial<TModelBook> = {}): TModelBook {
  return {
    id,
    title: id,
    author: `Author of ${id}`,
    categories: [],
    pageCount: 200,
    rating: 4.6,
    totalRatings: 40,
    ...overrides,
  };
}

const BOOKS: TModelBook[] = [
  ...['f1', 'f2', 'f3', 'f4', 'f5'].map((id) => book(id, { categories: [focusCategory] })),
  ...['s1', 's2', 's3', 's4', 's5'].map((id) => book(id, { categories: [stoicCategory] })),
  book('f-short', { categories: [focusCategory], pageCount: 80 }),
  book('f-same-author', { categories: [focusCategory], author: 'Author of f1' }),
];
const TEXT: Record<string, string> = {
  f: 'focus attention habits routine deep work distraction calendar',
  s: 'stoic virtue fate courage wisdom calm letters seneca',
};

function termVectors() {
  return new Map(BOOKS.map((entry) => [entry.id, countTerms(`${TEXT[entry.id[0]!]} ${entry.id}`)]));
}

function reader(userId: string, read: string[], overrides: Partial<TReaderSignals> = {}): TReaderSignals {
  return {
    userId,
    interactions: read.map((bookId, index) => ({ bookId, weight: 3, atMs: NOW - (read.length - index) * 86_400_000 })),
    favouriteCategoryIds: new Set(),
    favouriteAuthors: new Set(),
    dismissed: new Set(),
    ...overrides,
  };
}

describe('recommendation model', () => {
  it('tokenizes without stop words and folds plurals', () => {
    expect(tokenize('The Habits of focus, and the habit!')).toEqual(['habit', 'focus', 'habit']);
    expect(countTerms('habits habit focus')).toEqual({ habit: 2, focus: 1 });
  });

  it('recommends books like the reader’s, never one they read, and explains each', () => {
    const readers = [
      reader('ada', ['f1', 'f2']),
      reader('bob', ['f1', 'f3', 'f4']),
      reader('cy', ['f2', 'f3', 'f4']),
      reader('dee', ['s1', 's2', 's3', 's4', 's5']),
      reader('eve', ['s1', 's2', 's3', 'f5']),
    ];
    const model = buildModel({ books: BOOKS, termVectors: termVectors(), readers });
    const ranked = scoreReader(model, readers[0]!, NOW).map((entry) => entry.bookId);
    expect(ranked).not.toContain('f1');
    expect(ranked).not.toContain('f2');
    // Focus books come before every stoic book.
    const firstStoic = ranked.findIndex((id) => id.startsWith('s'));
    expect(ranked.slice(0, firstStoic).every((id) => id.startsWith('f'))).toBe(true);

    const rows = buildRows(model, readers[0]!, NOW, 2);
    expect(rows.map((row) => row.type)).toEqual(['because_you_read', 'more_in_category', 'quick_read', 'highly_rated']);
    const because = rows[0]!;
    expect(because.sourceBookId).toBe('f2');
    expect(because.items[0]?.reason).toMatch(/^Because you read f2: /);
    expect(rows.find((row) => row.type === 'more_in_category')?.label).toBe('Productivity');
    const shown = rows.flatMap((row) => row.items.map((item) => item.bookId));
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).not.toContain('f1');
    for (const row of rows) for (const item of row.items) expect(item.reason.length).toBeGreaterThan(5);
  });

  it('never brings a dismissed book back and counts its author for less', () => {
    const readers = [
      reader('ada', ['f1']),
      reader('bob', ['f1', 'f-same-author']),
      reader('cy', ['f1', 'f-same-author']),
    ];
    const model = buildModel({ books: BOOKS, termVectors: termVectors(), readers });
    const before = scoreReader(model, readers[0]!, NOW);
    const sameAuthorBefore = before.find((entry) => entry.bookId === 'f-same-author')!.score;
    const dismissedReader = { ...readers[0]!, dismissed: new Set(['f3']) };
    const after = scoreReader(model, dismissedReader, NOW);
    expect(after.map((entry) => entry.bookId)).not.toContain('f3');
    // f3 shares f-same-author's category, so the category penalty reaches it; its own author is untouched.
    expect(after.find((entry) => entry.bookId === 'f-same-author')!.score).toBeLessThan(sameAuthorBefore);
    const authorDismissed = { ...readers[0]!, dismissed: new Set(['f-same-author']) };
    const f4Before = before.find((entry) => entry.bookId === 'f4')!.score;
    expect(scoreReader(model, authorDismissed, NOW).find((entry) => entry.bookId === 'f4')!.score).toBeLessThan(
      f4Before,
    );
  });

  it('uses favourite genres and authors when there is no reading yet', () => {
    const newcomer = reader('new', [], {
      favouriteCategoryIds: new Set(['c-stoic']),
      favouriteAuthors: new Set(['author of f3']),
    });
    const model = buildModel({ books: BOOKS, termVectors: termVectors(), readers: [newcomer] });
    const ranked = scoreReader(model, newcomer, NOW).map((entry) => entry.bookId);
    expect(ranked[0]).toBe('f3');
    expect(ranked.slice(1, 6).every((id) => id.startsWith('s'))).toBe(true);
    const rows = buildRows(model, newcomer, NOW);
    expect(rows.find((row) => row.type === 'more_in_category')?.items[0]?.reason).toBe(
      'More in Philosophy, one of your favourite genres',
    );
  });

  it('most popular leaves out what the reader read', () => {
    const readers = [reader('a', ['f1', 'f2']), reader('b', ['f1']), reader('c', ['f1', 's1'])];
    const model = buildModel({ books: BOOKS, termVectors: termVectors(), readers });
    expect(mostPopular(model, new Set(), 2)).toEqual(['f1', 'f2']);
    expect(mostPopular(model, new Set(['f1']), 3)).toEqual(['f2', 's1']);
  });
});
