/**
 * The demo mailbox (docs/product/accounts.md#demo-mailbox): in demo mode, this machine reads the codes and links it
 * was sent; every other caller, and every production server, finds nothing there, and no other answer carries them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../adapters/mailer';
import { createLogger } from '../../logger';
import { parseEnv } from '../../env';
import { createTestContext, successBody } from '../../test-utils';
import { insertUser, signIn } from '../profile/profile-test-support';
import { get, registration } from '../auth/auth-test-helpers';
import { demoMailboxFolder } from './demo-mailbox.service';
import { resolvePage } from '../seo/seo.service';

const LOOPBACK = '127.0.0.1';
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A demo server (DEMO_SEED on, no SMTP) whose data folder is a fresh temporary one. */
function demoServer(overrides: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-mailbox-'));
  folders.push(dataDir);
  const env = parseEnv({
    NODE_ENV: 'development',
    DEMO_SEED: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...overrides,
  });
  const context = createTestContext({ env, mailer: createMailer(env, createLogger('silent')), demoContent: undefined });
  return { ...context, dataDir, local: context.clientFor({ ip: LOOPBACK }) };
}

async function waitForMessages(list: () => Promise<{ items: unknown[] }>, count: number) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { items } = await list();
    if (items.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the message never arrived');
}

describe('demo mailbox', () => {
  it('shows this machine the verification e-mail with its live code, newest first, filtered by address', async () => {
    const { local, client } = demoServer();
    const first = registration();
    const second = registration();
    const { userId } = await successBody(client.auth.register.$post({ json: first }));
    await successBody(client.auth.register.$post({ json: second }));
    const list = () => successBody(local.demo.mailbox.$get({ query: {} }));
    await waitForMessages(list, 2);

    const mine = await successBody(local.demo.mailbox.$get({ query: { to: first.email.toUpperCase() } }));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ to: first.email, subject: expect.stringMatching(/verif/i) });
    const message = await successBody(local.demo.mailbox[':id'].$get({ param: { id: mine.items[0].id } }));
    const code = message.text.match(/^\s*(\d{6})\s*$/m)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The code from the mailbox is the real one: it verifies (and signs in).
    const verified = await successBody(client.auth['verify-otp'].$post({ json: { userId, code: code! } }));
    expect(verified.signedIn).toBe(true);
  });

  it('is absent (404) for any other address, even behind a trusted proxy claiming to be local', async () => {
    const { app, client } = demoServer({ TRUST_PROXY: '1' });
    await successBody(client.auth.register.$post({ json: registration() }));
    expect((await get(app, '/api/demo/mailbox', { ip: '203.0.113.7' })).status).toBe(404);
    const spoofed = await get(app, '/api/demo/mailbox', {
      ip: '203.0.113.7',
      headers: { 'x-forwarded-for': LOOPBACK },
    });
    expect(spoofed.status).toBe(404);
    expect((await get(app, '/api/demo/mailbox', { ip: LOOPBACK })).status).toBe(200);
  });

  it('refuses ids that are not delivered messages with 404, never a path outside the folder', async () => {
    const { app } = demoServer();
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '1700000000000-00000000-0000-0000-0000-000000000000', 'x']) {
      const response = await get(app, `/api/demo/mailbox/${id}`, { ip: LOOPBACK });
      expect([400, 404]).toContain(response.status);
    }
  });

  it('does not exist outside demo mode or in production: no folder, route 404, page 404', async () => {
    const notDemo = createTestContext();
    expect((await get(notDemo.app, '/api/demo/mailbox', { ip: LOOPBACK })).status).toBe(404);
    const production = parseEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://books.example.com',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      ALLOW_OUTBOX_MAILER: 'true',
    });
    expect(production.mailDropDir).toBeUndefined();
    expect(demoMailboxFolder(production)).toBeNull();
    // With SMTP the mail leaves the machine: nothing to show locally.
    expect(
      demoMailboxFolder(parseEnv({ NODE_ENV: 'development', DEMO_SEED: 'true', SMTP_URL: 'smtp://mail.example.com' })),
    ).toBeNull();
    const page = resolvePage({ db: notDemo.db, publicUrl: 'https://books.example.com', pathname: '/demo/mailbox' });
    expect(page.status).toBe(404);
    expect(
      resolvePage({ db: notDemo.db, publicUrl: 'http://localhost', pathname: '/demo/mailbox', showsDemoMailbox: true })
        .status,
    ).toBe(200);
  });

  it('never puts the code in the admin outbox or the registration answer', async () => {
    const { db, client, local, clientFor } = demoServer();
    const input = registration();
    const registered = await client.auth.register.$post({ json: input });
    const answer = JSON.stringify(await registered.json());
    const list = () => successBody(local.demo.mailbox.$get({ query: { to: input.email } }));
    await waitForMessages(list, 1);
    const { items } = await list();
    const { text } = await successBody(local.demo.mailbox[':id'].$get({ param: { id: items[0].id } }));
    const code = text.match(/^\s*(\d{6})\s*$/m)![1];
    expect(answer).not.toContain(code);
    const admin = await insertUser(db, { role: 'super_admin' });
    const outbox = await successBody(
      clientFor(signIn(db, admin.id).cookie).admin.email.outbox.$get({ query: { email: input.email } }),
    );
    expect(outbox.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(outbox)).not.toContain(code);
  });
});
