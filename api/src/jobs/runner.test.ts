import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimitHits, scheduledJobs, sessions, users } from '../db/schema';
import { createTestContext } from '../test-utils';
import { JOBS } from './index';
import { registerJobs, runDueJobs, type ScheduledJob } from './runner';

describe('job runner', () => {
  it('runs a due job once, then not again until its interval has passed', async () => {
    let clock = new Date('2026-03-01T00:00:00Z');
    const context = createTestContext({ now: () => clock });
    let runs = 0;
    const job: ScheduledJob = {
      name: 'count',
      intervalMs: 60_000,
      run: () => {
        runs += 1;
      },
    };
    registerJobs(context, [job]);
    expect(await runDueJobs(context, [job], 'a')).toEqual(['count']);
    expect(await runDueJobs(context, [job], 'b')).toEqual([]);
    clock = new Date(clock.getTime() + 61_000);
    expect(await runDueJobs(context, [job], 'b')).toEqual(['count']);
    expect(runs).toBe(2);
  });

  it('records a failure and keeps the schedule', async () => {
    const context = createTestContext();
    const job: ScheduledJob = {
      name: 'broken',
      intervalMs: 1000,
      run: () => {
        throw new Error('boom');
      },
    };
    registerJobs(context, [job]);
    await runDueJobs(context, [job], 'a');
    const row = context.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'broken')).get();
    expect(row).toMatchObject({ lastStatus: 'failed', lastError: 'boom', lockedUntil: null });
  });

  it('the built-in jobs prune old rate-limit hits and expired sessions', async () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const context = createTestContext({ now: () => now });
    const { db } = context;
    const user = db.insert(users).values({ email: 'a@example.com' }).returning().get();
    db.insert(sessions)
      .values([
        {
          sid: 'old',
          userId: user.id,
          expire: new Date(now.getTime() - 1),
          absoluteExpire: new Date(now.getTime() + 1e9),
        },
        {
          sid: 'live',
          userId: user.id,
          expire: new Date(now.getTime() + 1e6),
          absoluteExpire: new Date(now.getTime() + 1e9),
        },
      ])
      .run();
    db.insert(rateLimitHits)
      .values([
        { key: 'login:x', hitAt: new Date(now.getTime() - 40 * 86_400_000) },
        { key: 'login:x', hitAt: new Date(now.getTime() - 60_000) },
      ])
      .run();
    registerJobs(context, JOBS);
    await runDueJobs(context, JOBS, 'a');
    expect(
      db
        .select()
        .from(sessions)
        .all()
        .map((row) => row.sid),
    ).toEqual(['live']);
    expect(db.select().from(rateLimitHits).all()).toHaveLength(1);
  });
});
