/**
 * Site content: the homepage record and the footer's pages saved whole with their messages, audited, read back by the
 * public route at once; the seed's pages pass the same rules.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HOMEPAGE_MESSAGES } from '@shared/content.schemas';
import { ZHomepageContent } from '@shared/content.schemas';
import { SITE_PAGE_MESSAGES } from '@shared/site-pages';
import { ZSitePage } from '@shared/site-pages.schemas';
import { createAdminTestContext } from '../../admin-test-support';
import { auditLogs } from '../../db/schema';
import { HOMEPAGE_CONTENT } from '../../db/seed/content';
import { SITE_PAGE_SEEDS } from '../../db/seed/site-pages';
import { problemBody, successBody } from '../../test-utils';

describe('site content', () => {
  it('saves the homepage record with its featured choices; the public read has it at once, audited', async () => {
    const ctx = await createAdminTestContext();
    const content = {
      ...HOMEPAGE_CONTENT,
      heroTitle: 'Read more, worry less',
      featured: { title: 'Staff picks', count: 4 },
    };
    const saved = await successBody(ctx.admin.client.admin['page-content'].homepage.$put({ json: content }));
    expect(saved.content).toMatchObject({ heroTitle: 'Read more, worry less', featured: { count: 4 } });
    const read = await successBody(ctx.client['page-content'][':key'].$get({ param: { key: 'homepage' } }));
    expect(read.content).toEqual(content);
    const audit = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.page_content.update')).get();
    expect(audit).toMatchObject({ resourceId: 'homepage', details: { key: 'homepage' } });
    const list = await successBody(ctx.admin.client.admin['page-content'].$get());
    expect(list.items.find((item) => item.key === 'homepage')?.updatedAt).not.toBeNull();
  });

  it('refuses a bad homepage record naming the field', async () => {
    const ctx = await createAdminTestContext();
    const response = await ctx.admin.client.admin['page-content'].homepage.$put({
      json: { heroTitle: '', heroSubtitle: 'x', stats: [], featured: { title: 'Picks', count: 40 } },
    });
    expect(response.status).toBe(400);
    expect((await problemBody(response)).errors).toEqual(
      expect.arrayContaining([
        { field: 'heroTitle', message: HOMEPAGE_MESSAGES.heroTitle },
        { field: 'stats', message: HOMEPAGE_MESSAGES.stats },
        { field: 'featured.count', message: HOMEPAGE_MESSAGES.featuredCount },
      ]),
    );
  });

  it('saves a footer page; refuses an unknown page and a bad FAQ topic; moderators may not', async () => {
    const ctx = await createAdminTestContext();
    const page = { title: 'Help', summary: 'Answers.', body: '## Plans\n\nThree picks.', faq: [] };
    const saved = await successBody(
      ctx.admin.client.admin['site-pages'][':key'].$put({ param: { key: 'help' }, json: page }),
    );
    expect(saved).toMatchObject({ key: 'help', content: page });
    const unknown = await ctx.admin.client.admin['site-pages'][':key'].$put({
      param: { key: 'secrets' as never },
      json: page,
    });
    expect((await problemBody(unknown)).errors).toEqual([{ field: 'key', message: SITE_PAGE_MESSAGES.key }]);
    const badTopic = await ctx.admin.client.admin['site-pages'][':key'].$put({
      param: { key: 'help' },
      json: { ...page, faq: [{ topic: 'weather' as never, question: 'Q?', answer: 'A.' }] },
    });
    expect((await problemBody(badTopic)).errors).toEqual([
      { field: 'faq.0.topic', message: SITE_PAGE_MESSAGES.faqTopic },
    ]);
    const moderator = await ctx.moderator.client.admin['site-pages'][':key'].$put({
      param: { key: 'help' },
      json: page,
    });
    expect(moderator.status).toBe(403);
  });

  it("the seed's homepage and pages follow the rules admins are held to", () => {
    expect(ZHomepageContent.safeParse(HOMEPAGE_CONTENT).success).toBe(true);
    for (const page of Object.values(SITE_PAGE_SEEDS)) expect(ZSitePage.safeParse(page).success).toBe(true);
    const topics = new Set(SITE_PAGE_SEEDS.help.faq.map((item) => item.topic));
    for (const topic of ['plans', 'picks-and-locks', 'offline', 'copy-limit', 'billing'])
      expect(topics).toContain(topic);
  });
});
