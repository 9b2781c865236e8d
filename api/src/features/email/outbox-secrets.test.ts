/**
 * The outbox keeps no live secret (docs/product/operations.md#e-mail-secrets): an admin who requests
 * a reset for someone else's account and reads the outbox cannot use what is stored there, while the
 * recipient's copy still works.
 */
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { OUTBOX_RESEND_MESSAGES } from '@shared/email';
import { auditLogs, emailLogs, rateLimitHits } from '../../db/schema';
import { createTestContext, deliveredMail, problemBody, successBody } from '../../test-utils';
import { codeFromOutbox, createUser, outbox, registration } from '../auth/auth-test-helpers';
import { insertUser, signIn } from '../profile/profile-test-support';

const NEW_PASSWORD = 'a brand new passphrase 42';

describe('outbox secrets', () => {
  it('stores the reset link without its token: the stored link fails, the delivered one works', async () => {
    const { db, client, clientFor } = createTestContext();
    const victim = await createUser(db);
    const admin = await insertUser(db, { role: 'admin' });
    await client.auth['forgot-password'].$post({ json: { email: victim.email } });
    const stored = await vi.waitFor(() => {
      const [row] = outbox(db, victim.email, 'password_reset');
      if (!row) throw new Error('no reset e-mail yet');
      return row;
    });

    // What staff see through the admin API: the route, not the token.
    const shown = await clientFor(signIn(db, admin.id).cookie).admin.email.outbox[':id'].$get({
      param: { id: stored.id },
    });
    const { bodyText, bodyHtml } = await successBody(shown);
    expect(bodyText).toMatch(/\/auth\/reset-password\?token=\[redacted\]/);
    expect(`${bodyText}${bodyHtml}`).not.toMatch(/reset-password\?token=[A-Za-z0-9_-]{20,}/);

    const storedToken = bodyText.match(/reset-password\?token=(\S+)/)![1];
    const withStored = await client.auth['reset-password'].$post({
      json: { token: storedToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(withStored.status).toBeGreaterThanOrEqual(400);

    const delivered = deliveredMail(db, victim.email).at(-1)!;
    const liveToken = decodeURIComponent(delivered.text.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]);
    const withLive = await client.auth['reset-password'].$post({
      json: { token: liveToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(withLive.status).toBe(200);
  });

  it('stores the verification code hidden: no stored row holds the code, the delivered code verifies', async () => {
    const { db, client } = createTestContext();
    const input = registration();
    const registered = await client.auth.register.$post({ json: input });
    expect(registered.status).toBe(201);
    const { userId } = (await registered.json()) as { userId: string };
    const code = codeFromOutbox(db, input.email);
    for (const row of outbox(db, input.email)) {
      expect(`${row.subject}${row.bodyText}${row.bodyHtml}`).not.toContain(code);
    }
    expect(outbox(db, input.email, 'verification_code')[0].bodyText).toContain('[code hidden]');
    const verified = await client.auth['verify-otp'].$post({ json: { userId, code } });
    expect(verified.status).toBe(200);
  });

  describe('POST /api/admin/email/outbox/:id/resend', () => {
    async function setUp() {
      const context = createTestContext();
      const admin = await insertUser(context.db, { role: 'admin' });
      const staff = context.clientFor(signIn(context.db, admin.id).cookie);
      const resend = (id: string) => staff.admin.email.outbox[':id'].resend.$post({ param: { id } });
      const stored = (email: string, type: string) =>
        vi.waitFor(() => {
          const [row] = outbox(context.db, email, type);
          if (!row) throw new Error(`no ${type} e-mail yet`);
          return row;
        });
      return { ...context, resend, stored };
    }

    it('answers a redacted reset with a NEW link to the account’s current address; the admin never sees it', async () => {
      const { db, client, resend, stored } = await setUp();
      const reader = await createUser(db);
      await client.auth['forgot-password'].$post({ json: { email: reader.email } });
      const first = await stored(reader.email, 'password_reset');
      const before = deliveredMail(db, reader.email).length;

      const response = await resend(first.id);
      expect(response.status).toBe(200);
      const body = await successBody(response);
      expect(body).toEqual({ success: true, message: OUTBOX_RESEND_MESSAGES.resetSent });
      expect(JSON.stringify(body)).not.toMatch(/token=/);

      const delivered = deliveredMail(db, reader.email);
      expect(delivered).toHaveLength(before + 1);
      const liveToken = decodeURIComponent(delivered.at(-1)!.text.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]);
      const reset = await client.auth['reset-password'].$post({
        json: { token: liveToken, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(reset.status).toBe(200);
      expect(db.select().from(auditLogs).where(eq(auditLogs.action, 'email.resent')).all()).toHaveLength(1);
    });

    it('answers a redacted verification e-mail with a new code that verifies; a verified account gets a 409', async () => {
      const { db, client, resend, stored } = await setUp();
      const input = registration();
      const registered = await client.auth.register.$post({ json: input });
      const { userId } = (await registered.json()) as { userId: string };
      const first = await stored(input.email, 'verification_code');
      // The per-user limit on new codes (one a minute) applies to staff too: move past it.
      db.delete(rateLimitHits).run();

      const response = await resend(first.id);
      expect(response.status).toBe(200);
      expect(await successBody(response)).toEqual({ success: true, message: OUTBOX_RESEND_MESSAGES.codeSent });
      const code = deliveredMail(db, input.email)
        .at(-1)!
        .text.match(/^\s*(\d{6})\s*$/m)![1];
      expect((await client.auth['verify-otp'].$post({ json: { userId, code } })).status).toBe(200);

      const again = await resend(first.id);
      expect(again.status).toBe(409);
      expect((await problemBody(again)).detail).toBe(OUTBOX_RESEND_MESSAGES.alreadyVerified);
    });

    it('sends a message without secrets again as stored; an unknown id is a 404; readers may not resend', async () => {
      const { db, client, clientFor, resend } = await setUp();
      const reader = await createUser(db);
      const id = crypto.randomUUID();
      db.insert(emailLogs)
        .values({
          id,
          userId: reader.id,
          email: reader.email,
          emailType: 'welcome',
          subject: 'Welcome',
          bodyText: 'Hello',
          bodyHtml: '<p>Hello</p>',
        })
        .run();
      const response = await resend(id);
      expect(response.status).toBe(200);
      expect(await successBody(response)).toEqual({ success: true, message: OUTBOX_RESEND_MESSAGES.copySent });
      expect(deliveredMail(db, reader.email).at(-1)).toMatchObject({ subject: 'Welcome', text: 'Hello' });

      expect((await resend(crypto.randomUUID())).status).toBe(404);
      const asReader = clientFor(signIn(db, reader.id).cookie);
      expect((await asReader.admin.email.outbox[':id'].resend.$post({ param: { id } })).status).toBe(403);
      expect((await client.admin.email.outbox[':id'].resend.$post({ param: { id } })).status).toBe(401);
    });
  });
});
