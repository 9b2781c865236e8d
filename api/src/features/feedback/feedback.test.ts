import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FEEDBACK_MESSAGES, type TFeedbackSubmitPayload } from '@shared/feedback';
import { encodeHlc } from '@shared/hlc';
import { createAdminTestContext } from '../../admin-test-support';
import { auditLogs } from '../../db/schema';
import { deliveredMail, problemBody, successBody } from '../../test-utils';

function payload(overrides: Partial<TFeedbackSubmitPayload> = {}): TFeedbackSubmitPayload {
  return {
    id: crypto.randomUUID(),
    type: 'bug',
    category: 'reading',
    title: 'Page turns twice',
    description: 'Tapping next skips a page on my phone.',
    priority: 'high',
    url: '/reader/abc',
    userAgent: 'Mozilla/5.0 test',
    deviceInfo: { platform: 'Android', browser: 'Chrome 131', screenResolution: '1080x2400', viewport: '390x844' },
    ...overrides,
  };
}

async function setup() {
  const ctx = await createAdminTestContext();
  const reader = await ctx.signedIn('user', { email: 'reader@example.com', firstName: 'Rita' });
  const premium = await ctx.signedIn('user', {
    email: 'premium@example.com',
    subscriptionTier: 'premium',
    subscriptionStatus: 'active',
    subscriptionCurrentPeriodEnd: new Date(Date.now() + 20 * 86_400_000),
  });
  async function submit(client: typeof reader.client, body: unknown, id = crypto.randomUUID()) {
    const response = await client.sync.$post({
      json: {
        deviceId: 'browser-a',
        mutations: [
          {
            id,
            type: 'feedback.submit',
            hlc: encodeHlc({ wallMs: Date.now(), counter: 0, node: 'browser-a' }),
            payload: body,
          },
        ],
      },
    });
    return successBody(response);
  }
  return { ...ctx, reader, premium, submit };
}

describe('feedback', () => {
  it('files an item through the sync outbox once, even when the batch is sent again', async () => {
    const t = await setup();
    const item = payload();
    const mutationId = crypto.randomUUID();
    expect((await t.submit(t.reader.client, item, mutationId)).applied).toEqual([mutationId]);
    expect((await t.submit(t.reader.client, item, mutationId)).applied).toEqual([mutationId]);
    const lists = await successBody(t.reader.client.feedback.$get());
    expect(lists.mine).toHaveLength(1);
    expect(lists.mine[0]).toMatchObject({ id: item.id, status: 'open', mine: true, deviceInfo: item.deviceInfo });
  });

  it('refuses a short title, a short description and missing device info with the product messages', async () => {
    const t = await setup();
    const answer = await t.submit(t.reader.client, {
      ...payload(),
      title: 'Bad',
      description: 'short',
      deviceInfo: {},
    });
    expect(answer.applied).toEqual([]);
    const reason = answer.rejected[0].reason;
    expect(reason).toContain(FEEDBACK_MESSAGES.titleMin);
    expect(reason).toContain(FEEDBACK_MESSAGES.descriptionMin);
    expect(reason).toContain(FEEDBACK_MESSAGES.deviceInfo);
  });

  it("refuses another reader's feedback id", async () => {
    const t = await setup();
    const item = payload();
    await t.submit(t.reader.client, item);
    const answer = await t.submit(t.premium.client, item);
    expect(answer.rejected[0].reason).toBe(FEEDBACK_MESSAGES.idInUse);
  });

  it('puts Premium readers first in the triage queue, for moderators too, and filters it', async () => {
    const t = await setup();
    const older = payload({ title: 'Premium question' });
    await t.submit(t.premium.client, older);
    const newer = payload({ title: 'Reader question', type: 'suggestion' });
    await t.submit(t.reader.client, newer);
    const queue = await successBody(t.moderator.client.admin.feedback.$get({ query: {} }));
    expect(queue.items.map((row) => [row.id, row.premium])).toEqual([
      [older.id, true],
      [newer.id, false],
    ]);
    const suggestions = await successBody(t.admin.client.admin.feedback.$get({ query: { type: 'suggestion' } }));
    expect(suggestions.items.map((row) => row.id)).toEqual([newer.id]);
    const bad = await t.admin.client.admin.feedback.$get({ query: { status: 'lost' as never } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual([{ field: 'status', message: FEEDBACK_MESSAGES.status }]);
  });

  it('keeps internal comments from the reader, shows the public response and e-mails it', async () => {
    const t = await setup();
    const item = payload();
    await t.submit(t.reader.client, item);
    const byId = t.admin.client.admin.feedback[':id'];
    await successBody(byId.comments.$post({ param: { id: item.id }, json: { comment: 'Seen on Pixel 7 too' } }));
    await successBody(
      byId.comments.$post({ param: { id: item.id }, json: { comment: 'We are looking into it.', isInternal: false } }),
    );
    const updated = await successBody(byId.$patch({ param: { id: item.id }, json: { status: 'in_progress' } }));
    expect(updated.status).toBe('in_progress');
    expect(updated.comments.map((comment) => comment.isInternal)).toEqual([true, false]);

    const emptyComment = await byId.comments.$post({ param: { id: item.id }, json: { comment: '  ' } });
    expect((await problemBody(emptyComment)).errors).toEqual([
      { field: 'comment', message: FEEDBACK_MESSAGES.commentEmpty },
    ]);
    const nothing = await byId.$patch({ param: { id: item.id }, json: {} });
    expect(nothing.status).toBe(400);

    const answered = await successBody(
      byId.response.$post({ param: { id: item.id }, json: { response: 'Fixed in the next release, thank you.' } }),
    );
    expect(answered).toMatchObject({ status: 'resolved', adminResponseByName: 'Adam Admin' });
    const mail = deliveredMail(t.db, 'reader@example.com').at(-1);
    expect(mail?.subject).toBe('We have replied to your feedback: Page turns twice');
    expect(mail?.text).toContain('Fixed in the next release, thank you.');

    const seen = (await successBody(t.reader.client.feedback.$get())).mine[0];
    expect(seen).toMatchObject({ status: 'resolved', adminResponse: 'Fixed in the next release, thank you.' });
    expect(seen.teamComments.map((comment) => comment.comment)).toEqual(['We are looking into it.']);
    expect(JSON.stringify(seen)).not.toContain('Pixel 7');

    const actions = t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, item.id))
      .all()
      .map((row) => row.action);
    expect(actions).toEqual(['feedback.comment', 'feedback.comment', 'feedback.update', 'feedback.respond']);
  });

  it('lets a reader upvote a public item once, and not a private one', async () => {
    const t = await setup();
    const item = payload();
    await t.submit(t.reader.client, item);
    const vote = () => t.premium.client.feedback[':id'].upvote.$post({ param: { id: item.id } });
    expect((await vote()).status).toBe(404);
    await successBody(
      t.admin.client.admin.feedback[':id'].$patch({ param: { id: item.id }, json: { isPublic: true } }),
    );
    const first = await successBody(vote());
    expect(first).toMatchObject({ upvotes: 1, upvotedByMe: true, mine: false });
    const again = await vote();
    expect(again.status).toBe(409);
    expect((await problemBody(again)).detail).toBe(FEEDBACK_MESSAGES.alreadyUpvoted);
    const publicList = (await successBody(t.reader.client.feedback.$get())).public;
    expect(publicList.map((row) => [row.id, row.upvotes, row.upvotedByMe])).toEqual([[item.id, 1, false]]);
  });

  it('answers 404 for unknown feedback and refuses readers the queue', async () => {
    const t = await setup();
    const missing = await t.admin.client.admin.feedback[':id'].$get({ param: { id: crypto.randomUUID() } });
    expect(missing.status).toBe(404);
    expect((await t.reader.client.admin.feedback.$get({ query: {} })).status).toBe(403);
  });
});
