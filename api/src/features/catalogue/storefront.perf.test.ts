/**
 * Latency of the storefront's hot reads at scale: search suggestions at 100,000 books (the search box of
 * docs/product/catalogue-and-search.md#search-box must keep up with typing) and the book list at 1,000 (the demo
 * catalogue) and 100,000 books. Rows are synthetic and inserted in bulk with one prepared statement; the FTS index is
 * rebuilt once. Measurements are not timed tests (docs/ARCHITECTURE.md#tests), so this file runs only with PERF=1
 * (`PERF=1 npx vitest run api/src/features/catalogue/storefront.perf.test.ts`) and prints its figures. Its budgets
 * apply to medians and are generous: they catch a lost index or an unbounded scan (10-100x slower), not the noise of a
 * busy shared machine.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestContext } from '../../test-utils';
import { rebuildSearchIndex } from '../../db/search-index';
import { findSuggestions, suggest } from '../search/search.service';
import { listBooks, queryBooks } from './catalogue.service';
import { ZBookListQuery } from '@shared/catalogue.schemas';

const WORDS = (
  'leadership growth habit mind business psychology faith stoic strategy focus power success wealth money ' +
  'happiness purpose discipline courage wisdom learning time energy health love life work change thinking ' +
  'simple deep great small art science war peace influence people friends negotiation creative design story ' +
  'history future habits leaders negotiate meditation gratitude resilience productivity communication'
).split(' ');
const FIRST = 'John Mary James Anna Peter Sarah David Laura Mark Emma Paul Julia Henry Alice George Zoe'.split(' ');
const LAST = 'Smith Brown Taylor Wilson Clark Lewis Walker Hall Allen Young King Wright Scott Green Baker Adams'.split(
  ' ',
);

/** Deterministic pseudo-random numbers, so every run measures the same catalogue. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

function insertSyntheticBooks(db: Db, count: number) {
  const next = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const client = db.$client;
  const categoryIds = ['Leadership', 'Business', 'Psychology', 'Faith', 'Mindset'].map((name) => {
    const id = crypto.randomUUID();
    client.prepare('insert into categories (id, name, slug) values (?, ?, ?)').run(id, name, name.toLowerCase());
    return id;
  });
  const insertBook = client.prepare(
    `insert into books (id, title, author, description, slug, rating, total_ratings, is_featured, required_tier, published_year)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLink = client.prepare('insert into book_categories (book_id, category_id, position) values (?, ?, 0)');
  client.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const id = crypto.randomUUID();
      const title = `${pick(WORDS)} ${pick(WORDS)} of ${pick(WORDS)}`.replace(/^./, (c) => c.toUpperCase());
      const author = `${pick(FIRST)} ${pick(LAST)}${index % 7 === 0 ? ` ${index % 2000}` : ''}`;
      const description = Array.from({ length: 24 }, () => pick(WORDS)).join(' ');
      const tier = pick(['trial', 'basic', 'premium']);
      insertBook.run(
        id,
        title,
        author,
        description,
        `book-${index}`,
        Math.round(next() * 500) / 100,
        Math.floor(next() * 5000),
        next() < 0.05 ? 1 : 0,
        tier,
        1950 + Math.floor(next() * 75),
      );
      insertLink.run(id, pick(categoryIds));
    }
  })();
  rebuildSearchIndex(db);
}

function measure(work: () => unknown, runs: number) {
  work(); // warm the statement cache
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  times.sort((left, right) => left - right);
  const at = (fraction: number) => times[Math.min(times.length - 1, Math.floor(times.length * fraction))];
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(times[times.length - 1]) };
}

const round = (value: number) => Math.round(value * 100) / 100;

function report(label: string, figures: Record<string, unknown>) {
  process.stdout.write(`[perf] ${label}: ${JSON.stringify(figures)}\n`);
}

const SUGGEST_QUERIES = [
  'le',
  'zq',
  'ha',
  'lead',
  'the',
  'habit',
  'john',
  'smith',
  'zzzz',
  'negotiation',
  'of peace',
  'qx',
];

describe.runIf(process.env.PERF === '1')('catalogue and suggestion latency', () => {
  it('suggests within budget at 100,000 books', { timeout: 120_000 }, () => {
    const { db } = createTestContext();
    const started = performance.now();
    insertSyntheticBooks(db, 100_000);
    report('setup 100k books', { ms: Math.round(performance.now() - started) });

    const perQuery: Record<string, ReturnType<typeof measure>> = {};
    // Uncached: the read cache would otherwise answer every run after the first.
    for (const q of SUGGEST_QUERIES) perQuery[q] = measure(() => findSuggestions(db, q), 50);
    report('suggest at 100k (ms per query)', perQuery);
    const worst = (key: 'p50' | 'p95') => Math.max(...Object.values(perQuery).map((figures) => figures[key]));
    report('suggest at 100k worst query', { p50: worst('p50'), p95: worst('p95') });
    expect(suggest({ db, q: 'lead' }).items.length).toBe(8);
    expect(worst('p50')).toBeLessThan(40);

    const list = (query: Record<string, string>) => () => queryBooks(db, ZBookListQuery.parse(query));
    const listFigures = {
      firstPage: measure(list({}), 10),
      search: measure(list({ search: 'leadership' }), 10),
      searchTwoWords: measure(list({ search: 'habit wisdom' }), 10),
      category: measure(list({ category: 'faith' }), 10),
      featured: measure(list({ featured: 'true', limit: '8' }), 10),
    };
    report('GET /api/books service at 100k, uncached (ms)', listFigures);
  });

  it('lists and searches 1,000 books quickly', () => {
    const { db } = createTestContext();
    insertSyntheticBooks(db, 1000);
    const list = (query: Record<string, string>) => () => queryBooks(db, ZBookListQuery.parse(query));
    const figures = {
      firstPage: measure(list({}), 50),
      search: measure(list({ search: 'leadership' }), 50),
      searchShortWord: measure(list({ search: 'of' }), 50),
      filtered: measure(list({ category: 'faith', tier: 'basic', sort: 'newest' }), 50),
    };
    report('GET /api/books service at 1k, uncached (ms)', figures);
    const cached = measure(() => listBooks({ db, query: ZBookListQuery.parse({}) }), 200);
    report('GET /api/books service at 1k, cached first page (ms)', cached);
    expect(figures.firstPage.p50).toBeLessThan(10);
    expect(figures.search.p50).toBeLessThan(10);
  });
});
