/**
 * The day totals behind the financial reports (docs/product/metrics.md#day-totals) stay equal to the same figures
 * worked out from invoices, refunds, mrr_movements and users, whatever sequence of writes happens: inserts, payments,
 * edits that move a row to another day or plan, deletions, trial extensions, conversions and readers deleted. The
 * paying subscribers per plan (docs/product/metrics.md#paying-subscriber-counts) likewise stay equal to the count over
 * billing_subscriptions and mrr_movements.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Db } from './client';
import { createPrng } from './seed/prng';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const TRIGGERS = [
  'revenue_days_invoice_insert',
  'revenue_days_invoice_update',
  'revenue_days_invoice_delete',
  'revenue_days_refund_insert',
  'revenue_days_refund_update',
  'revenue_days_refund_delete',
  'mrr_movement_days_insert',
  'mrr_movement_days_update',
  'mrr_movement_days_delete',
  'trial_end_days_user_insert',
  'trial_end_days_user_update',
  'trial_end_days_user_delete',
  'paying_subscribers_subscription_insert',
  'paying_subscribers_subscription_update',
  'paying_subscribers_subscription_delete',
  'paying_subscribers_movement_insert',
  'paying_subscribers_movement_update',
  'paying_subscribers_movement_delete',
];

const day = "strftime('%Y-%m-%d', {at} / 1000, 'unixepoch')";
const dayOf = (column: string) => day.replace('{at}', column);

/** The day totals as plain aggregates over the source tables, rows with nothing in them left out. */
function recomputed(db: Db) {
  const sqlite = db.$client;
  return {
    revenue: sqlite
      .prepare(
        `select day, tier, sum(invoices) as invoices, sum(paid) as paid, sum(refunded) as refunded from (
           select ${dayOf('paid_at')} as day, tier, count(*) as invoices, sum(amount_paid) as paid, 0 as refunded
           from invoices where status = 'paid' and amount_paid > 0 and paid_at is not null group by 1, 2
           union all
           select ${dayOf('created_at')}, tier, 0, 0, sum(amount) from refunds group by 1, 2)
         group by day, tier order by day, tier`,
      )
      .all(),
    mrr: sqlite
      .prepare(
        `select ${dayOf('occurred_at')} as day, kind, count(*) as movements, sum(mrr_after - mrr_before) as net,
           sum(abs(mrr_after - mrr_before)) as amount
         from mrr_movements group by 1, 2 order by 1, 2`,
      )
      .all(),
    trials: sqlite
      .prepare(
        `select ${dayOf('coalesce(trial_ends_at, free_trial_ended_at)')} as day, count(*) as ended,
           sum(exists(select 1 from mrr_movements m where m.user_id = u.id and m.kind = 'new' and m.tier_before = 'trial'))
             as converted
         from users u where trial_started_at is not null and coalesce(trial_ends_at, free_trial_ended_at) is not null
         group by 1 order by 1`,
      )
      .all(),
  };
}

function stored(db: Db) {
  const sqlite = db.$client;
  return {
    revenue: sqlite
      .prepare(
        `select day, tier, paid_invoices as invoices, paid_amount as paid, refunded_amount as refunded from revenue_days
         where paid_invoices <> 0 or paid_amount <> 0 or refunded_amount <> 0 order by day, tier`,
      )
      .all(),
    mrr: sqlite
      .prepare(
        `select day, kind, movements, net_change as net, amount from mrr_movement_days where movements <> 0
         order by day, kind`,
      )
      .all(),
    trials: sqlite
      .prepare('select day, trials_ended as ended, converted from trial_end_days where trials_ended <> 0 order by day')
      .all(),
  };
}

function freshDatabase(): Db {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  return db;
}

describe('financial day totals', () => {
  it('has every trigger that keeps them (a table rebuild in a later migration drops them)', () => {
    const db = freshDatabase();
    const names = (
      db.$client.prepare("select name from sqlite_master where type = 'trigger'").all() as { name: string }[]
    ).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(TRIGGERS));
  });

  it('agree with the source tables after 1,500 random writes of every kind', () => {
    const db = freshDatabase();
    const sqlite = db.$client;
    const prng = createPrng(20261126);
    const random = prng.next;
    const pick = prng.pick;
    const someDay = () => START + Math.floor(random() * 90) * DAY_MS + Math.floor(random() * DAY_MS);
    const users: string[] = [];
    const invoices: string[] = [];
    const refunds: string[] = [];
    const movements: string[] = [];
    let serial = 0;
    const next = (prefix: string) => {
      serial += 1;
      return `${prefix}-${serial}`;
    };

    const writes: (() => void)[] = [
      () => {
        const id = next('u');
        const trial = random() < 0.8;
        const started = someDay();
        sqlite
          .prepare(
            `insert into users (id, email, first_name, last_name, trial_started_at, trial_ends_at, free_trial_ended_at,
               created_at, updated_at) values (?, ?, 'T', 'R', ?, ?, ?, ?, ?)`,
          )
          .run(
            id,
            `${id}@example.com`,
            trial ? started : null,
            trial && random() < 0.7 ? started + 7 * DAY_MS : null,
            trial && random() < 0.5 ? started + 6 * DAY_MS : null,
            started,
            started,
          );
        users.push(id);
      },
      () => {
        if (users.length === 0) return;
        const at = someDay();
        sqlite
          .prepare('update users set trial_ends_at = ?, trial_started_at = coalesce(trial_started_at, ?) where id = ?')
          .run(random() < 0.2 ? null : at, at - 7 * DAY_MS, pick(users));
      },
      () => {
        if (users.length === 0 || random() < 0.7) return;
        const id = pick(users);
        sqlite.prepare('delete from users where id = ?').run(id);
        users.splice(users.indexOf(id), 1);
      },
      () => {
        const id = next('inv');
        const paid = random() < 0.7;
        const at = someDay();
        const amount = pick([0, 599, 999, 1299]);
        sqlite
          .prepare(
            `insert into invoices (id, user_id, number, provider, provider_invoice_id, tier, description, amount_due,
               amount_paid, currency, status, period_start, period_end, customer_email, issued_at, paid_at)
             values (?, ?, ?, 'test', ?, ?, 'Plan', ?, ?, 'GBP', ?, ?, ?, 'r@example.com', ?, ?)`,
          )
          .run(
            id,
            users.length > 0 ? pick(users) : null,
            id,
            id,
            pick(['basic', 'premium']),
            amount,
            paid ? amount : 0,
            paid ? 'paid' : 'open',
            at,
            at + 30 * DAY_MS,
            at,
            paid ? at : null,
          );
        invoices.push(id);
      },
      () => {
        if (invoices.length === 0) return;
        const at = someDay();
        sqlite
          .prepare("update invoices set status = 'paid', amount_paid = amount_due, paid_at = ?, tier = ? where id = ?")
          .run(at, pick(['basic', 'premium']), pick(invoices));
      },
      () => {
        if (invoices.length === 0) return;
        sqlite.prepare("update invoices set status = 'void' where id = ?").run(pick(invoices));
      },
      () => {
        if (invoices.length === 0) return;
        const id = next('ref');
        sqlite
          .prepare(
            `insert into refunds (id, invoice_id, provider, provider_refund_id, tier, amount, created_at)
             values (?, ?, 'test', ?, ?, ?, ?)`,
          )
          .run(id, pick(invoices), id, pick(['basic', 'premium']), 1 + Math.floor(random() * 500), someDay());
        refunds.push(id);
      },
      () => {
        if (refunds.length === 0) return;
        if (random() < 0.5) {
          sqlite
            .prepare('update refunds set created_at = ?, amount = amount + 1 where id = ?')
            .run(someDay(), pick(refunds));
        } else {
          const id = pick(refunds);
          sqlite.prepare('delete from refunds where id = ?').run(id);
          refunds.splice(refunds.indexOf(id), 1);
        }
      },
      () => {
        const id = next('mrr');
        const kind = pick(['new', 'new', 'expansion', 'contraction', 'churn'] as const);
        const before = kind === 'new' ? 0 : pick([599, 999]);
        const after = kind === 'churn' ? 0 : pick([599, 999]);
        sqlite
          .prepare(
            `insert into mrr_movements (id, user_id, subscription_id, kind, tier_before, tier_after, mrr_before, mrr_after,
               occurred_at) values (?, ?, 'sub', ?, ?, 'basic', ?, ?, ?)`,
          )
          .run(
            id,
            users.length > 0 ? pick(users) : null,
            kind,
            pick(['trial', 'free', 'basic']),
            before,
            after,
            someDay(),
          );
        movements.push(id);
      },
      () => {
        if (movements.length === 0) return;
        if (random() < 0.5) {
          sqlite
            .prepare('update mrr_movements set occurred_at = ?, user_id = ? where id = ?')
            .run(someDay(), users.length > 0 ? pick(users) : null, pick(movements));
        } else {
          const id = pick(movements);
          sqlite.prepare('delete from mrr_movements where id = ?').run(id);
          movements.splice(movements.indexOf(id), 1);
        }
      },
    ];
    for (let step = 0; step < 1500; step += 1) {
      pick(writes)();
      if (step % 250 === 249) expect(stored(db)).toEqual(recomputed(db));
    }
    const totals = recomputed(db);
    // The random history really exercised every table.
    expect(totals.revenue.length).toBeGreaterThan(20);
    expect(totals.mrr.length).toBeGreaterThan(20);
    expect(totals.trials.length).toBeGreaterThan(10);
    expect(stored(db)).toEqual(totals);
  });
});

/** Paying subscribers per plan worked out from the source tables, plans with none left out. */
function payingSubscribersRecomputed(db: Db) {
  return db.$client
    .prepare(
      `select tier, count(*) as subscribers from billing_subscriptions b
       where b.status in ('active', 'past_due')
         and exists (select 1 from mrr_movements m where m.user_id = b.user_id and m.subscription_id = b.subscription_id)
       group by tier order by tier`,
    )
    .all();
}

const payingSubscribersStored = (db: Db) =>
  db.$client
    .prepare('select tier, subscribers from paying_subscriber_counts where subscribers <> 0 order by tier')
    .all();

describe('paying subscriber counts', () => {
  it('are backfilled by migration 0024 from the rows already there', () => {
    const db = freshDatabase();
    const sqlite = db.$client;
    sqlite.exec(`
      insert into users (id, email, first_name, last_name, created_at, updated_at)
        values ('u1', 'u1@example.com', 'A', 'B', 0, 0), ('u2', 'u2@example.com', 'A', 'B', 0, 0),
               ('u3', 'u3@example.com', 'A', 'B', 0, 0);
      insert into mrr_movements (id, user_id, subscription_id, kind, tier_before, tier_after, mrr_before, mrr_after, occurred_at)
        values ('m1', 'u1', 's1', 'new', 'trial', 'premium', 0, 999, 0), ('m3', 'u3', 's3', 'new', 'free', 'basic', 0, 599, 0);
      insert into billing_subscriptions (id, user_id, provider, subscription_id, tier, status, current_period_start,
        current_period_end, created_at, updated_at)
        values ('b1', 'u1', 'test', 's1', 'premium', 'past_due', 0, 1, 0, 0),
               ('b2', 'u2', 'test', 's2', 'basic', 'active', 0, 1, 0, 0),
               ('b3', 'u3', 'test', 's3', 'basic', 'canceled', 0, 1, 0, 0);
      delete from paying_subscriber_counts;`);
    // The migration's last statement is the backfill of a database that already has subscribers.
    const migration = fs.readFileSync(new URL('./migrations/0024_overview_counts.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toMatch(/insert into paying_subscriber_counts/i);
    sqlite.exec(backfill);
    expect(payingSubscribersStored(db)).toEqual([{ tier: 'premium', subscribers: 1 }]);
  });

  it('agree with the subscriptions and movements after 1,500 random writes of every kind', () => {
    const db = freshDatabase();
    const sqlite = db.$client;
    const prng = createPrng(20261127);
    const random = prng.next;
    const pick = prng.pick;
    const users: string[] = [];
    const movements: string[] = [];
    let serial = 0;
    // Chosen by the seeded generator, not SQLite's random(), so every run writes the same history.
    const someStoredSubscriptionRow = (): string | null => {
      const ids = sqlite.prepare('select id from billing_subscriptions order by id').pluck().all() as string[];
      return ids.length > 0 ? pick(ids) : null;
    };
    const next = (prefix: string) => {
      serial += 1;
      return `${prefix}-${serial}`;
    };
    // Few subscription ids, so movements and subscriptions often meet, part and meet again.
    const someSubscription = () => pick(['s1', 's2', 's3']);
    const someStatus = () => pick(['active', 'past_due', 'canceled'] as const);

    const writes: (() => void)[] = [
      () => {
        const id = next('u');
        sqlite
          .prepare(
            "insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, ?, 'T', 'R', 0, 0)",
          )
          .run(id, `${id}@example.com`);
        users.push(id);
      },
      () => {
        if (users.length === 0 || random() < 0.6) return;
        const id = pick(users);
        // Cascades to the reader's subscription and sets their movements' user_id to null.
        sqlite.prepare('delete from users where id = ?').run(id);
        users.splice(users.indexOf(id), 1);
      },
      () => {
        if (users.length === 0) return;
        sqlite
          .prepare(
            `insert into billing_subscriptions (id, user_id, provider, subscription_id, tier, status, current_period_start,
               current_period_end, created_at, updated_at) values (?, ?, 'test', ?, ?, ?, 0, 1, 0, 0)
             on conflict (user_id) do nothing`,
          )
          .run(next('b'), pick(users), someSubscription(), pick(['basic', 'premium']), someStatus());
      },
      () => {
        const change = pick(['status', 'tier', 'subscription_id', 'user_id'] as const);
        const value =
          change === 'status'
            ? someStatus()
            : change === 'tier'
              ? pick(['basic', 'premium'])
              : change === 'subscription_id'
                ? someSubscription()
                : users.length > 0
                  ? pick(users)
                  : null;
        const id = someStoredSubscriptionRow();
        if (value === null || id === null) return;
        sqlite.prepare(`update or ignore billing_subscriptions set ${change} = ? where id = ?`).run(value, id);
      },
      () => {
        if (random() < 0.7) return;
        const id = someStoredSubscriptionRow();
        if (id !== null) sqlite.prepare('delete from billing_subscriptions where id = ?').run(id);
      },
      () => {
        const id = next('mrr');
        sqlite
          .prepare(
            `insert into mrr_movements (id, user_id, subscription_id, kind, tier_before, tier_after, mrr_before, mrr_after,
               occurred_at) values (?, ?, ?, 'new', 'trial', 'basic', 0, 599, 0)`,
          )
          .run(id, users.length > 0 && random() < 0.9 ? pick(users) : null, someSubscription());
        movements.push(id);
      },
      () => {
        if (movements.length === 0) return;
        if (random() < 0.5) {
          const column = pick(['user_id', 'subscription_id', 'occurred_at'] as const);
          const value =
            column === 'user_id'
              ? users.length > 0 && random() < 0.9
                ? pick(users)
                : null
              : column === 'subscription_id'
                ? someSubscription()
                : Math.floor(random() * DAY_MS);
          sqlite.prepare(`update mrr_movements set ${column} = ? where id = ?`).run(value, pick(movements));
        } else {
          const id = pick(movements);
          sqlite.prepare('delete from mrr_movements where id = ?').run(id);
          movements.splice(movements.indexOf(id), 1);
        }
      },
    ];
    const seen = new Set<string>();
    for (let step = 0; step < 1500; step += 1) {
      pick(writes)();
      if (step % 50 === 49) {
        const expected = payingSubscribersRecomputed(db);
        expect(payingSubscribersStored(db)).toEqual(expected);
        seen.add(JSON.stringify(expected));
      }
    }
    // The random history really moved the counts up and down on both plans.
    expect(seen.size).toBeGreaterThan(10);
    expect([...seen].some((counts) => counts.includes('basic') && counts.includes('premium'))).toBe(true);
    expect(payingSubscribersStored(db)).toEqual(payingSubscribersRecomputed(db));
  });
});
