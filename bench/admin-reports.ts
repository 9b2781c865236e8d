/**
 * Benchmark figure: the back office's money queries at volume (100,000 readers, about 1,000,000 reading events, a
 * year of invoices and MRR movements), each timed against the same figures read with plain indexed SQL over the source
 * tables on better-sqlite3 in the same run (no drizzle, no shaping, no day totals): the overview, a 12-month financial
 * report (which reads the day totals of docs/product/metrics.md#day-totals, so it beats the scan by far) and the first
 * page of the subscriptions list. Targets: each at least 0.7x the plain query's speed, and under 50 ms.
 *
 * `seedMoneyVolume(db)` fills a migrated database; `bench/admin.bench.ts` (which seeds its 100,000 users) can call it
 * on its own database after its users exist (it adds its own readers when `readers` is given), and then
 * `timeAdminReports(db)` for the figures.
 */
import { buildOverview } from '../api/src/features/admin-overview/admin-overview.service';
import { buildFinancialReport } from '../api/src/features/admin-reports/admin-reports.service';
import { listSubscriptions } from '../api/src/features/admin-subscriptions/admin-subscriptions.service';
import type { Db } from '../api/src/db/client';
import { seedPlans } from '../api/src/db/seed/plans';
import { createBenchDeps, round2, writeResult } from './lib';

const DAY_MS = 24 * 60 * 60 * 1000;
const TARGET_RATIO = 0.7;
const TARGET_MS = 50;

/**
 * Readers with a year of monthly invoices and MRR movements (about 60% subscribe), and reading sessions with
 * `eventsPerReader` events each, written by recursive CTEs inside one transaction (seconds, not minutes).
 */
export function seedMoneyVolume(
  db: Db,
  options: { readers?: number; eventsPerReader?: number; now?: number } = {},
): { readers: number; readingEvents: number; invoices: number } {
  const readers = options.readers ?? 100_000;
  const events = options.eventsPerReader ?? 10;
  const now = options.now ?? Date.now();
  const sqlite = db.$client;
  seedPlans(db);
  sqlite.exec('BEGIN IMMEDIATE');
  try {
    sqlite
      .prepare(`
      with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ?)
      insert into users (id, email, first_name, last_name, email_verified, subscription_tier, subscription_status,
        trial_started_at, trial_ends_at, free_trial_started_at, free_trial_ended_at, created_at, updated_at)
      select printf('bench-user-%06d', i), printf('bench%06d@bench.example', i), 'Bench', printf('Reader %d', i), 1,
        case when i % 10 < 6 then (case when i % 3 = 0 then 'premium' else 'basic' end) else 'trial' end,
        'active', ? - (i % 365) * ${DAY_MS}, ? - (i % 365) * ${DAY_MS} + 7 * ${DAY_MS},
        ? - (i % 365) * ${DAY_MS}, ? - (i % 365) * ${DAY_MS} + 7 * ${DAY_MS}, ? - (i % 365) * ${DAY_MS}, ?
      from n`)
      .run(readers, now, now, now, now, now, now);
    // Subscribers: one 'new' movement at their conversion, a monthly invoice since, a live subscription record.
    sqlite.exec(`
      insert into mrr_movements (id, user_id, subscription_id, kind, tier_before, tier_after, mrr_before, mrr_after, currency, occurred_at)
      select 'mrr-' || u.id, u.id, 'sub-' || u.id, 'new', 'trial', u.subscription_tier, 0,
        case u.subscription_tier when 'premium' then 999 else 599 end, 'GBP', u.trial_ends_at
      from users u where u.email like 'bench%' and u.subscription_tier in ('basic', 'premium');
      insert into billing_subscriptions (id, user_id, provider, subscription_id, tier, status, current_period_start, current_period_end)
      select 'bs-' || u.id, u.id, 'test', 'sub-' || u.id, u.subscription_tier, 'active', u.trial_ends_at, u.trial_ends_at + 30 * ${DAY_MS}
      from users u where u.email like 'bench%' and u.subscription_tier in ('basic', 'premium');`);
    sqlite
      .prepare(`
      with recursive m(k) as (select 0 union all select k + 1 from m where k + 1 < 12)
      insert into invoices (id, user_id, number, provider, provider_invoice_id, tier, description, amount_due, amount_paid,
        currency, status, period_start, period_end, customer_email, issued_at, paid_at)
      select printf('inv-%s-%d', u.id, m.k), u.id, printf('WB-B-%s-%02d', substr(u.id, 12), m.k), 'test',
        printf('in_bench_%s_%d', u.id, m.k), u.subscription_tier, 'Bench invoice',
        case u.subscription_tier when 'premium' then 999 else 599 end,
        case u.subscription_tier when 'premium' then 999 else 599 end, 'GBP', 'paid',
        u.trial_ends_at + m.k * 30 * ${DAY_MS}, u.trial_ends_at + (m.k + 1) * 30 * ${DAY_MS}, u.email,
        u.trial_ends_at + m.k * 30 * ${DAY_MS}, u.trial_ends_at + m.k * 30 * ${DAY_MS}
      from users u join m on u.trial_ends_at + m.k * 30 * ${DAY_MS} < ?
      where u.email like 'bench%' and u.subscription_tier in ('basic', 'premium')`)
      .run(now);
    // Reading: one book, one session per reader in the last 7 days, `events` events each.
    sqlite
      .prepare(`insert or ignore into books (id, slug, title, author, description, required_tier, created_at, updated_at)
        values ('bench-book', 'bench-book', 'Bench Book', 'Bench', 'A book for the benchmark', 'trial', ?, ?)`)
      .run(now, now);
    sqlite
      .prepare(`
      insert into reading_sessions (id, user_id, book_id, started_at, ended_at, created_at, updated_at)
      select 'rs-' || u.id, u.id, 'bench-book', ? - (abs(random()) % (7 * ${DAY_MS})), null, ?, ?
      from users u where u.email like 'bench%'`)
      .run(now, now, now);
    sqlite.exec(`update reading_sessions set ended_at = started_at + 20 * 60000 where id like 'rs-%'`);
    sqlite
      .prepare(`
      with recursive e(k) as (select 0 union all select k + 1 from e where k + 1 < ?)
      insert into reading_events (id, session_id, user_id, book_id, event_type, page_number, occurred_at, created_at)
      select s.id || '-' || e.k, s.id, s.user_id, s.book_id, 'page_view', e.k + 1, s.started_at + e.k * 60000, s.started_at
      from reading_sessions s join e where s.id like 'rs-%'`)
      .run(events);
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    throw error;
  }
  sqlite.exec('ANALYZE');
  const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return { readers, readingEvents: count('reading_events'), invoices: count('invoices') };
}

/** Median wall time of `runs` calls after two warm-ups, in milliseconds. */
function median(work: () => unknown, runs = 9): number {
  work();
  work();
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export interface TReportTiming {
  label: string;
  candidateMs: number;
  plainSqlMs: number;
  /** plain / candidate: 1 is as fast as the plain query, above 0.7 passes. */
  ratio: number;
  pass: boolean;
}

/** Times each report function against the same figures read with plain prepared statements. */
export function timeAdminReports(db: Db, now = new Date()): TReportTiming[] {
  const sqlite = db.$client;
  const at = now.getTime();
  const deps = { db, now: () => now };
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const today = now.toISOString().slice(0, 10);

  const plain = {
    mrr: sqlite.prepare('select sum(mrr_after - mrr_before) from mrr_movements where occurred_at < ?'),
    moves: sqlite.prepare(
      'select kind, sum(abs(mrr_after - mrr_before)) from mrr_movements where occurred_at >= ? and occurred_at < ? group by kind',
    ),
    subscribers: sqlite.prepare(
      "select tier, count(*) from billing_subscriptions where status in ('active', 'past_due') group by tier",
    ),
    trials: sqlite.prepare(
      "select count(*) from users where subscription_tier = 'trial' and coalesce(trial_ends_at, free_trial_ended_at) > ?",
    ),
    reading: sqlite.prepare(
      'select sum(ended_at - started_at) from reading_sessions where started_at >= ? and started_at <= ? and ended_at is not null',
    ),
    signups: sqlite.prepare('select created_at / 86400000, count(*) from users where created_at >= ? group by 1'),
    revenueMonth: sqlite.prepare(
      "select tier, count(*), sum(amount_paid) from invoices where paid_at >= ? and paid_at < ? and status = 'paid' group by tier",
    ),
    movesByMonth: sqlite.prepare(
      "select strftime('%Y-%m', occurred_at / 1000, 'unixepoch') as m, kind, count(*), sum(mrr_after - mrr_before) from mrr_movements where occurred_at >= ? and occurred_at < ? group by m, kind",
    ),
    trialsMonth: sqlite.prepare(
      `select count(*), sum(exists(select 1 from mrr_movements m where m.user_id = u.id and kind = 'new' and tier_before = 'trial'))
       from users u where coalesce(u.trial_ends_at, u.free_trial_ended_at) >= ? and coalesce(u.trial_ends_at, u.free_trial_ended_at) < ?
       and u.trial_started_at is not null`,
    ),
    page: sqlite.prepare(
      `select u.id, u.email, b.tier, b.current_period_end from users u left join billing_subscriptions b on b.user_id = u.id
       where b.id is not null or u.subscription_tier = 'trial' order by u.email limit 25`,
    ),
    // The list's size as a hand-written endpoint counts it with users_trial_accounts_idx (trial accounts only): every
    // subscription record plus the trial accounts without one, instead of visiting all 100,000 accounts.
    total: sqlite.prepare(
      `select (select count(*) from billing_subscriptions)
         + (select count(*) from users u indexed by users_trial_accounts_idx
            where u.subscription_tier = 'trial' and max(coalesce(u.trial_ends_at, 0), coalesce(u.free_trial_ended_at, 0)) > 0
              and not exists (select 1 from billing_subscriptions b where b.user_id = u.id))`,
    ),
  };
  plain.mrr.raw(true);
  const monthStarts = Array.from({ length: 13 }, (_, index) =>
    Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + index, 1),
  );

  const cases: [string, () => unknown, () => unknown][] = [
    [
      'overview (GET /api/admin/overview)',
      () => buildOverview(deps),
      () => {
        plain.mrr.get(at);
        plain.mrr.get(at - 30 * DAY_MS);
        plain.trialsMonth.get(at - 30 * DAY_MS, at);
        plain.moves.all(at - 30 * DAY_MS, at);
        plain.subscribers.all();
        plain.trials.get(at);
        plain.reading.get(at - 7 * DAY_MS, at);
        plain.signups.all(at - 30 * DAY_MS);
      },
    ],
    [
      'financial report, 12 months (GET /api/admin/reports/financial)',
      () => buildFinancialReport(deps, { range: { from: yearAgo, to: today } }),
      () => {
        // The same figures with the same indexed statements, straight on better-sqlite3.
        for (const [index, start] of monthStarts.entries()) {
          const end = Math.min(monthStarts[index + 1] ?? at, at);
          plain.revenueMonth.all(start, end);
          plain.trialsMonth.get(start, end);
        }
        plain.mrr.get(monthStarts[0]);
        plain.movesByMonth.all(monthStarts[0], at);
      },
    ],
    [
      'subscriptions list, first page (GET /api/admin/subscriptions)',
      () =>
        listSubscriptions(deps, {
          query: { page: 1, pageSize: 25, sort: 'email', order: 'asc', search: undefined },
        }),
      () => {
        plain.total.get();
        plain.page.all();
      },
    ],
  ];
  return cases.map(([label, candidate, baseline]) => {
    const candidateMs = median(candidate);
    const plainSqlMs = median(baseline);
    const ratio = round2(plainSqlMs / candidateMs);
    return {
      label,
      candidateMs: round2(candidateMs),
      plainSqlMs: round2(plainSqlMs),
      ratio,
      pass: ratio >= TARGET_RATIO && candidateMs < TARGET_MS,
    };
  });
}

/** `npm run bench admin-reports`: seeds its own database at volume and prints the figures. */
export async function benchAdminReports() {
  const { dataDir, deps } = createBenchDeps('admin-reports');
  const started = performance.now();
  const volume = seedMoneyVolume(deps.db);
  const seedMs = Math.round(performance.now() - started);
  const timings = timeAdminReports(deps.db);
  const file = writeResult('admin-reports', {
    volume,
    seedMs,
    targets: { ratio: TARGET_RATIO, ms: TARGET_MS },
    timings,
  });
  deps.db.$client.close();
  const fs = await import('node:fs');
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { volume, seedMs, timings, file };
}
