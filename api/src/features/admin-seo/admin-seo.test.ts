/**
 * The back office's SEO: each page type's config saved whole with its messages and audited, the page's server-rendered
 * tags following at once (book templates included), and the keyword and image records joining the tags.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SEO_MESSAGES } from '@shared/admin-seo';
import type { TSeoConfigInput } from '@shared/admin-seo.schemas';
import { SEO_PAGE_TYPES } from '@shared/content';
import { createAdminTestContext } from '../../admin-test-support';
import { auditLogs } from '../../db/schema';
import { createBook } from '../../test-factories';
import { problemBody, successBody } from '../../test-utils';
import { resolvePage } from '../seo/seo.service';

const CONFIG: TSeoConfigInput = {
  title: '{title} by {author}: read it today',
  description: 'Read {title} online and offline.',
  keywords: 'ebooks, reading',
  metaRobots: 'index, follow',
  ogTitle: null,
  ogDescription: null,
  ogImage: '/icons/icon-512.png',
  ogType: 'book',
  twitterTitle: null,
  twitterDescription: null,
  twitterImage: null,
  twitterCard: 'summary',
  canonicalUrl: null,
  isActive: true,
};

describe('/api/admin/seo', () => {
  it('lists every page type; saving the book config changes the book page tags at once, audited', async () => {
    const ctx = await createAdminTestContext();
    const book = createBook(ctx.db, { title: 'Deep Work', author: 'Cal Newport', slug: 'deep-work' });
    const before = await successBody(ctx.admin.client.admin.seo.$get());
    expect(before.pages.map((page) => page.pageType)).toEqual([...SEO_PAGE_TYPES]);
    const saved = await successBody(
      ctx.admin.client.admin.seo.pages[':pageType'].$put({ param: { pageType: 'book' }, json: CONFIG }),
    );
    expect(saved.config).toMatchObject({ title: CONFIG.title, ogType: 'book', isActive: true });
    const page = resolvePage({ db: ctx.db, publicUrl: 'https://books.example', pathname: `/book/${book.slug}` });
    expect(page.meta).toMatchObject({
      title: 'Deep Work by Cal Newport: read it today',
      description: 'Read Deep Work online and offline.',
    });
    expect(page.meta.keywords).toMatch(/^Deep Work, Cal Newport.*, ebooks, reading$/);
    const audit = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.seo.update')).get();
    expect(audit).toMatchObject({ resourceId: 'book', userId: ctx.admin.user.id });
  });

  it('refuses bad fields with the messages, an unknown page type, and a hostile image address', async () => {
    const ctx = await createAdminTestContext();
    const bad = await ctx.admin.client.admin.seo.pages[':pageType'].$put({
      param: { pageType: 'home' },
      json: {
        ...CONFIG,
        title: '',
        metaRobots: 'follow' as never,
        ogImage: 'javascript:alert(1)',
        twitterCard: 'big' as never,
      },
    });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: SEO_MESSAGES.title },
        { field: 'metaRobots', message: SEO_MESSAGES.metaRobots },
        { field: 'ogImage', message: SEO_MESSAGES.url },
        { field: 'twitterCard', message: SEO_MESSAGES.twitterCard },
      ]),
    );
    const unknown = await ctx.admin.client.admin.seo.pages[':pageType'].$put({
      param: { pageType: 'nowhere' as never },
      json: CONFIG,
    });
    expect(unknown.status).toBe(400);
    expect((await problemBody(unknown)).errors).toEqual([{ field: 'pageType', message: SEO_MESSAGES.pageType }]);
  });

  it('keyword records join the page keywords; image records stand in for a missing image; both are audited', async () => {
    const ctx = await createAdminTestContext();
    await successBody(
      ctx.admin.client.admin.seo.pages[':pageType'].$put({
        param: { pageType: 'bookstore' },
        json: { ...CONFIG, title: 'Book store', description: 'Every book.', ogImage: null, ogType: 'website' },
      }),
    );
    const keyword = await successBody(
      ctx.admin.client.admin.seo.keywords.$post({ json: { keyword: 'Stoic Books', pageType: 'bookstore' } }),
    );
    expect(keyword).toMatchObject({ keyword: 'stoic books', isActive: true });
    const duplicate = await ctx.admin.client.admin.seo.keywords.$post({
      json: { keyword: 'stoic books', pageType: 'bookstore' },
    });
    expect(duplicate.status).toBe(409);
    expect((await problemBody(duplicate)).errors).toEqual([{ field: 'keyword', message: SEO_MESSAGES.keywordTaken }]);
    await successBody(
      ctx.admin.client.admin.seo.images.$post({
        json: { pageType: 'bookstore', imageUrl: '/og/bookstore.png', altText: 'Shelves of books', purpose: 'og' },
      }),
    );
    const meta = () => resolvePage({ db: ctx.db, publicUrl: 'https://books.example', pathname: '/bookstore' }).meta;
    expect(meta()).toMatchObject({
      keywords: 'ebooks, reading, stoic books',
      ogImage: 'https://books.example/og/bookstore.png',
      twitterImage: 'https://books.example/og/bookstore.png',
    });
    await successBody(
      ctx.admin.client.admin.seo.keywords[':id'].$patch({ param: { id: keyword.id }, json: { isActive: false } }),
    );
    expect(meta().keywords).toBe('ebooks, reading');
    const removed = await ctx.admin.client.admin.seo.keywords[':id'].$delete({ param: { id: keyword.id } });
    expect(removed.status).toBe(204);
    const again = await ctx.admin.client.admin.seo.keywords[':id'].$delete({ param: { id: keyword.id } });
    expect(again.status).toBe(404);
    const badImage = await ctx.admin.client.admin.seo.images.$post({
      json: { imageUrl: '//evil.example/x.png', altText: '', width: 0 },
    });
    expect((await problemBody(badImage)).errors).toEqual(
      expect.arrayContaining([
        { field: 'imageUrl', message: SEO_MESSAGES.url },
        { field: 'altText', message: SEO_MESSAGES.altText },
        { field: 'width', message: SEO_MESSAGES.dimension },
      ]),
    );
    const actions = ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .all()
      .map((row) => row.action)
      .filter((action) => action.startsWith('admin.seo.'));
    expect(actions).toEqual(
      expect.arrayContaining([
        'admin.seo.update',
        'admin.seo.keyword.create',
        'admin.seo.keyword.update',
        'admin.seo.keyword.delete',
        'admin.seo.image.create',
      ]),
    );
  });
});
