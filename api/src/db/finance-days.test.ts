/**
 * The day totals behind the financial reports (docs/product/metrics.md#day-totals) stay equal to the same figures
 * worked out from invoices, refunds, mrr_movements and users, whatever sequence of writes happens: inserts, payments,
 * edits that move a row to another day or plan, deletions, trial extensions, conversions and readers deleted.
 */
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
