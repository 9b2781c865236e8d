import { describe, expect, it } from 'vitest';
import type { TSuggestResponse } from '@shared/search';
import { createTestContext, problemBody, successBody, type TTestClient } from '../../test-utils';
import { createBook } from '../../test-factories';
import { extractTopics } from './search.service';
import { buildMatchExpression, parseSearchTerms, quoteFtsPhrase } from './search-terms';

async function suggest(client: TTestClient, q: string) {
  const response = await client.search.suggest.$get({ query: { q } });
  expect(response.status).toBe(200);
  return successBody(response);
}

const byType = (body: TSuggestResponse, type: string) => body.items.filter((item) => item.type === type);

describe('GET /api/search/suggest (docs/product/catalogue-and-search.md#search-box)', () => {
  it('answers no suggestions until the trimmed text has 2 characters', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'A Book', author: 'A Author' });
    expect(await suggest(client, '')).toEqual({ query: '', items: [] });
    expect(await suggest(client, 'a')).toEqual({ query: 'a', items: [] });
    expect(await suggest(client, '  a   ')).toEqual({ query: 'a', items: [] });
    expect((await suggest(client, ' a b ')).query).toBe('a b');
  });

  it('suggests books whose title contains the text, case-insensitively, with the author as subtitle', async () => {
    const { client, db } = createTestContext();
    const art = createBook(db, { title: 'The Art of War', author: 'Sun Tzu', description: 'Short.' });
    const smart = createBook(db, { title: 'SMART Goals', author: 'Peter Drucker', description: 'Short.' });
    createBook(db, { title: 'Meditations', author: 'Marcus Aurelius', description: 'Short.' });

    const body = await suggest(client, 'ART');
    expect(byType(body, 'book')).toEqual(
      expect.arrayContaining([
        { id: art.id, type: 'book', title: 'The Art of War', subtitle: 'Sun Tzu' },
        { id: smart.id, type: 'book', title: 'SMART Goals', subtitle: 'Peter Drucker' },
      ]),
    );
    expect(byType(body, 'book')).toHaveLength(2);
    // Two characters work too (no trigram index, bounded LIKE scan).
    expect(
      byType(await suggest(client, 'ar'), 'book')
        .map((item) => item.id)
        .sort(),
    ).toEqual([art.id, smart.id].sort());
    // A title starting with the text comes before one merely containing it.
    expect(byType(await suggest(client, 'sma'), 'book')[0].id).toBe(smart.id);
  });

  it('suggests distinct authors whose name contains the text, with their book count', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'One', author: 'Jane Doe', description: 'Short.' });
    createBook(db, { title: 'Two', author: 'Jane Doe', description: 'Short.' });
    createBook(db, { title: 'Three', author: 'Janet Roe', description: 'Short.' });
    createBook(db, { title: 'Hidden', author: 'Jane Doe', description: 'Short.', isPublished: false });

    const authors = byType(await suggest(client, 'jane'), 'author');
    expect(authors).toEqual([
      { id: 'Jane Doe', type: 'author', title: 'Jane Doe', subtitle: '2 books' },
      { id: 'Janet Roe', type: 'author', title: 'Janet Roe', subtitle: '1 book' },
    ]);
    expect(byType(await suggest(client, 'oe'), 'author').map((item) => item.id)).toEqual(['Jane Doe', 'Janet Roe']);
  });

  it('suggests at most 3 distinct, lower-cased description words longer than 3 characters', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'X1', author: 'A', description: 'Leadership for leaders: LEADERSHIP, lead and leaded.' });
    createBook(db, { title: 'X2', author: 'B', description: 'Misleading pleas about leaderboards.' });

    const topics = byType(await suggest(client, 'lead'), 'topic');
    expect(topics).toHaveLength(3);
    for (const topic of topics) {
      expect(topic.type).toBe('topic');
      expect(topic.subtitle).toBe('Topic');
      expect(topic.id).toBe(topic.title);
      expect(topic.title).toBe(topic.title.toLowerCase());
      expect(topic.title.length).toBeGreaterThan(3);
      expect(topic.title).toContain('lead');
    }
    expect(new Set(topics.map((topic) => topic.title)).size).toBe(3);
    expect(byType(await suggest(client, 'ple'), 'topic').map((topic) => topic.title)).toEqual(['pleas']);
  });

  it('never answers more than 8 suggestions and keeps room for authors and topics', async () => {
    const { client, db } = createTestContext();
    for (let index = 0; index < 12; index += 1) {
      createBook(db, {
        title: `Growth Book ${index}`,
        author: `Growth Author ${index}`,
        description: `growthful growthy growths ${index}`,
      });
    }
    const body = await suggest(client, 'growth');
    expect(body.items).toHaveLength(8);
    expect(byType(body, 'book')).toHaveLength(3);
    expect(byType(body, 'author')).toHaveLength(2);
    expect(byType(body, 'topic')).toHaveLength(3);
    // Books first, then authors, then topics.
    expect(body.items.map((item) => item.type)).toEqual([
      'book',
      'book',
      'book',
      'author',
      'author',
      'topic',
      'topic',
      'topic',
    ]);
  });

  it('gives authors the room books do not use', async () => {
    const { client, db } = createTestContext();
    for (let index = 0; index < 6; index += 1)
      createBook(db, { title: `Title ${index}`, author: `Writer Name ${index}`, description: 'x' });
    const body = await suggest(client, 'writer');
    expect(byType(body, 'book')).toHaveLength(0);
    expect(byType(body, 'author')).toHaveLength(6);
  });

  it('answers an empty list when nothing matches', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'Meditations', author: 'Marcus Aurelius', description: 'Stoic notes.' });
    expect((await suggest(client, 'zzzz')).items).toEqual([]);
    expect((await suggest(client, 'qx')).items).toEqual([]);
  });

  it('treats FTS syntax and unicode as plain text', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'Say "NEAR(" now 📚', author: "O'Brien", description: 'Quotes "inside" text.' });
    for (const q of [
      '"',
      '""',
      '*',
      'NEAR(',
      'AND OR',
      'OR NOT',
      '^ab',
      '{title}:x',
      '%_',
      '\\\\',
      '📚',
      '😀😀',
      'ÉÉ',
      "o'b",
    ]) {
      const response = await client.search.suggest.$get({ query: { q } });
      expect(response.status, q).toBe(200);
    }
    expect(byType(await suggest(client, 'NEAR('), 'book')).toHaveLength(1);
    expect(byType(await suggest(client, '"NEAR("'), 'book')).toHaveLength(1);
    expect(byType(await suggest(client, "o'b"), 'author')).toHaveLength(1);
  });

  it('answers 400 problem+json naming q for missing or over-long text', async () => {
    const { app } = createTestContext();
    for (const url of [
      '/api/search/suggest',
      `/api/search/suggest?q=${'x'.repeat(500)}`,
      '/api/search/suggest?q=a&q=b',
    ]) {
      // raw request: no q or q twice, which the route's type forbids (and an over-long q alongside)
      const response = await app.request(url);
      expect(response.status, url).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const body = await problemBody(response);
      expect(body.errors?.map((error) => error.field)).toContain('q');
    }
  });
});

describe('search terms', () => {
  it('quotes phrases so FTS operators are plain text', () => {
    expect(quoteFtsPhrase('say "hi"')).toBe('"say ""hi"""');
    expect(buildMatchExpression(['NEAR(', 'AND'])).toBe('"NEAR(" AND "AND"');
    expect(buildMatchExpression(['lead'], 'title')).toBe('title : ("lead")');
    expect(buildMatchExpression([])).toBeNull();
  });

  it('splits words, drops edge punctuation and routes short words to LIKE', () => {
    expect(parseSearchTerms('Rich Dad, Poor Dad')).toEqual({ phrases: ['Rich', 'Dad', 'Poor'], shortWords: [] });
    expect(parseSearchTerms('AI for leaders')).toEqual({ phrases: ['for', 'leaders'], shortWords: ['AI'] });
    expect(parseSearchTerms(`don't "stop"`)).toEqual({ phrases: ["don't", 'stop'], shortWords: [] });
    expect(parseSearchTerms('"')).toEqual({ phrases: [], shortWords: ['"'] });
    expect(parseSearchTerms('📚📚📚')).toEqual({ phrases: ['📚📚📚'], shortWords: [] });
    expect(parseSearchTerms('\u0000 ')).toEqual({ phrases: [], shortWords: [] });
  });

  it('extracts topic words by the documented rule', () => {
    expect(extractTopics(['The Leader leads; LEADERSHIP and lead.', 'leaders'], 'lead')).toEqual([
      'leader',
      'leads',
      'leadership',
    ]);
    expect(extractTopics(['plea pleas'], 'ple')).toEqual(['plea', 'pleas']);
    expect(extractTopics(['abc'], 'ab')).toEqual([]);
  });
});
