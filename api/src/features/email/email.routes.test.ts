import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailPreferences } from '../../db/schema';
import { createTestContext, successBody } from '../../test-utils';
import { send } from '../auth/auth-test-helpers';
import { insertUser, signIn } from '../profile/profile-test-support';
import { ensureEmailPreferences, sendEmail, sendVerificationCodeEmail } from './email.service';
import { welcomeEmail } from './templates';

type Context = ReturnType<typeof createTestContext>;

const ALL_ON = { marketingEmails: true, trialReminders: true, subscriptionUpdates: true, isUnsubscribedAll: false };

async function tokenFor(context: Context) {
  const user = await insertUser(context.db, { email: 'reader@example.com' });
  return { user, token: ensureEmailPreferences({ db: context.db, user, now: new Date() }).unsubscribeToken };
}

describe('GET/PUT /api/me/email-preferences', () => {
  it('needs a session', async () => {
    const { client } = createTestContext();
    expect((await client.me['email-preferences'].$get()).status).toBe(401);
    const put = await client.me['email-preferences'].$put({ json: ALL_ON });
    expect(put.status).toBe(401);
    expect(put.headers.get('content-type')).toContain('application/problem+json');
  });

  it('returns the defaults (marketing off) and saves changes', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db);
    const preferences = context.clientFor(signIn(context.db, user.id).cookie).me['email-preferences'];
    const first = await preferences.$get();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({
      marketingEmails: false,
      trialReminders: true,
      subscriptionUpdates: true,
      isUnsubscribedAll: false,
      unsubscribedAt: null,
    });

    const saved = await preferences.$put({ json: { ...ALL_ON, trialReminders: false, isUnsubscribedAll: true } });
    expect(saved.status).toBe(200);
    const body = await successBody(saved);
    expect(body).toMatchObject({ marketingEmails: true, trialReminders: false, isUnsubscribedAll: true });
    expect(body.unsubscribedAt).not.toBeNull();

    const again = await successBody(await preferences.$get());
    expect(again).toEqual(body);
    // Opting back in clears the unsubscribe time.
    const back = await preferences.$put({ json: ALL_ON });
    expect((await successBody(back)).unsubscribedAt).toBeNull();
  });

  it('names the field of a bad value', async () => {
    const context = createTestContext();
    const user = await insertUser(context.db);
    const { cookie } = signIn(context.db, user.id);
    // raw request: a string where the route's type wants a boolean
    const response = await send(
      context.app,
      '/api/me/email-preferences',
      { ...ALL_ON, marketingEmails: 'yes' },
      { method: 'PUT', cookie },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [{ field: 'marketingEmails', message: 'Must be true or false' }],
    });
  });
});

describe('/api/email/unsubscribe', () => {
  it('shows the masked address and preferences for a known token, 404 for an unknown one', async () => {
    const context = createTestContext();
    const { token } = await tokenFor(context);
    const unsubscribe = context.client.email.unsubscribe;
    const known = await unsubscribe.$get({ query: { token } });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({
      email: 'r***@example.com',
      preferences: {
        marketingEmails: false,
        trialReminders: true,
        subscriptionUpdates: true,
        isUnsubscribedAll: false,
        unsubscribedAt: null,
      },
    });

    const unknown = await unsubscribe.$get({ query: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    const post = await unsubscribe.$post({ json: { token: 'y'.repeat(43) } });
    expect(post.status).toBe(404);

    const malformed = await unsubscribe.$get({ query: { token: 'short' } });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      errors: [{ field: 'token', message: 'Unsubscribe link is invalid' }],
    });
  });

  it('unsubscribes from everything when only the token is sent, without a session', async () => {
    const context = createTestContext();
    const { user, token } = await tokenFor(context);
    const response = await context.client.email.unsubscribe.$post({ json: { token } });
    expect(response.status).toBe(200);
    const body = await successBody(response);
    expect(body.preferences.isUnsubscribedAll).toBe(true);
    expect(body.preferences.unsubscribedAt).not.toBeNull();
    // And the mail service now skips non-transactional mail.
    const result = await sendEmail(context, {
      user,
      emailType: 'trial_reminder',
      category: 'trialReminders',
      template: welcomeEmail({ firstName: null, trialDays: 7 }),
    });
    expect(result.status).toBe('suppressed');
  });

  it('changes only the categories sent', async () => {
    const context = createTestContext();
    const { user, token } = await tokenFor(context);
    const response = await context.client.email.unsubscribe.$post({ json: { token, trialReminders: false } });
    expect(response.status).toBe(200);
    expect((await successBody(response)).preferences).toEqual({
      marketingEmails: false,
      trialReminders: false,
      subscriptionUpdates: true,
      isUnsubscribedAll: false,
      unsubscribedAt: null,
    });
    const row = context.db.select().from(emailPreferences).where(eq(emailPreferences.userId, user.id)).get()!;
    expect(row.trialReminders).toBe(false);
    expect(row.subscriptionUpdates).toBe(true);

    // raw request: a number where the route's type wants a boolean
    const bad = await send(context.app, '/api/email/unsubscribe', { token, marketingEmails: 1 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ field: 'marketingEmails' }] });
  });
});

describe('admin outbox', () => {
  async function seedOutbox(context: Context) {
    const reader = await insertUser(context.db, { email: 'reader@example.com' });
    await sendVerificationCodeEmail(context, { user: reader, code: '123456' });
    await sendEmail(context, {
      email: 'someone_else@example.com',
      emailType: 'welcome',
      category: 'transactional',
      template: welcomeEmail({ firstName: null, trialDays: 7 }),
    });
    return reader;
  }

  it('answers 401 anonymous, 403 to users and moderators, 200 to admins and super admins', async () => {
    const context = createTestContext();
    await seedOutbox(context);
    expect((await context.client.admin.email.outbox.$get({ query: {} })).status).toBe(401);
    for (const [role, status] of [
      ['user', 403],
      ['moderator', 403],
      ['admin', 200],
      ['super_admin', 200],
    ] as const) {
      const member = await insertUser(context.db, { role });
      const { outbox } = context.clientFor(signIn(context.db, member.id).cookie).admin.email;
      const list = await outbox.$get({ query: {} });
      expect(list.status, role).toBe(status);
      const one = await outbox[':id'].$get({ param: { id: 'some-id' } });
      expect(one.status, role).toBe(status === 200 ? 404 : status);
    }
  });

  it('lists messages newest first with bodies, filters and pages, and reads one', async () => {
    let clock = new Date('2026-01-01T10:00:00Z').getTime();
    const context = createTestContext({
      now: () => {
        clock += 1000;
        return new Date(clock);
      },
    });
    await seedOutbox(context);
    const admin = await insertUser(context.db, { role: 'admin' });
    const { outbox } = context.clientFor(signIn(context.db, admin.id).cookie).admin.email;

    const all = await successBody(await outbox.$get({ query: {} }));
    expect(all).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(all.items.map((item) => item.emailType)).toEqual(['welcome', 'verification_code']);
    const code = all.items[1];
    expect(code).toMatchObject({
      email: 'reader@example.com',
      status: 'sent',
      transport: 'outbox',
      subject: 'Your Wonderful Books verification code',
    });
    // Staff see that a code was sent, never the code.
    expect(code.bodyText).toContain('[code hidden]');
    expect(code.bodyHtml).toContain('[code hidden]');
    expect(`${code.bodyText}${code.bodyHtml}`).not.toContain('123456');

    const byEmail = await successBody(await outbox.$get({ query: { email: 'READER@' } }));
    expect(byEmail.items.map((item) => item.email)).toEqual(['reader@example.com']);
    // `_` is literal, not a LIKE wildcard.
    const literal = await successBody(await outbox.$get({ query: { email: 'someone_' } }));
    expect(literal.total).toBe(1);
    const byType = await successBody(await outbox.$get({ query: { type: 'welcome' } }));
    expect(byType.items.map((item) => item.emailType)).toEqual(['welcome']);
    const page2 = await successBody(await outbox.$get({ query: { page: '2', limit: '1' } }));
    expect(page2).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page2.items.map((item) => item.emailType)).toEqual(['verification_code']);

    const one = await outbox[':id'].$get({ param: { id: code.id } });
    expect(one.status).toBe(200);
    expect((await successBody(one)).bodyText).toContain('[code hidden]');

    const bad = await outbox.$get({ query: { limit: '500' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errors: [{ field: 'limit', message: 'Limit must be between 1 and 100' }],
    });
  });
});
