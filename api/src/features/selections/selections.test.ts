import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import { users } from '../../db/schema';
import { JOBS } from '../../jobs';
import { send } from '../auth/auth-test-helpers';
import { registerJobs, runDueJobs } from '../../jobs/runner';
import { resetSelectionCycles, revokeLapsedLoans } from './entitlement-jobs';
import { successBody, problemBody } from '../../test-utils';
import { setup } from './selections-test-support';

describe('POST /api/selections (trial)', () => {
  it('lets a trial reader pick 3 books and refuses the 4th with the count, changing nothing', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const [a, b, c, d] = t.books(4);

    for (const book of [a, b])
      expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    // Slugs work as well as ids.
    const third = await reader.api.selections.$post({ json: { bookId: c.slug } });
    expect(third.status).toBe(201);
    const selection = await successBody(third);
    expect(selection).toMatchObject({
      bookId: c.id,
      title: c.title,
      slug: c.slug,
      lockedUntil: null,
      canRemove: true,
      subscriptionTier: 'trial',
    });

    const before = t.state(reader.user.id);
    expect(before.selections).toHaveLength(3);
    expect(before.cycles).toMatchObject([{ tier: 'trial', booksSelectedCount: 3, maxBooks: 3, isActive: true }]);
    expect(before.loans.map((loan) => loan.loanType)).toEqual(['trial', 'trial', 'trial']);

    const fourth = await reader.api.selections.$post({ json: { bookId: d.id } });
    expect(fourth.status).toBe(422);
    expect(fourth.headers.get('content-type')).toContain('application/problem+json');
    expect(await problemBody(fourth)).toMatchObject({
      code: 'trial_pick_limit',
      detail: 'You have used 3 of 3 trial picks',
    });
    expect(t.state(reader.user.id)).toEqual(before);

    const entitlements = await successBody(reader.api.me.entitlements.$get());
    expect(entitlements).toMatchObject({
      tier: 'trial',
      picksUsed: 3,
      picksLimit: 3,
      nextResetAt: null,
      trialDaysLeft: 7,
      offlineAllowed: false,
      deviceCap: 0,
    });
    expect(entitlements.selections.map((s) => s.bookId).sort()).toEqual([a.id, b.id, c.id].sort());
  });

  it('takes the limit from subscription_plans.bookLimit, not a constant', async () => {
    const t = setup({ trial: 1 });
    const reader = await t.reader('trial');
    const [a, b] = t.books(2);
    expect((await reader.api.selections.$post({ json: { bookId: a.id } })).status).toBe(201);
    const refused = await reader.api.selections.$post({ json: { bookId: b.id } });
    expect((await problemBody(refused)).detail).toBe('You have used 1 of 1 trial picks');
  });

  it('refuses books above the tier, repeats, premium readers, expired trials and free readers', async () => {
    const t = setup();
    const [plain] = t.books(1);
    const [premiumBook] = t.books(1, 'premium');
    const trial = await t.reader('trial');

    const high = await trial.api.selections.$post({ json: { bookId: premiumBook.id } });
    expect(high.status).toBe(422);
    expect(await problemBody(high)).toMatchObject({
      code: 'tier_too_low',
      detail: 'This book needs the Premium plan',
    });

    expect((await trial.api.selections.$post({ json: { bookId: plain.id } })).status).toBe(201);
    const again = await trial.api.selections.$post({ json: { bookId: plain.id } });
    expect(await problemBody(again)).toMatchObject({
      code: 'already_selected',
      detail: 'You have already picked this book',
    });

    const premium = await t.reader('premium');
    const premiumPick = await premium.api.selections.$post({ json: { bookId: plain.id } });
    expect(premiumPick.status).toBe(422);
    expect((await problemBody(premiumPick)).detail).toBe('Premium includes every book — no need to pick');

    for (const kind of ['expired-trial', 'free'] as const) {
      const lapsed = await t.reader(kind);
      const response = await lapsed.api.selections.$post({ json: { bookId: plain.id } });
      expect(response.status).toBe(402);
      expect((await problemBody(response)).code).toBe('subscription_required');
      expect(t.state(lapsed.user.id).selections).toEqual([]);
    }
  });

  it('validates the body and answers 404 for an unknown book', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    // raw request: a body without bookId, which the typed client refuses
    const missing = await send(t.app, '/api/selections', {}, { cookie: reader.cookie });
    expect(missing.status).toBe(400);
    expect((await problemBody(missing)).errors?.[0]?.field).toBe('bookId');
    const bad = await reader.api.selections.$post({ json: { bookId: '../etc' } });
    expect(bad.status).toBe(400);
    expect((await reader.api.selections.$post({ json: { bookId: crypto.randomUUID() } })).status).toBe(404);
    expect((await reader.api.selections.$post({ json: { bookId: 'no-such-book' } })).status).toBe(404);
  });

  it('never exceeds the limit under concurrent picks', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const many = t.books(8);
    const responses = await Promise.all(many.map((book) => reader.api.selections.$post({ json: { bookId: book.id } })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    const after = t.state(reader.user.id);
    expect(after.selections).toHaveLength(3);
    expect(after.cycles[0].booksSelectedCount).toBe(3);
  });
});

describe('Basic picks, locks and cycle resets', () => {
  it('allows 10 picks, refuses the 11th with the reset date, and locks picks for 30 days', async () => {
    const t = setup();
    // A 31-day period (1 March .. 1 April) so the 30-day lock ends one day before the reset.
    const reader = await t.reader('basic', {
      subscriptionCurrentPeriodEnd: new Date(t.clock.now().getTime() + 31 * DAY_MS),
    });
    const list = t.books(11);
    for (const book of list.slice(0, 10))
      expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);

    const eleventh = await reader.api.selections.$post({ json: { bookId: list[10].id } });
    expect(eleventh.status).toBe(422);
    expect(await problemBody(eleventh)).toMatchObject({
      code: 'cycle_pick_limit',
      detail: 'You have used 10 of 10 picks this billing cycle. Your picks reset on 1 April 2026.',
    });

    const removal = await reader.api.selections[':bookId'].$delete({ param: { bookId: list[0].id } });
    expect(removal.status).toBe(422);
    expect(await problemBody(removal)).toMatchObject({
      code: 'selection_locked',
      detail: 'This pick is locked until 31 March 2026',
    });
    expect(t.state(reader.user.id).selections).toHaveLength(10);

    const entitlements = await successBody(reader.api.me.entitlements.$get());
    expect(entitlements).toMatchObject({
      tier: 'basic',
      picksUsed: 10,
      picksLimit: 10,
      offlineAllowed: true,
      deviceCap: 2,
      trialDaysLeft: null,
    });
    expect(entitlements.nextResetAt).toBe(entitlements.cycleEnd);
    expect(
      entitlements.selections.every(
        (s) => !s.canRemove && s.lockedUntil === new Date(t.clock.now().getTime() + 30 * DAY_MS).toISOString(),
      ),
    ).toBe(true);

    // The lock comes from system_config basic_lock_days; after it ends the pick may be removed.
    t.clock.advance(30 * DAY_MS);
    reader.signInAgain();
    const later = await reader.api.selections[':bookId'].$delete({ param: { bookId: list[1].slug } });
    expect(later.status).toBe(204);
    expect(t.state(reader.user.id).loans.find((loan) => loan.bookId === list[1].id)).toMatchObject({
      status: 'revoked',
      revokeReason: 'selection_removed',
    });
  });

  it('uses basic_lock_days from system configuration', async () => {
    const t = setup();
    t.db.$client
      .prepare("insert into system_config (id, key, value, data_type) values ('x', 'basic_lock_days', '2', 'number')")
      .run();
    const reader = await t.reader('basic');
    const [book] = t.books(1);
    const selection = await successBody(reader.api.selections.$post({ json: { bookId: book.id } }));
    expect(selection.lockedUntil).toBe(new Date(t.clock.now().getTime() + 2 * DAY_MS).toISOString());
  });

  it('resets the count at the next cycle through the job; ended locks drop off, locked picks stay', async () => {
    const t = setup({ basic: 2 });
    const reader = await t.reader('basic');
    const [early, late, next] = t.books(3);
    expect((await reader.api.selections.$post({ json: { bookId: early.id } })).status).toBe(201);
    t.clock.advance(10 * DAY_MS);
    expect((await reader.api.selections.$post({ json: { bookId: late.id } })).status).toBe(201);
    expect((await reader.api.selections.$post({ json: { bookId: next.id } })).status).toBe(422);

    // Renewal: billing moves the period end one month on; the old cycle ended at the previous period end.
    const user = t.db.select().from(users).where(eq(users.id, reader.user.id)).get()!;
    t.db
      .update(users)
      .set({ subscriptionCurrentPeriodEnd: new Date(user.subscriptionCurrentPeriodEnd!.getTime() + 31 * DAY_MS) })
      .where(eq(users.id, user.id))
      .run();
    t.clock.advance(21 * DAY_MS); // past the cycle end (day 30) and the first pick's lock (day 30)

    expect(resetSelectionCycles(t)).toBe(1);
    const after = t.state(reader.user.id);
    expect(after.cycles.filter((c) => c.isActive)).toMatchObject([{ booksSelectedCount: 0, maxBooks: 2 }]);
    expect(after.cycles).toHaveLength(2);
    expect(after.selections.map((s) => s.bookId)).toEqual([late.id]);
    expect(after.loans.find((loan) => loan.bookId === early.id)).toMatchObject({
      status: 'revoked',
      revokeReason: 'not_entitled',
    });
    expect(resetSelectionCycles(t)).toBe(0);

    reader.signInAgain();
    expect((await reader.api.selections.$post({ json: { bookId: next.id } })).status).toBe(201);
    const entitlements = await successBody(reader.api.me.entitlements.$get());
    expect(entitlements.picksUsed).toBe(1);
  });

  it('the scheduled job list runs the reset and the loan revocation', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const [book] = t.books(1);
    expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    expect(JOBS.map((job) => job.name)).toEqual(
      expect.arrayContaining(['reset-selection-cycles', 'revoke-lapsed-loans']),
    );

    t.clock.advance(8 * DAY_MS); // the trial has ended
    registerJobs(t, JOBS);
    const ran = await runDueJobs(t, JOBS, 'test');
    expect(ran).toEqual(expect.arrayContaining(['reset-selection-cycles', 'revoke-lapsed-loans']));
    const after = t.state(reader.user.id);
    expect(after.loans).toMatchObject([{ status: 'revoked', revokeReason: 'access_ended' }]);
    expect(after.cycles.every((c) => !c.isActive)).toBe(true);
    expect(after.selections).toEqual([]);
    expect(revokeLapsedLoans(t)).toBe(0);
  });
});

describe('GET /api/selections, DELETE /api/selections/:bookId, GET /api/me/entitlements', () => {
  it('lists only the reader own picks and never touches another reader (no IDOR)', async () => {
    const t = setup();
    const alice = await t.reader('trial');
    const bob = await t.reader('trial');
    const [book] = t.books(1);
    expect((await alice.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);

    expect((await successBody(bob.api.selections.$get())).items).toEqual([]);
    expect((await successBody(alice.api.selections.$get())).items.map((s) => s.bookId)).toEqual([book.id]);
    // Bob cannot remove Alice's pick: from his side there is no such selection.
    expect((await bob.api.selections[':bookId'].$delete({ param: { bookId: book.id } })).status).toBe(404);
    expect(t.state(alice.user.id).selections).toHaveLength(1);

    // Trial picks have no lock: Alice may remove hers (the pick is not given back).
    expect((await alice.api.selections[':bookId'].$delete({ param: { bookId: book.id } })).status).toBe(204);
    const entitlements = await successBody(alice.api.me.entitlements.$get());
    expect(entitlements).toMatchObject({ picksUsed: 1, selections: [] });
  });

  it('answers 401 signed out, 400 for a malformed book id and 404 for an unknown book', async () => {
    const t = setup();
    expect((await t.api.selections.$get()).status).toBe(401);
    expect((await t.api.me.entitlements.$get()).status).toBe(401);
    const reader = await t.reader('trial');
    expect((await reader.api.selections[':bookId'].$delete({ param: { bookId: 'bad_id!' } })).status).toBe(400);
    expect((await reader.api.selections[':bookId'].$delete({ param: { bookId: crypto.randomUUID() } })).status).toBe(
      404,
    );
  });

  it('describes premium, expired and free readers', async () => {
    const t = setup();
    const premium = await successBody((await t.reader('premium')).api.me.entitlements.$get());
    expect(premium).toMatchObject({
      tier: 'premium',
      picksLimit: -1,
      picksUsed: 0,
      offlineAllowed: true,
      deviceCap: 5,
      nextResetAt: null,
    });
    const expired = await successBody((await t.reader('expired-trial')).api.me.entitlements.$get());
    expect(expired).toMatchObject({
      tier: 'free',
      subscriptionTier: 'trial',
      picksLimit: 0,
      cycleStart: null,
      validUntil: null,
      offlineAllowed: false,
    });
    const free = await successBody((await t.reader('free')).api.me.entitlements.$get());
    expect(free).toMatchObject({ tier: 'free', picksUsed: 0, picksLimit: 0, selections: [] });
  });

  it('GET never writes: an ended cycle is shown reset before the job stores it', async () => {
    const t = setup();
    const reader = await t.reader('basic');
    const [book] = t.books(1);
    expect((await reader.api.selections.$post({ json: { bookId: book.id } })).status).toBe(201);
    const user = t.db.select().from(users).where(eq(users.id, reader.user.id)).get()!;
    t.db
      .update(users)
      .set({ subscriptionCurrentPeriodEnd: new Date(user.subscriptionCurrentPeriodEnd!.getTime() + 31 * DAY_MS) })
      .where(eq(users.id, user.id))
      .run();
    t.clock.advance(31 * DAY_MS);
    reader.signInAgain();
    const before = t.state(reader.user.id);
    const entitlements = await successBody(reader.api.me.entitlements.$get());
    expect(entitlements).toMatchObject({ picksUsed: 0, selections: [] });
    expect(t.state(reader.user.id)).toEqual(before);
  });
});
