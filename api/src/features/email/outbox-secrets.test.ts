/**
 * The outbox keeps no live secret (docs/product/operations.md#e-mail-secrets): an admin who requests
 * a reset for someone else's account and reads the outbox cannot use what is stored there, while the
 * recipient's copy still works.
 */
import { describe, expect, it, vi } from 'vitest';
import { createTestContext, deliveredMail, successBody } from '../../test-utils';
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
});
