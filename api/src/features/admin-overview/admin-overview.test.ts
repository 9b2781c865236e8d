/** The overview's own figures: sign-ups per day, trials running, reading minutes and critical events. */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import { readingSessions } from '../../db/schema';
import { successBody } from '../../test-utils';
import { recordAudit } from '../audit/audit.service';
import { insertUser, signIn } from '../profile/profile-test-support';
import { setup } from '../selections/selections-test-support';

describe('admin overview', () => {
  it('counts sign-ups per UTC day, running trials, reading minutes and shows critical events', async () => {
    const ctx = setup();
    const now = ctx.clock.now().getTime(); // 1 March 2026, 09:00 UTC
    const admin = await insertUser(ctx.db, { role: 'admin', createdAt: new Date(now - 40 * DAY_MS) });
    const yesterday = await insertUser(ctx.db, { createdAt: new Date(now - DAY_MS) });
    await insertUser(ctx.db, { createdAt: new Date(now - DAY_MS + 60_000) });
    await ctx.reader('trial', { createdAt: new Date(now) });
    await ctx.reader('expired-trial', { createdAt: new Date(now - 3 * DAY_MS) });
    const [book] = ctx.books(1);
    ctx.db
      .insert(readingSessions)
      .values([
        {
          userId: yesterday.id,
          bookId: book.id,
          startedAt: new Date(now - 60 * 60_000),
          endedAt: new Date(now - 30 * 60_000),
        },
        {
          userId: yesterday.id,
          bookId: book.id,
          startedAt: new Date(now - 2 * DAY_MS),
          endedAt: new Date(now - 2 * DAY_MS + 20 * 60_000),
        },
        { userId: yesterday.id, bookId: book.id, startedAt: new Date(now - 10 * 60_000), endedAt: null },
      ])
      .run();
    recordAudit({ db: ctx.db, now: ctx.clock.now }, { action: 'auth.emergency_login', severity: 'critical' });

    const client = ctx.clientFor(signIn(ctx.db, admin.id, ctx.clock.now()).cookie);
    const overview = await successBody(client.admin.overview.$get());
    const byDay = Object.fromEntries(overview.signupsByDay.map((day) => [day.day, day.count]));
    expect(byDay['2026-03-01']).toBe(1);
    expect(byDay['2026-02-28']).toBe(2);
    expect(byDay['2026-02-26']).toBe(1);
    expect(overview.signupsByDay.reduce((sum, day) => sum + day.count, 0)).toBe(4);
    expect(overview.trialsRunning).toBe(1);
    expect(overview.readingMinutes).toEqual({ today: 30, last7Days: 50 });
    expect(overview.criticalEvents.map((event) => event.action)).toEqual(['auth.emergency_login']);
  });
});
