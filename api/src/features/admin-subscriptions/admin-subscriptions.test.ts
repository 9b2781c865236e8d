/** Admin subscriptions: list filters, a reader's detail and history, and each action with its refusals and audit. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_SUBSCRIPTION_MESSAGES } from '@shared/admin-subscriptions';
import { ZAdminSubscriptionQuery } from '@shared/admin-subscriptions.schemas';
import { DAY_MS } from '@shared/entitlement';
import { migrateDatabase, openDatabase } from '../../db/client';
import { auditLogs, invoices, users } from '../../db/schema';
import { createPrng } from '../../db/seed/prng';
import { problemBody, successBody } from '../../test-utils';
import { billingSetup } from '../billing/billing-test-support';
import { insertUser, signIn } from '../profile/profile-test-support';
import { listSubscriptions } from './admin-subscriptions.service';

async function setup() {
  const ctx = billingSetup();
  const admin = await insertUser(ctx.db, { role: 'admin' });
  const client = () => ctx.clientFor(signIn(ctx.db, admin.id, ctx.clock.now()).cookie);
  return { ...ctx, admin, client };
}

describe('admin subscriptions: the list', () => {
  it('filters by state, tier, search and trials ending soon', async () => {
    const ctx = await setup();
    const basic = await ctx.reader('trial', { email: 'basic.reader@example.com' });
    await ctx.subscribe(basic, 'basic');
    const premium = await ctx.reader('free');
    await ctx.subscribe(premium, 'premium');
    await ctx.clientFor(premium.cookie).billing.cancel.$post();
    const inTwoDays = new Date(ctx.clock.now().getTime() + 2 * DAY_MS);
    const soon = await ctx.reader('trial', { trialEndsAt: inTwoDays, freeTrialEndedAt: inTwoDays });
    const later = await ctx.reader('trial');
    const ended = await ctx.reader('expired-trial');
    await ctx.reader('free'); // never subscribed, no trial: not a subscription at all

    const list = async (query: Record<string, string>) =>
      (await successBody(ctx.client().admin.subscriptions.$get({ query }))).items.map((row) => row.userId);
    expect((await list({})).sort()).toEqual([basic, premium, soon, later, ended].map((r) => r.user.id).sort());
    expect(await list({ state: 'renewing' })).toEqual([basic.user.id]);
    expect(await list({ state: 'cancelling' })).toEqual([premium.user.id]);
    expect(await list({ state: 'trial_ended' })).toEqual([ended.user.id]);
    expect((await list({ state: 'trialing' })).sort()).toEqual([soon.user.id, later.user.id].sort());
    expect(await list({ trialEndingInDays: '3' })).toEqual([soon.user.id]);
    expect(await list({ tier: 'premium' })).toEqual([premium.user.id]);
    expect(await list({ search: 'basic.reader' })).toEqual([basic.user.id]);

    const page = await successBody(ctx.client().admin.subscriptions.$get({ query: { sort: 'mrr', order: 'desc' } }));
    expect(page.items[0]).toMatchObject({ userId: premium.user.id, mrr: 999, state: 'cancelling', tier: 'premium' });
    // Bought during the trial: renewing at the trial's end, no MRR until that first charge.
    expect(page.items.find((row) => row.userId === basic.user.id)).toMatchObject({ state: 'renewing', mrr: 0 });
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25 });
  });

  it('exports the filtered list as CSV, formula-safe and audited', async () => {
    const ctx = await setup();
    const premium = await ctx.reader('free', { email: 'premium.reader@example.com', firstName: '=HYPERLINK("x")' });
    await ctx.subscribe(premium, 'premium');
    const trial = await ctx.reader('trial', { email: 'trial.reader@example.com', lastName: 'Lovelace, Ada' });
    await ctx.reader('expired-trial');

    const download = (query: Record<string, string>) =>
      ctx.client().admin.subscriptions['export.csv'].$get({ query: query as never });
    const response = await download({ tier: 'premium', page: '3', pageSize: '1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="subscriptions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(
      'user_id,email,name,plan,status,provider,renews_or_ends,trial_ends,pending_plan,mrr,currency',
    );
    // Paging is ignored (the whole filtered list), the filter is applied, the formula cell is defused.
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toMatch(new RegExp(`^${premium.user.id},premium\\.reader@example\\.com,`));
    expect(lines[1]).toContain('"\'=HYPERLINK(""x"") ');
    expect(lines[1]).toMatch(/,premium,renewing,test,\d{4}-/);
    expect(lines[1]).toMatch(/,9\.99,GBP$/);

    const trials = (await (await download({ state: 'trialing' })).text()).trim().split('\r\n');
    expect(trials).toHaveLength(2);
    expect(trials[1]).toContain(trial.user.id);
    expect(trials[1]).toContain(',"Ada Lovelace, Ada",trial,trialing,,,');

    const entries = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.subscriptions.export')).all();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ userId: ctx.admin.id, resource: 'subscriptions' });
    expect(entries[0]!.details).toEqual({ filters: { tier: 'premium', sort: 'email', order: 'asc' } });

    const bad = await download({ state: 'sleeping' });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toContainEqual({ field: 'state', message: 'Choose a listed status' });
  });

  it('answers bad filters with their messages', async () => {
    const ctx = await setup();
    const response = await ctx.client().admin.subscriptions.$get({
      // Values the types forbid, as a hand-made URL could send them.
      query: { state: 'sleeping', trialEndingInDays: '0', sort: 'name' } as never,
    });
    expect(response.status).toBe(400);
    const { errors } = await problemBody(response);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'state', message: 'Choose a listed status' },
        { field: 'trialEndingInDays', message: 'Days must be a whole number from 1 to 90' },
        { field: 'sort', message: 'Sort must be one of the sortable columns' },
      ]),
    );
  });
});

describe('admin subscriptions: actions', () => {
  it('cancels at the period end, resumes, cancels now, with history and audit', async () => {
    const ctx = await setup();
    const reader = await ctx.reader('trial');
    await ctx.subscribe(reader, 'basic');
    const userId = reader.user.id;
    const cancel = (when: 'period_end' | 'now') =>
      ctx.client().admin.subscriptions[':userId'].cancel.$post({ param: { userId }, json: { when } });

    const atEnd = await successBody(cancel('period_end'));
    expect(atEnd.state).toBe('cancelling');
    expect(atEnd.subscription?.cancelAtPeriodEnd).toBe(true);
    const again = await cancel('period_end');
    expect(again.status).toBe(409);
    expect((await problemBody(again)).detail).toBe(ADMIN_SUBSCRIPTION_MESSAGES.alreadyCancelling);

    const resumed = await successBody(ctx.client().admin.subscriptions[':userId'].resume.$post({ param: { userId } }));
    expect(resumed.state).toBe('renewing');
    const notCancelling = await ctx.client().admin.subscriptions[':userId'].resume.$post({ param: { userId } });
    expect((await problemBody(notCancelling)).detail).toBe(ADMIN_SUBSCRIPTION_MESSAGES.notCancelling);

    const now = await successBody(cancel('now'));
    expect(now.state).toBe('ended');
    expect(now.mrr).toBe(0);
    expect(ctx.db.select().from(users).where(eq(users.id, userId)).get()?.subscriptionTier).toBe('free');
    expect((await problemBody(await cancel('now'))).detail).toBe(ADMIN_SUBSCRIPTION_MESSAGES.noSubscription);

    const titles = now.history.map((entry) => entry.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Admin set the subscription to cancel at the period end',
        'Admin resumed the subscription',
        'Admin cancelled the subscription at once',
        'Subscription ended',
        'Trial converted to a paid plan',
      ]),
    );
    const audits = ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'user'), eq(auditLogs.resourceId, userId)))
      .all();
    expect(audits.map((row) => [row.action, row.userId])).toEqual(
      expect.arrayContaining([
        ['admin.subscription.cancelled_at_period_end', ctx.admin.id],
        ['admin.subscription.resumed', ctx.admin.id],
        ['admin.subscription.cancelled_now', ctx.admin.id],
      ]),
    );
  });

  it('extends a running trial from its end and an ended one from now; refuses a paid reader', async () => {
    const ctx = await setup();
    const running = await ctx.reader('trial');
    const ended = await ctx.reader('expired-trial');
    const paid = await ctx.reader('free');
    await ctx.subscribe(paid, 'basic');
    const extend = (userId: string, days: number) =>
      ctx.client().admin.subscriptions[':userId']['extend-trial'].$post({ param: { userId }, json: { days } });
    const now = ctx.clock.now().getTime();

    const a = await successBody(extend(running.user.id, 5));
    expect(a.account.trialEndsAt).toBe(new Date(now + 12 * DAY_MS).toISOString());
    const b = await successBody(extend(ended.user.id, 3));
    expect(b.account.trialEndsAt).toBe(new Date(now + 3 * DAY_MS).toISOString());
    expect(b.state).toBe('trialing');
    const refused = await extend(paid.user.id, 3);
    expect(refused.status).toBe(409);
    expect((await problemBody(refused)).detail).toBe(ADMIN_SUBSCRIPTION_MESSAGES.notOnTrial);
    const bad = await extend(running.user.id, 0);
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual([
      { field: 'days', message: 'Days must be a whole number from 1 to 90' },
    ]);
  });

  it('refunds partly then the rest, and refuses more than is left', async () => {
    const ctx = await setup();
    // A reader whose trial has ended is charged at once (docs/product/trial-policy.md#converting-a-trial).
    const reader = await ctx.reader('expired-trial');
    await ctx.subscribe(reader, 'premium');
    const invoice = ctx.db.select().from(invoices).where(eq(invoices.userId, reader.user.id)).get()!;
    expect(invoice.amountPaid).toBe(999);
    const refund = (amount: number, reason?: string) =>
      ctx.client().admin.invoices[':id'].refund.$post({ param: { id: invoice.id }, json: { amount, reason } });

    const partly = await successBody(refund(400, 'Charged twice'));
    expect(partly.invoices[0]).toMatchObject({ amountRefunded: 400, canRefund: true });
    expect(partly.invoices[0].refunds).toMatchObject([{ amount: 400, reason: 'Charged twice' }]);

    const tooMuch = await refund(600);
    expect(tooMuch.status).toBe(422);
    const message = ADMIN_SUBSCRIPTION_MESSAGES.refundTooLarge('£5.99');
    expect(await problemBody(tooMuch)).toMatchObject({ detail: message, errors: [{ field: 'amount', message }] });

    const rest = await successBody(refund(599));
    expect(rest.invoices[0]).toMatchObject({ amountRefunded: 999, canRefund: false });
    expect((await problemBody(await refund(1))).detail).toBe(ADMIN_SUBSCRIPTION_MESSAGES.nothingToRefund);

    const zero = await refund(0);
    expect((await problemBody(zero)).errors).toEqual([
      { field: 'amount', message: 'Enter an amount in pence of at least 1' },
    ]);
    const unknown = await ctx.client().admin.invoices[':id'].refund.$post({
      param: { id: crypto.randomUUID() },
      json: { amount: 1 },
    });
    expect(unknown.status).toBe(404);
    // A plan bought during a trial: its £0.00 invoice for the rest of the trial took nothing to give back.
    const converting = await ctx.reader('trial');
    await ctx.subscribe(converting, 'basic');
    const free = ctx.db.select().from(invoices).where(eq(invoices.userId, converting.user.id)).get()!;
    expect(free).toMatchObject({ amountPaid: 0, status: 'paid' });
    const detail = await successBody(
      ctx.client().admin.subscriptions[':userId'].$get({ param: { userId: converting.user.id } }),
    );
    expect(detail.invoices[0]).toMatchObject({ id: free.id, canRefund: false });
    expect(detail.mrr).toBe(0);
    const nothing = await ctx
      .client()
      .admin.invoices[':id'].refund.$post({ param: { id: free.id }, json: { amount: 1 } });
    expect(nothing.status).toBe(409);
    expect((await problemBody(nothing)).detail).toBe(ADMIN_SUBSCRIPTION_MESSAGES.nothingCharged);

    const audit = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.invoice.refunded')).all();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ userId: ctx.admin.id, resourceId: reader.user.id, severity: 'warning' });
  });

  it('says which provider is in use and where the test clock stands', async () => {
    const ctx = await setup();
    const info = await successBody(ctx.client().admin.billing.provider.$get());
    expect(info).toEqual({
      provider: 'test',
      testClock: { providerNow: ctx.clock.now().toISOString(), offsetDays: 0 },
    });
    await ctx.provider.advanceClock(3);
    expect((await successBody(ctx.client().admin.billing.provider.$get())).testClock?.offsetDays).toBe(3);
  });

  it('answers 404 for an unknown reader', async () => {
    const ctx = await setup();
    const response = await ctx.client().admin.subscriptions[':userId'].$get({ param: { userId: crypto.randomUUID() } });
    expect(response.status).toBe(404);
  });
});

describe('admin subscriptions: the unfiltered count', () => {
  it('counts what the list holds: every subscription record and the trial accounts without one', () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const sqlite = db.$client;
    const now = Date.UTC(2026, 2, 1);
    const insertUser = sqlite.prepare(
      `insert into users (id, email, first_name, last_name, subscription_tier, trial_started_at, trial_ends_at,
         free_trial_ended_at, created_at, updated_at) values (?, ?, 'T', 'R', ?, ?, ?, ?, 0, 0)`,
    );
    const insertRecord = sqlite.prepare(
      `insert into billing_subscriptions (id, user_id, provider, subscription_id, tier, status, current_period_start,
         current_period_end, created_at, updated_at) values (?, ?, 'test', ?, 'basic', ?, 0, 1, 0, 0)`,
    );
    const prng = createPrng(20261129);
    for (let index = 0; index < 300; index += 1) {
      const id = `u${index}`;
      const tier = prng.pick(['free', 'trial', 'trial', 'basic', 'premium'] as const);
      // Some trial-tier accounts have no trial end (staff carry the tier's default): not in the list.
      const trialEnd = prng.next() < 0.8 ? now + Math.floor((prng.next() - 0.5) * 20 * DAY_MS) : null;
      const freeTrialEnd = prng.next() < 0.3 ? now - DAY_MS : null;
      insertUser.run(id, `${id}@example.com`, tier, trialEnd ? trialEnd - 7 * DAY_MS : null, trialEnd, freeTrialEnd);
      // Subscription records on every tier, the trial one included (a plan bought during the trial).
      if (prng.next() < 0.4)
        insertRecord.run(`b${index}`, id, `s${index}`, prng.pick(['active', 'past_due', 'canceled']));
    }
    const deps = { db, now: () => new Date(now) };
    const general = sqlite
      .prepare(
        `select count(*) as n from users u left join billing_subscriptions b on b.user_id = u.id
         where b.id is not null
           or (u.subscription_tier = 'trial' and max(coalesce(u.trial_ends_at, 0), coalesce(u.free_trial_ended_at, 0)) > 0)`,
      )
      .get() as { n: number };
    const list = (query: Record<string, string>) =>
      listSubscriptions(deps, { query: ZAdminSubscriptionQuery.parse(query) });
    const page = list({});
    const withEmptySearch = list({ search: '  ' });
    expect(page.total).toBe(general.n);
    expect(withEmptySearch.total).toBe(general.n);
    // Both parts are really there: records, and trial accounts without one.
    const records = (sqlite.prepare('select count(*) as n from billing_subscriptions').get() as { n: number }).n;
    expect(records).toBeGreaterThan(80);
    expect(general.n - records).toBeGreaterThan(40);
    // Every page of the list together holds exactly `total` rows.
    const lastPage = Math.ceil(page.total / 100);
    let rows = 0;
    for (let pageNumber = 1; pageNumber <= lastPage; pageNumber += 1) {
      rows += list({ page: String(pageNumber), pageSize: '100' }).items.length;
    }
    expect(rows).toBe(general.n);
  });
});
