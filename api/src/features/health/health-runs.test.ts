import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEALTH_CHECK_NAMES } from '@shared/health';
import { systemConfig } from '../../db/schema';
import { seedSystemConfig } from '../../db/seed/system-config';
import { eq } from 'drizzle-orm';
import { createTestContext, deliveredMail, problemBody, successBody } from '../../test-utils';
import { testEnv } from '../auth/auth-test-helpers';
import { insertUser, signIn } from '../profile/profile-test-support';
import type { THealthCheck } from './health-checks';
import { HEALTH_CHECK_ATTEMPTS, runHealthChecks } from './health-runs.service';

const MINUTE = 60_000;

/** A context whose data folder is new and empty (no backups yet). */
function freshServer() {
  return createTestContext({ env: testEnv({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'wb-health-')) }) });
}

function clockAt(start: Date) {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms: number) => (current += ms) };
}

/** A check whose verdict the test sets; counts how often it ran. */
function switchableCheck(initial: 'healthy' | 'unhealthy') {
  const state = { status: initial as 'healthy' | 'unhealthy', calls: 0 };
  const check: THealthCheck = {
    name: 'blob_store',
    run: () => {
      state.calls += 1;
      return { status: state.status, message: state.status === 'healthy' ? 'fine' : 'disk refused the probe' };
    },
  };
  return { state, check };
}

describe('health runs and alerts', () => {
  it('retries a failing check, then e-mails every admin once per cooldown, and again after it; recovery is announced', async () => {
    const clock = clockAt(new Date('2026-03-01T10:00:00Z'));
    const context = createTestContext({ now: clock.now });
    const { db } = context;
    seedSystemConfig(db);
    const admin = await insertUser(db, { role: 'admin', email: 'ops-admin@example.com' });
    await insertUser(db, { role: 'super_admin', email: 'ops-super@example.com' });
    await insertUser(db, { role: 'user', email: 'reader@example.com' });
    const { state, check } = switchableCheck('unhealthy');
    const run = (checks = [check]) => runHealthChecks(context, { checks, retryDelayMs: 0 });
    const alerts = (to: string) => deliveredMail(db, to).filter((mail) => mail.subject.startsWith('Health alert'));

    const first = await run();
    expect(first.overallStatus).toBe('unhealthy');
    expect(state.calls).toBe(HEALTH_CHECK_ATTEMPTS);
    expect(first.items[0]).toMatchObject({ name: 'blob_store', status: 'unhealthy', meta: { attempts: 3 } });
    expect(alerts(admin.email)).toHaveLength(1);
    expect(alerts('ops-super@example.com')).toHaveLength(1);
    expect(deliveredMail(db, 'reader@example.com')).toHaveLength(0);

    clock.advance(10 * MINUTE);
    await run();
    clock.advance(19 * MINUTE);
    await run();
    expect(alerts(admin.email)).toHaveLength(1);

    clock.advance(2 * MINUTE); // 31 minutes after the first alert: past the 30-minute default cooldown
    await run();
    expect(alerts(admin.email)).toHaveLength(2);

    state.status = 'healthy';
    clock.advance(MINUTE);
    const healthy = await run();
    expect(healthy.overallStatus).toBe('healthy');
    const recoveries = deliveredMail(db, admin.email).filter((mail) => mail.subject.startsWith('Recovered'));
    expect(recoveries).toHaveLength(1);
    clock.advance(MINUTE);
    await run();
    expect(deliveredMail(db, admin.email).filter((mail) => mail.subject.startsWith('Recovered'))).toHaveLength(1);
  });

  it('reads the cooldown from system settings at each run', async () => {
    const clock = clockAt(new Date('2026-03-01T10:00:00Z'));
    const context = createTestContext({ now: clock.now });
    const { db } = context;
    seedSystemConfig(db);
    db.update(systemConfig).set({ value: '5' }).where(eq(systemConfig.key, 'health_alert_cooldown_minutes')).run();
    const admin = await insertUser(db, { role: 'admin' });
    const { check } = switchableCheck('unhealthy');
    await runHealthChecks(context, { checks: [check], retryDelayMs: 0 });
    clock.advance(6 * MINUTE);
    await runHealthChecks(context, { checks: [check], retryDelayMs: 0 });
    expect(deliveredMail(db, admin.email).filter((mail) => mail.subject.startsWith('Health alert'))).toHaveLength(2);
  });

  it('counts a check that passes on a retry as healthy, without an alert', async () => {
    const context = createTestContext();
    const admin = await insertUser(context.db, { role: 'admin' });
    let calls = 0;
    const flaky: THealthCheck = {
      name: 'mailer',
      run: () => {
        calls += 1;
        if (calls === 1) throw new Error('connection reset');
        return { status: 'healthy', message: 'ok' };
      },
    };
    const run = await runHealthChecks(context, { checks: [flaky], retryDelayMs: 0 });
    expect(run.items[0]).toMatchObject({ status: 'healthy', meta: { attempts: 2 } });
    expect(deliveredMail(context.db, admin.email)).toHaveLength(0);
  });

  it('runs the real checks on a fresh server: every check named, none unhealthy, no secret in the answer', async () => {
    const context = freshServer();
    const run = await runHealthChecks(context, { retryDelayMs: 0 });
    expect(run.items.map((item) => item.name)).toEqual([...HEALTH_CHECK_NAMES]);
    const unhealthy = run.items.filter((item) => item.status === 'unhealthy');
    expect(unhealthy).toEqual([]);
    expect(run.items.find((item) => item.name === 'last_backup')).toMatchObject({ status: 'degraded' });
    expect(JSON.stringify(run)).not.toMatch(/"d"\s*:|privateKey|BEGIN/);
  });
});

describe('health dashboard routes', () => {
  it('shows visitors only the overall status, check names and times; admins see states, durations and history', async () => {
    const context = freshServer();
    const { db, client, clientFor } = context;
    await runHealthChecks(context, { retryDelayMs: 0 });
    const publicView = await successBody(client.health.status.$get());
    expect(publicView.overallStatus).toBe('degraded');
    expect(publicView.checks.map((check) => check.name)).toEqual([...HEALTH_CHECK_NAMES]);
    expect(Object.keys(publicView.checks[0]).sort()).toEqual(['checkedAt', 'label', 'name']);
    expect(JSON.stringify(publicView)).not.toMatch(/durationMs|message|meta|bytes/);

    const reader = await insertUser(db, { role: 'user' });
    const denied = await clientFor(signIn(db, reader.id).cookie).admin.health.runs.$get();
    expect(denied.status).toBe(403);
    expect((await problemBody(denied)).status).toBe(403);

    const admin = await insertUser(db, { role: 'admin' });
    const adminClient = clientFor(signIn(db, admin.id).cookie);
    const ran = await adminClient.admin.health.runs.$post();
    expect(ran.status).toBe(201);
    const dashboard = await successBody(adminClient.admin.health.runs.$get());
    expect(dashboard.history).toHaveLength(2);
    expect(dashboard.latest?.items[0]).toHaveProperty('durationMs');
    expect(dashboard.cooldownMinutes).toBe(30);
  });
});
