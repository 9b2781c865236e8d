import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaymentsProvider } from '../../adapters/payments';
import { createTestContext } from '../../test-utils';
import { testEnv } from '../auth/auth-test-helpers';
import { insertUser, signIn } from '../profile/profile-test-support';

describe('health', () => {
  it('answers liveness and readiness with the database check', async () => {
    const { client } = createTestContext();
    const live = await client.health.$get();
    expect(live.status).toBe(200);
    const ready = await client.health.ready.$get();
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body.checks[0]).toMatchObject({ name: 'database', status: 'ok' });
  });

  it('answers unknown API paths with a problem+json 404', async () => {
    const { app } = createTestContext();
    // raw request: the path is unknown on purpose, so the typed client has no route for it
    const response = await app.request('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('admin health', () => {
  it('shows admins every production gap allowed by an ALLOW_* variable, and nothing secret', async () => {
    const env = testEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://books.example.com',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      ALLOW_OUTBOX_MAILER: 'true',
    });
    const { db, clientFor } = createTestContext({ env });
    const admin = await insertUser(db, { role: 'admin' });
    // Production names the cookie with the __Host- prefix.
    const response = await clientFor(`__Host-${signIn(db, admin.id).cookie}`).admin.health.$get();
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.configuration).toMatchObject({ environment: 'production', demoMode: false, mailer: 'outbox' });
    expect(body.configuration.allowances.map((allowance) => allowance.variable)).toEqual([
      'ALLOW_SIMULATED_PAYMENTS',
      'ALLOW_OUTBOX_MAILER',
    ]);
  });
});

describe('payments provider choice', () => {
  it('never falls back to the test checkout in production without ALLOW_SIMULATED_PAYMENTS', () => {
    const env = testEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://books.example.com',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      ALLOW_OUTBOX_MAILER: 'true',
    });
    const { db } = createTestContext();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-payments-'));
    const now = () => new Date();
    expect(() =>
      createPaymentsProvider({ env: { ...env, DATA_DIR: dataDir, ALLOW_SIMULATED_PAYMENTS: false }, db, now }),
    ).toThrow(/ALLOW_SIMULATED_PAYMENTS/);
    expect(createPaymentsProvider({ env: { ...env, DATA_DIR: dataDir }, db, now }).name).toBe('test');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
