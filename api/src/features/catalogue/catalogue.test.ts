import { describe, expect, it } from 'vitest';
import type { TBookList } from '@shared/catalogue';
import { createTestContext, problemBody, successBody, type TTestClient } from '../../test-utils';
import { createBook, createCategory, createManyBooks, createPlan } from '../../test-factories';

type TBookListQuery = Parameters<TTestClient['books']['$get']>[0]['query'];

async function getList(client: TTestClient, query: TBookListQuery = {}) {
  const response = await client.books.$get({ query });
  expect(response.status).toBe(200);
  return successBody(response);
}

const titles = (list: TBookList) => list.items.map((book) => book.title);

describe('GET /api/books', () => {
  it('lists published books with the primary category and a generated cover', async () => {
    const { client, db } = createTestContext();
    const leadership = createCategory(db, { name: 'Leadership', slug: 'leadership' });
    const business = createCategory(db, { name: 'Business', slug: 'business' });
    const book = createBook(db, {
      title: 'Lead Well',
      author: 'Ada Lovelace',
      description: 'On leading teams.',
      requiredTier: 'basic',
      rating: 4.5,
      totalRatings: 10,
      isFeatured: true,
      publishedYear: 2020,
      categories: [leadership, business],
    });
    createBook(db, { title: 'Hidden Draft', isPublished: false });

    const list = await getList(client);
    expect(list).toMatchObject({ total: 1, page: 1, limit: 24 });
    expect(list.items[0]).toEqual({
      id: book.id,
      slug: book.slug,
      title: 'Lead Well',
      author: 'Ada Lovelace',
      description: 'On leading teams.',
      category: 'Leadership',
      coverImageUrl: expect.stringMatching(new RegExp(`^/api/books/${book.id}/cover\\.svg\\?v=[a-z0-9]+$`)),
      requiredTier: 'basic',
      rating: 4.5,
      totalRatings: 10,
      isFeatured: true,
      publishedYear: 2020,
    });
  });

  it('answers a cached page identically every time', async () => {
    const { client, db } = createTestContext();
    createManyBooks(db, 5);
    const bodies = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await client.books.$get({ query: { limit: '3' } });
      expect(response.headers.get('content-type')).toBe('application/json');
      bodies.push(await response.text());
    }
    expect(JSON.parse(bodies[0]).items).toHaveLength(3);
    expect(new Set(bodies).size).toBe(1);
  });

  it('keeps a stored cover URL and gives books without categories a null category', async () => {
    const { client, db } = createTestContext();
    createBook(db, { coverImageUrl: 'https://covers.example/a.jpg' });
    const list = await getList(client);
    expect(list.items[0]).toMatchObject({ coverImageUrl: 'https://covers.example/a.jpg', category: null });
  });

  it('filters by author (exact, case-insensitive), category slug, tier and featured', async () => {
    const { client, db } = createTestContext();
    const faith = createCategory(db, { name: 'Faith', slug: 'faith' });
    const mind = createCategory(db, { name: 'Mindset', slug: 'mindset' });
    createBook(db, { title: 'A', author: 'Jane Austen', requiredTier: 'trial', categories: [faith] });
    createBook(db, {
      title: 'B',
      author: 'Jane Austen Smith',
      requiredTier: 'premium',
      isFeatured: true,
      categories: [mind, faith],
    });
    createBook(db, { title: 'C', author: 'Someone', requiredTier: 'premium', isFeatured: true, categories: [mind] });

    expect(titles(await getList(client, { author: 'jane austen' }))).toEqual(['A']);
    expect(titles(await getList(client, { category: 'faith', sort: 'title' }))).toEqual(['A', 'B']);
    expect(titles(await getList(client, { category: 'mindset', sort: 'title' }))).toEqual(['B', 'C']);
    expect(titles(await getList(client, { category: 'nope' }))).toEqual([]);
    expect(titles(await getList(client, { tier: 'premium', sort: 'title' }))).toEqual(['B', 'C']);
    expect(titles(await getList(client, { featured: 'true', sort: 'title' }))).toEqual(['B', 'C']);
    expect(titles(await getList(client, { featured: 'false' }))).toEqual(['A']);
    expect(titles(await getList(client, { featured: 'true', category: 'faith', tier: 'premium' }))).toEqual(['B']);
  });

  it('sorts by popularity, rating, newest and title', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'beta', rating: 5, totalRatings: 2, publishedYear: 1990 });
    createBook(db, { title: 'Alpha', rating: 4, totalRatings: 100, publishedYear: 2021 });
    createBook(db, { title: 'Gamma', rating: 3, totalRatings: 50, publishedYear: null });
    createBook(db, { title: 'delta', rating: 4.9, totalRatings: 10, publishedYear: 2010 });

    // popular = totalRatings * rating: 400, 150, 49, 10
    expect(titles(await getList(client))).toEqual(['Alpha', 'Gamma', 'delta', 'beta']);
    expect(titles(await getList(client, { sort: 'popular' }))).toEqual(['Alpha', 'Gamma', 'delta', 'beta']);
    // rating = Bayesian average (3.5 × 10 prior): delta 4.2, Alpha 3.95, beta 3.75 (two 5s are not enough), Gamma 3.08
    expect(titles(await getList(client, { sort: 'rating' }))).toEqual(['delta', 'Alpha', 'beta', 'Gamma']);
    expect(titles(await getList(client, { sort: 'newest' }))).toEqual(['Alpha', 'delta', 'beta', 'Gamma']);
    expect(titles(await getList(client, { sort: 'title' }))).toEqual(['Alpha', 'beta', 'delta', 'Gamma']);
  });

  it('pages with a stable order and the full total', async () => {
    const { client, db } = createTestContext();
    createManyBooks(db, 30, (index) => ({
      title: `Book ${String(index).padStart(2, '0')}`,
      rating: 4,
      totalRatings: 1,
    }));

    const first = await getList(client, { limit: '12', page: '1' });
    const second = await getList(client, { limit: '12', page: '2' });
    const third = await getList(client, { limit: '12', page: '3' });
    expect([first.total, second.total, third.total]).toEqual([30, 30, 30]);
    expect([first.items.length, second.items.length, third.items.length]).toEqual([12, 12, 6]);
    const ids = [...first.items, ...second.items, ...third.items].map((book) => book.id);
    expect(new Set(ids).size).toBe(30);
    const beyond = await getList(client, { limit: '12', page: '4' });
    expect(beyond).toMatchObject({ items: [], total: 30, page: 4, limit: 12 });
  });

  it('searches title, author, description, categories and tags, ranking title hits first', async () => {
    const { client, db } = createTestContext();
    const psychology = createCategory(db, { name: 'Psychology', slug: 'psychology' });
    createBook(db, {
      title: 'Mindful Habits',
      author: 'Kim Lee',
      description: 'Daily practice.',
      totalRatings: 1,
      rating: 1,
    });
    createBook(db, {
      title: 'Other',
      author: 'Habitson Grey',
      description: 'Unrelated.',
      totalRatings: 1000,
      rating: 5,
    });
    createBook(db, {
      title: 'Third',
      author: 'Z',
      description: 'Small habits compound.',
      totalRatings: 500,
      rating: 5,
    });
    createBook(db, { title: 'Fourth', author: 'Y', description: 'Nothing here.', categories: [psychology] });
    createBook(db, { title: 'Fifth', author: 'X', description: 'Nothing here.', tags: ['stoicism'] });

    const habit = await getList(client, { search: 'habit' });
    expect(habit.total).toBe(3);
    expect(habit.items[0].title).toBe('Mindful Habits');
    expect(titles(await getList(client, { search: 'psycho' }))).toEqual(['Fourth']);
    expect(titles(await getList(client, { search: 'stoic' }))).toEqual(['Fifth']);
    // Every word must match (AND), in any column.
    expect(titles(await getList(client, { search: 'habit kim' }))).toEqual(['Mindful Habits']);
    expect(titles(await getList(client, { search: 'HABITS compound' }))).toEqual(['Third']);
    expect((await getList(client, { search: 'zzzzz' })).total).toBe(0);
    // An explicit sort wins over relevance.
    expect(titles(await getList(client, { search: 'habit', sort: 'popular' }))).toEqual([
      'Other',
      'Third',
      'Mindful Habits',
    ]);
  });

  it('matches 1-2 character words with a LIKE filter and combines them with longer words', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'AI for Leaders', description: 'Machine learning basics.' });
    createBook(db, { title: 'Leaders of Men', description: 'Gains and pains.' });
    expect(titles(await getList(client, { search: 'AI' }))).toEqual(['AI for Leaders']);
    expect(titles(await getList(client, { search: 'ai leaders' }))).toEqual(['AI for Leaders']);
    expect(titles(await getList(client, { search: 'of leaders' }))).toEqual(['Leaders of Men']);
  });

  it('treats FTS syntax, quotes, wildcards and emoji in search as plain text', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'Say "Hello" (NEAR the end) 100%', description: 'effort_ and *stars* 📚📚📚' });
    createBook(db, { title: 'Plain', description: 'Nothing special.' });
    const inputs = [
      '"',
      '""',
      '*',
      'NEAR(',
      'NEAR(a b)',
      'AND OR',
      'OR',
      'NOT',
      '^title',
      'title:hello',
      '{title}: x',
      "'; drop table books; --",
      '%',
      '_',
      '\\',
      '📚',
      '📚📚📚',
      'héllo wörld ✓',
      '\u0000\u0001',
      'a'.repeat(200),
    ];
    for (const search of inputs) {
      const response = await client.books.$get({ query: { search } });
      expect(response.status, search).toBe(200);
    }
    expect(titles(await getList(client, { search: '"Hello"' }))).toEqual(['Say "Hello" (NEAR the end) 100%']);
    expect(titles(await getList(client, { search: 'NEAR(' }))).toEqual(['Say "Hello" (NEAR the end) 100%']);
    expect(titles(await getList(client, { search: '📚📚📚' }))).toEqual(['Say "Hello" (NEAR the end) 100%']);
    expect(titles(await getList(client, { search: '100%' }))).toEqual(['Say "Hello" (NEAR the end) 100%']);
    // LIKE wildcards are literal: '%' finds the title holding one; '_' is only in a description,
    // which 1-2 character words do not search.
    expect(titles(await getList(client, { search: '%' }))).toEqual(['Say "Hello" (NEAR the end) 100%']);
    expect(titles(await getList(client, { search: '_' }))).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1000', 'limit'],
    ['limit=2.5', 'limit'],
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['sort=bogus', 'sort'],
    ['tier=gold', 'tier'],
    ['featured=maybe', 'featured'],
    [`search=${'x'.repeat(500)}`, 'search'],
    [`author=${'x'.repeat(500)}`, 'author'],
    ['page=1&page=2', 'page'],
  ])('answers 400 problem+json naming the field for %s', async (query, field) => {
    const { app } = createTestContext();
    // raw request: query strings the schema must refuse, some of which its types forbid (tier=gold, page twice)
    const response = await app.request(`/api/books?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const body = await problemBody(response);
    expect(body.code).toBe('validation_failed');
    expect(body.errors?.map((error) => error.field)).toContain(field);
  });
});

describe('GET /api/books/:idOrSlug', () => {
  it('returns the detail by id and by slug, with all categories in order', async () => {
    const { client, db } = createTestContext();
    const first = createCategory(db, { name: 'Philosophy', slug: 'philosophy' });
    const second = createCategory(db, { name: 'Faith', slug: 'faith' });
    const book = createBook(db, {
      title: 'Meditations',
      slug: 'meditations',
      author: 'Marcus Aurelius',
      longDescription: 'Long text.',
      tableOfContents: ['Book I', 'Book II'],
      keyTakeaways: ['Control what you can'],
      tags: ['stoicism'],
      pageCount: 250,
      categories: [first, second],
    });
    for (const key of [book.id, 'meditations']) {
      const response = await client.books[':idOrSlug'].$get({ param: { idOrSlug: key } });
      expect(response.status).toBe(200);
      const detail = await successBody(response);
      expect(detail).toMatchObject({
        id: book.id,
        title: 'Meditations',
        category: 'Philosophy',
        longDescription: 'Long text.',
        tableOfContents: ['Book I', 'Book II'],
        keyTakeaways: ['Control what you can'],
        tags: ['stoicism'],
        pageCount: 250,
        previewPageCount: 5,
        language: 'en',
        totalReviews: 0,
        categories: [
          { id: first.id, name: 'Philosophy', slug: 'philosophy' },
          { id: second.id, name: 'Faith', slug: 'faith' },
        ],
      });
    }
  });

  it('answers 404 for unknown and unpublished books and 400 for malformed ids', async () => {
    const { client, db } = createTestContext();
    const hidden = createBook(db, { isPublished: false });
    for (const key of ['no-such-book', hidden.id, hidden.slug]) {
      const response = await client.books[':idOrSlug'].$get({ param: { idOrSlug: key } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
    // hc puts params into the path as given; a browser would send the space encoded.
    const bad = await client.books[':idOrSlug'].$get({ param: { idOrSlug: encodeURIComponent('bad id!') } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors?.[0].field).toBe('idOrSlug');
  });
});

describe('GET /api/books/:idOrSlug/cover.svg', () => {
  it('serves a deterministic, cacheable SVG with an ETag and honours If-None-Match', async () => {
    const { app, client, db } = createTestContext();
    const category = createCategory(db, { name: 'Leadership', slug: 'leadership' });
    const book = createBook(db, { title: 'The Art of Leading People Well', author: 'Sun Tzu', categories: [category] });
    const cover = client.books[':idOrSlug']['cover.svg'];
    const first = await cover.$get({ param: { idOrSlug: book.id } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('image/svg+xml');
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const svg = await first.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 200 280"/);
    expect(svg).toContain('Sun Tzu');
    expect(svg).toContain('LEADERSHIP');

    const again = await cover.$get({ param: { idOrSlug: book.slug } });
    expect(await again.text()).toBe(svg);
    expect(again.headers.get('etag')).toBe(etag);

    const notModified = await cover.$get({ param: { idOrSlug: book.id } }, { headers: { 'If-None-Match': etag! } });
    expect(notModified.status).toBe(304);

    const list = await getList(client);
    // raw request: follows the versioned URL the list returned, as an <img> does
    const versioned = await app.request(list.items[0].coverImageUrl);
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('escapes hostile titles and authors', async () => {
    const { client, db } = createTestContext();
    const book = createBook(db, {
      title: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
      author: 'Eve "><svg onload=alert(1)>',
    });
    const svg = await (await client.books[':idOrSlug']['cover.svg'].$get({ param: { idOrSlug: book.id } })).text();
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/<img/i);
    expect(svg).not.toMatch(/<svg onload/i);
    expect(svg).toContain('&lt;script&gt;');
    expect(svg.match(/<svg/g)).toHaveLength(1);
  });

  it('answers 404 for an unknown book', async () => {
    const { client } = createTestContext();
    const response = await client.books[':idOrSlug']['cover.svg'].$get({ param: { idOrSlug: 'unknown-book' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('GET /api/categories and /api/plans', () => {
  it('lists active categories with their published book counts', async () => {
    const { client, db } = createTestContext();
    const business = createCategory(db, { name: 'Business', slug: 'business', color: '#123456', icon: 'briefcase' });
    const faith = createCategory(db, { name: 'Faith', slug: 'faith' });
    createCategory(db, { name: 'Retired', slug: 'retired', isActive: false });
    createBook(db, { categories: [business] });
    createBook(db, { categories: [faith, business] });
    createBook(db, { categories: [business], isPublished: false });

    const response = await client.categories.$get();
    expect(response.status).toBe(200);
    const { items } = await response.json();
    expect(items).toEqual([
      {
        id: business.id,
        name: 'Business',
        slug: 'business',
        description: 'About Business',
        icon: 'briefcase',
        color: '#123456',
        bookCount: 2,
      },
      { id: faith.id, name: 'Faith', slug: 'faith', description: 'About Faith', icon: null, color: null, bookCount: 1 },
    ]);
  });

  it('lists active plans in display order', async () => {
    const { client, db } = createTestContext();
    createPlan(db, {
      tier: 'premium',
      name: 'Premium Plan',
      price: '£9.99',
      priceAmount: 999,
      bookLimit: -1,
      displayOrder: 3,
      badge: 'MOST POPULAR',
      features: ['Unlimited access'],
    });
    createPlan(db, { tier: 'trial', name: 'Free Trial', price: '£0', displayOrder: 1 });
    createPlan(db, {
      tier: 'basic',
      name: 'Basic Plan',
      price: '£5.99',
      priceAmount: 599,
      bookLimit: 10,
      displayOrder: 2,
      isActive: false,
    });

    const response = await client.plans.$get();
    expect(response.status).toBe(200);
    const { items } = await response.json();
    expect(items.map((plan) => plan.name)).toEqual(['Free Trial', 'Premium Plan']);
    expect(items[1]).toMatchObject({
      tier: 'premium',
      price: '£9.99',
      priceAmount: 999,
      currency: 'GBP',
      period: 'per month',
      bookLimit: -1,
      features: ['Unlimited access'],
      badge: 'MOST POPULAR',
      displayOrder: 3,
    });
  });
});

describe('typed client', () => {
  it('exposes the catalogue, search and content routes to hc<AppType> with their response types', async () => {
    const { client, db } = createTestContext();
    createBook(db, { title: 'Typed Book' });
    // Routes with validation can also answer 400 problem+json, which makes `json()` unknown;
    // successBody keeps the type the route's success answer declares.
    const listResponse = await client.books.$get({ query: { search: 'typed' } });
    if (!listResponse.ok) throw new Error(`books: ${listResponse.status}`);
    const list = await successBody(listResponse);
    const first: string = list.items[0].title;
    expect(first).toBe('Typed Book');
    const detailResponse = await client.books[':idOrSlug'].$get({ param: { idOrSlug: list.items[0].id } });
    if (!detailResponse.ok) throw new Error(`detail: ${detailResponse.status}`);
    const detail = await successBody(detailResponse);
    expect(detail.categories).toEqual([]);
    const suggestResponse = await client.search.suggest.$get({ query: { q: 'typed' } });
    if (!suggestResponse.ok) throw new Error(`suggest: ${suggestResponse.status}`);
    const suggestions = await successBody(suggestResponse);
    expect(suggestions.items.map((item) => item.type)).toContain('book');
    const plans = await (await client.plans.$get()).json();
    expect(plans.items).toEqual([]);
  });
});
