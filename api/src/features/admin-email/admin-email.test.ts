/** Admin e-mail: template previews and tests, campaigns with their audience, throttled delivery, retries, one-click. */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_EMAIL_MESSAGES, CAMPAIGN_MAX_ATTEMPTS, CAMPAIGN_RETRY_DELAYS_MS } from '@shared/admin-email';
import { auditLogs, emailCampaignRecipients, emailLogs, emailPreferences } from '../../db/schema';
import { createTestContext, deliveredMail, problemBody, successBody } from '../../test-utils';
import type { Mailer } from '../../adapters/mailer/mailer';
import { createClock } from '../auth/auth-test-helpers';
import { ensureEmailPreferences } from '../email/email.service';
import { insertUser, signIn } from '../profile/profile-test-support';
import {
  CAMPAIGN_EMAIL_TYPE,
  deliverCampaigns,
  startCampaignPump,
  TEMPLATE_TEST_EMAIL_TYPE,
} from './admin-email.service';
import { TEMPLATE_SAMPLES } from './template-samples';

async function setup(mailer?: Mailer) {
  const clock = createClock();
  const ctx = createTestContext({ now: clock.now, ...(mailer ? { mailer } : {}) });
  const admin = await insertUser(ctx.db, { role: 'admin', email: 'staff@example.com', firstName: 'Grace' });
  const client = ctx.clientFor(signIn(ctx.db, admin.id, clock.now()).cookie);
  /** A reader with marketing switched on or off (and optionally not verified or inactive). */
  async function reader(marketing: boolean, overrides: Parameters<typeof insertUser>[1] = {}) {
    const user = await insertUser(ctx.db, overrides);
    ensureEmailPreferences({ db: ctx.db, user, now: clock.now() });
    ctx.db
      .update(emailPreferences)
      .set({ marketingEmails: marketing })
      .where(eq(emailPreferences.userId, user.id))
      .run();
    return user;
  }
  return { ...ctx, clock, admin, client, reader };
}

describe('admin e-mail: templates', () => {
  it('previews every template as HTML and text with sample data', async () => {
    const ctx = await setup();
    const { items } = await successBody(ctx.client.admin.email.templates.$get());
    expect(items.map((item) => item.id)).toEqual(TEMPLATE_SAMPLES.map((sample) => sample.id));
    for (const item of items) {
      const preview = await successBody(ctx.client.admin.email.templates[':id'].$get({ param: { id: item.id } }));
      expect(preview.subject.length, item.id).toBeGreaterThan(0);
      expect(preview.html, item.id).toContain('<!doctype html>');
      expect(preview.text, item.id).toContain('Wonderful Books');
      expect(preview.text, item.id).toContain('Hello Grace,');
    }
    const missing = await ctx.client.admin.email.templates[':id'].$get({ param: { id: 'no_such_template' } });
    expect(missing.status).toBe(404);
    expect((await problemBody(missing)).detail).toBe(ADMIN_EMAIL_MESSAGES.templateNotFound);
  });

  it('sends a test only to the admin’s own address, recorded in the outbox and the audit log', async () => {
    const ctx = await setup();
    const answer = await successBody(
      ctx.client.admin.email.templates[':id'].test.$post({ param: { id: 'payment_receipt' } }),
    );
    expect(answer.message).toBe(ADMIN_EMAIL_MESSAGES.testSent('Payment receipt'));
    expect(deliveredMail(ctx.db).map((mail) => mail.to)).toEqual(['staff@example.com']);
    const row = ctx.db.select().from(emailLogs).where(eq(emailLogs.emailType, TEMPLATE_TEST_EMAIL_TYPE)).get();
    expect(row).toMatchObject({ email: 'staff@example.com', status: 'sent' });
  });
});

describe('admin e-mail: campaigns', () => {
  it('counts the opted-in audience, sends to it throttled with one-click unsubscribe, and completes', async () => {
    const ctx = await setup();
    const yes1 = await ctx.reader(true);
    const yes2 = await ctx.reader(true);
    await ctx.reader(false);
    await ctx.reader(true, { emailVerified: false });
    await ctx.reader(true, { isActive: false });

    expect(await successBody(ctx.client.admin.email.campaigns.audience.$get())).toEqual({ count: 2 });
    const created = await ctx.client.admin.email.campaigns.$post({
      json: { subject: 'Spring reading list', body: 'Ten new books.\n\nSee you soon.' },
    });
    expect(created.status).toBe(201);
    const campaign = await successBody(created);
    expect(campaign).toMatchObject({ audienceCount: 2, status: 'sending' });

    // The pump started by the route may already be sending; deliver whatever is left and wait for it all.
    await deliverCampaigns(ctx, { messagesPerSecond: 1000 });
    const started = Date.now();
    await deliverCampaigns(ctx, { messagesPerSecond: 20 });
    const detail = await successBody(ctx.client.admin.email.campaigns[':id'].$get({ param: { id: campaign.id } }));
    expect(detail).toMatchObject({ sentCount: 2, failedCount: 0, pendingCount: 0, status: 'completed', failures: [] });
    expect(Date.now() - started).toBeLessThan(5_000);

    const mail = deliveredMail(ctx.db).filter((message) => message.subject === 'Spring reading list');
    expect(mail.map((message) => message.to).sort()).toEqual([yes1.email, yes2.email].sort());
    const headers = mail[0].headers ?? {};
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(https?:\/\/[^>]+\/api\/email\/unsubscribe\/one-click\?token=[^>]+)>/.exec(
      headers['List-Unsubscribe'] ?? '',
    )?.[1];
    expect(oneClick).toBeDefined();
    expect(mail[0].text).toContain('Ten new books.');
    expect(ctx.db.select().from(emailLogs).where(eq(emailLogs.emailType, CAMPAIGN_EMAIL_TYPE)).all()).toHaveLength(2);

    // The provider's one-click POST switches marketing off for that reader.
    const url = new URL(oneClick!);
    // raw request: the form-encoded POST a mail provider sends, which the typed client never would
    const unsubscribed = await ctx.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(204);
    expect(await successBody(ctx.client.admin.email.campaigns.audience.$get())).toEqual({ count: 1 });
  });

  it('retries a failed delivery with back-off, shows it, and gives up after the last attempt', async () => {
    let failing = true;
    const mailer: Mailer = {
      transport: 'outbox',
      async deliver() {
        if (failing) throw new Error('421 Service not available');
        return { transport: 'outbox', providerMessageId: null };
      },
    };
    const ctx = await setup(mailer);
    await ctx.reader(true);
    const campaign = await successBody(
      ctx.client.admin.email.campaigns.$post({ json: { subject: 'News', body: 'Hello.' } }),
    );
    const run = () => deliverCampaigns(ctx, { messagesPerSecond: 1000 });
    await run();
    await run(); // nothing due: the retry waits
    let detail = await successBody(ctx.client.admin.email.campaigns[':id'].$get({ param: { id: campaign.id } }));
    expect(detail).toMatchObject({ status: 'sending', retryingCount: 1, sentCount: 0 });
    expect(detail.failures).toMatchObject([{ status: 'pending', attempts: 1, lastError: '421 Service not available' }]);

    for (const delay of CAMPAIGN_RETRY_DELAYS_MS) {
      ctx.clock.advance(delay);
      await run();
    }
    detail = await successBody(ctx.client.admin.email.campaigns[':id'].$get({ param: { id: campaign.id } }));
    expect(detail).toMatchObject({ status: 'completed', failedCount: 1, sentCount: 0, pendingCount: 0 });
    expect(detail.failures).toMatchObject([{ status: 'failed', attempts: CAMPAIGN_MAX_ATTEMPTS }]);
    const attempts = ctx.db.select().from(emailLogs).where(eq(emailLogs.emailType, CAMPAIGN_EMAIL_TYPE)).all();
    expect(attempts.map((row) => row.status)).toEqual(Array(CAMPAIGN_MAX_ATTEMPTS).fill('failed'));
    failing = false;
  });

  it('cancels a campaign being sent: the message in flight completes, no other goes out, not even from the job', async () => {
    // The mail server holds the first message until the test lets it go, so the cancel lands mid-send.
    const delivered: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer: Mailer = {
      transport: 'outbox',
      async deliver(message) {
        delivered.push(message.to);
        await held;
        return { transport: 'outbox', providerMessageId: null };
      },
    };
    const ctx = await setup(mailer);
    for (let index = 0; index < 3; index += 1) await ctx.reader(true);
    await startCampaignPump(ctx); // one pump per process: let an earlier test's finish first
    // Sending starts the in-process pump at once: its first message is with the mail server before the answer.
    const campaign = await successBody(
      ctx.client.admin.email.campaigns.$post({ json: { subject: 'Summer sale', body: 'Hello.' } }),
    );
    await vi.waitFor(() => expect(delivered).toHaveLength(1));

    const cancel = () => ctx.client.admin.email.campaigns[':id'].cancel.$post({ param: { id: campaign.id } });
    const cancelled = await successBody(cancel());
    expect(cancelled).toMatchObject({ status: 'cancelled', sentCount: 0, pendingCount: 0, cancelledCount: 3 });
    expect(cancelled.cancelledAt).toBe(ctx.clock.now().toISOString());

    release();
    await startCampaignPump(ctx); // the running pump (or a new one, with nothing to send)
    ctx.clock.advance(60 * 60_000); // past every claim lease and retry wait
    expect(await deliverCampaigns(ctx, { messagesPerSecond: 1000 })).toBe(0);
    expect(delivered).toHaveLength(1);

    const detail = await successBody(ctx.client.admin.email.campaigns[':id'].$get({ param: { id: campaign.id } }));
    // The message that was already with the mail server counts as sent; the two still waiting never went.
    expect(detail).toMatchObject({ status: 'cancelled', sentCount: 1, cancelledCount: 2, pendingCount: 0 });
    const recipients = ctx.db
      .select({ status: emailCampaignRecipients.status })
      .from(emailCampaignRecipients)
      .all()
      .map((row) => row.status)
      .sort();
    expect(recipients).toEqual(['cancelled', 'cancelled', 'sent']);

    // Idempotent: a second cancel changes nothing and says why.
    const again = await cancel();
    expect(again.status).toBe(409);
    expect(await problemBody(again)).toMatchObject({ detail: ADMIN_EMAIL_MESSAGES.campaignAlreadyCancelled });
    const audit = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.email.campaign_cancelled')).all();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: ctx.admin.id, resourceId: campaign.id, severity: 'warning' });
    expect(audit[0]!.details).toMatchObject({ sent: 0, notSent: 3, audience: 3 });
  });

  it('refuses to cancel a finished campaign, and an unknown or malformed one', async () => {
    const ctx = await setup();
    await ctx.reader(true);
    const campaign = await successBody(
      ctx.client.admin.email.campaigns.$post({ json: { subject: 'News', body: 'Hello.' } }),
    );
    await startCampaignPump(ctx);
    await deliverCampaigns(ctx, { messagesPerSecond: 1000 });
    const finished = await ctx.client.admin.email.campaigns[':id'].cancel.$post({ param: { id: campaign.id } });
    expect(finished.status).toBe(409);
    expect(await problemBody(finished)).toMatchObject({ detail: ADMIN_EMAIL_MESSAGES.campaignCompleted });
    const detail = await successBody(ctx.client.admin.email.campaigns[':id'].$get({ param: { id: campaign.id } }));
    expect(detail).toMatchObject({ status: 'completed', sentCount: 1, cancelledCount: 0, cancelledAt: null });

    const unknown = await ctx.client.admin.email.campaigns[':id'].cancel.$post({ param: { id: crypto.randomUUID() } });
    expect(unknown.status).toBe(404);
    const malformed = await ctx.client.admin.email.campaigns[':id'].cancel.$post({ param: { id: 'not-an-id' } });
    expect(malformed.status).toBe(400);
    expect((await problemBody(malformed)).errors).toContainEqual({ field: 'id', message: 'Campaign not found' });
  });

  it('refuses a campaign nobody would receive, and bad input with its messages', async () => {
    const ctx = await setup();
    await ctx.reader(false);
    const empty = await ctx.client.admin.email.campaigns.$post({ json: { subject: 'News', body: 'Hello.' } });
    expect(empty.status).toBe(409);
    expect((await problemBody(empty)).detail).toBe(ADMIN_EMAIL_MESSAGES.noAudience);
    const bad = await ctx.client.admin.email.campaigns.$post({ json: { subject: ' ', body: '' } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual([
      { field: 'subject', message: 'Subject is required' },
      { field: 'body', message: 'Message is required' },
    ]);
    expect(ctx.db.select().from(emailCampaignRecipients).all()).toEqual([]);
  });
});
