import { describe, expect, it } from 'vitest';
import { createTestContext, problemBody, successBody } from '../../test-utils';
import { createPageContent, createSeoConfig } from '../../test-factories';

describe('GET /api/seo/config', () => {
  it('returns the active config of a page type', async () => {
    const { client, db } = createTestContext();
    createSeoConfig(db, {
      pageType: 'home',
      title: 'Wonderful Books',
      description: 'Read anywhere.',
      keywords: 'books, reading',
      ogImage: '/og/home.png',
      canonicalUrl: 'https://books.example/',
    });
    const response = await client.seo.config.$get({ query: { pageType: 'home' } });
    expect(response.status).toBe(200);
    expect(await successBody(response)).toEqual({
      pageType: 'home',
      title: 'Wonderful Books',
      description: 'Read anywhere.',
      keywords: 'books, reading',
      metaRobots: 'index, follow',
      ogTitle: null,
      ogDescription: null,
      ogImage: '/og/home.png',
      ogType: 'website',
      twitterTitle: null,
      twitterDescription: null,
      twitterImage: null,
      twitterCard: 'summary_large_image',
      canonicalUrl: 'https://books.example/',
    });
  });

  it('answers 404 for a missing or inactive config and 400 for an unknown or absent page type', async () => {
    const { app, client, db } = createTestContext();
    createSeoConfig(db, { pageType: 'bookstore', isActive: false });
    expect((await client.seo.config.$get({ query: { pageType: 'subscribe' } })).status).toBe(404);
    expect((await client.seo.config.$get({ query: { pageType: 'bookstore' } })).status).toBe(404);
    for (const url of ['/api/seo/config?pageType=admin', '/api/seo/config', '/api/seo/config?pageType=%3Cscript%3E']) {
      // raw request: page types outside the route's enum, or none, which its type forbids
      const response = await app.request(url);
      expect(response.status, url).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect((await problemBody(response)).errors?.[0].field).toBe('pageType');
    }
  });
});

describe('GET /api/page-content/:key', () => {
  it('returns the stored document with its update time', async () => {
    const { client, db } = createTestContext();
    const content = { heroTitle: 'Read more', heroSubtitle: 'Anywhere', stats: [{ value: '1000+', label: 'Books' }] };
    createPageContent(db, 'homepage', content);
    const response = await client['page-content'][':key'].$get({ param: { key: 'homepage' } });
    expect(response.status).toBe(200);
    const body = await successBody(response);
    expect(body).toEqual({ key: 'homepage', content, updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('answers 404 for a missing key and 400 for a malformed one', async () => {
    const { client } = createTestContext();
    const pageContent = client['page-content'][':key'];
    expect((await pageContent.$get({ param: { key: 'nothing-here' } })).status).toBe(404);
    const bad = await pageContent.$get({ param: { key: 'Bad_Key' } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors?.[0].field).toBe('key');
  });
});

describe('GET /api/placeholder/:width/:height', () => {
  it('answers a cacheable SVG of the asked size', async () => {
    const { client } = createTestContext();
    const placeholder = client.placeholder[':width'][':height'];
    const response = await placeholder.$get({ param: { width: '200', height: '280' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await response.text();
    expect(svg).toContain('viewBox="0 0 200 280"');
    expect(svg).toContain('width="200" height="280"');
    expect(svg).not.toMatch(/NaN|undefined/);
    const tiny = await (await placeholder.$get({ param: { width: '1', height: '1' } })).text();
    expect(tiny).not.toMatch(/NaN|undefined|Infinity/);
  });

  it.each([
    ['0/280', 'width'],
    ['2001/280', 'width'],
    ['-5/280', 'width'],
    ['abc/280', 'width'],
    ['1.5/280', 'width'],
    ['200/0', 'height'],
    ['200/99999999999999999999', 'height'],
    ['200/Infinity', 'height'],
    ['200/%F0%9F%93%9A', 'height'],
  ])('answers 400 problem+json (never 500) for %s', async (size, field) => {
    const { client } = createTestContext();
    const [width, height] = size.split('/');
    const response = await client.placeholder[':width'][':height'].$get({ param: { width, height } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect((await problemBody(response)).errors?.map((error) => error.field)).toContain(field);
  });
});
