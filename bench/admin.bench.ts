/**
 * Benchmark figure: the back office's users table at volume (docs/product/back-office.md#users). A temporary database
 * gets 100,000 users and 1,000,000 reading events (`seedAdminVolume`, exported for the reports benchmark), then each
 * users-table query (text search, short prefix, filters, sorts, a deep page) runs through the real service
 * (`listUsers`: zod parse of the query string, count and page queries, row mapping) and, in the same run, as the plain
 * indexed SQLite statements a hand-written endpoint would prepare once. Printed: median milliseconds of each (target:
 * a page under 50 ms) and the ratio plain / service (target ≥ 0.7x).
 */
import fs from 'node:fs';
import { ZAdminUsersQuery } from '../shared/admin-users.schemas';
import type { Db } from '../api/src/db/client';
import { listUsers } from '../api/src/features/admin-users/admin-users.service';
import { createManyBooks } from '../api/src/test-factories';
import { createBenchDeps, round2, writeResult } from './lib';

export const ADMIN_BENCH_USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
export const ADMIN_BENCH_EVENTS = Number(process.env.BENCH_ADMIN_EVENTS ?? 1_000_000);
const TARGET_RATIO = 0.7;
const TARGET_PAGE_MS = 50;
const ITERATIONS = Number(process.env.BENCH_ADMIN_ITERATIONS ?? 30);

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Maya', 'Priya', 'Tom', 'Bea', 'Sam', 'Eddie', 'Sophie', 'Omar', 'Lena'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Patel', 'Shah', 'Hughes', 'Fraser', 'Smith', 'Ward', 'Jones'];
const TIERS = ['free', 'trial', 'basic', 'premium'] as const;
const STATUSES = ['active', 'inactive', 'cancelled', 'past_due'] as const;
const EVENT_TYPES = ['open_book', 'page_view', 'page_view', 'page_view', 'progress_update', 'finish_book'] as const;

/**
 * Fills `db` with `users` readers (a year of sign-ups, mixed plans and roles), `books` books, one reading session per
 * reader and `events` reading events spread over the last year. Deterministic. Returns the ids made.
 */
export function seedAdminVolume(
  db: Db,
  options: { users?: number; events?: number; books?: number; now?: number } = {},
): { userIds: string[]; bookIds: string[] } {
  const userCount = options.users ?? ADMIN_BENCH_USERS;
  const eventCount = options.events ?? ADMIN_BENCH_EVENTS;
  const now = options.now ?? Date.now();
  const yearMs = 365 * 86_400_000;
  const bookIds = createManyBooks(db, options.books ?? 200).map((book) => book.id);
  const sqlite = db.$client;
  const userIds: string[] = [];
  const insertUser = sqlite.prepare(
    `insert into users (id, email, first_name, last_name, username, subscription_tier, subscription_status, role,
       is_active, email_verified, created_at, updated_at, last_login_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let index = 0; index < userCount; index += 1) {
      const id = `u-${index.toString(36).padStart(6, '0')}-${(index * 7919).toString(36)}`;
      const first = FIRST_NAMES[index % FIRST_NAMES.length];
      const last = LAST_NAMES[(index * 7) % LAST_NAMES.length];
      const created = now - Math.floor((((index * 2654435761) % 1_000_000) / 1_000_000) * yearMs);
      insertUser.run(
        id,
        `${first.toLowerCase()}.${last.toLowerCase()}.${index}@example.com`,
        first,
        `${last}${index % 97 === 0 ? 'son' : ''}`,
        `${first.toLowerCase()}_${index}`,
        TIERS[index % TIERS.length],
        STATUSES[Math.floor(index / 4) % STATUSES.length],
        index % 500 === 0 ? 'admin' : 'user',
        index % 50 === 0 ? 0 : 1,
        index % 9 === 0 ? 0 : 1,
        created,
        created,
        index % 3 === 0 ? null : created + 86_400_000,
      );
      userIds.push(id);
    }
  })();
  const insertSession = sqlite.prepare(
    'insert into reading_sessions (id, user_id, book_id, started_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
  );
  const insertEvent = sqlite.prepare(
    `insert into reading_events (id, session_id, user_id, book_id, event_type, page_number, progress_pct, duration_ms,
       occurred_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const perSession = Math.max(1, Math.ceil(eventCount / Math.max(1, userIds.length)));
  let made = 0;
  sqlite.transaction(() => {
    for (let index = 0; index < userIds.length && made < eventCount; index += 1) {
      const sessionId = `s-${index.toString(36)}`;
      const bookId = bookIds[index % bookIds.length];
      const started = now - ((index * 104729) % yearMs);
      insertSession.run(sessionId, userIds[index], bookId, started, started, started);
      for (let step = 0; step < perSession && made < eventCount; step += 1, made += 1) {
        insertEvent.run(
          `e-${made.toString(36)}`,
          sessionId,
          userIds[index],
          bookId,
          EVENT_TYPES[made % EVENT_TYPES.length],
          step + 1,
          Math.min(100, step * 3),
          30_000 + (made % 90_000),
          started + step * 60_000,
        );
      }
    }
  })();
  sqlite.exec('analyze');
  return { userIds, bookIds };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(work: () => unknown): number {
  // Warm up (statement caches, page cache), then the median of the timed runs.
  for (let index = 0; index < 3; index += 1) work();
  const samples: number[] = [];
  for (let index = 0; index < ITERATIONS; index += 1) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return round2(median(samples));
}

interface TScenario {
  name: string;
  /** The query string as the browser sends it. */
  params: Record<string, string>;
  /** The same page as plain SQL: a count and a page select, prepared once. */
  plain: { where: string; order: string; args: unknown[]; offset: number };
}

const COLUMNS = `id, email, username, first_name, last_name, role, subscription_tier, subscription_status, is_active,
  email_verified, created_at, last_login_at`;

export async function benchAdmin() {
  const { dataDir, deps } = createBenchDeps('admin');
  const { db } = deps;
  try {
    const seedStart = performance.now();
    seedAdminVolume(db);
    const seedMs = Math.round(performance.now() - seedStart);
    const fts = `id in (select user_id from users_fts where users_fts match ?)`;
    const scenarios: TScenario[] = [
      {
        name: 'newest sign-ups, page 1',
        params: {},
        plain: { where: '1', order: 'created_at desc, id desc', args: [], offset: 0 },
      },
      {
        name: 'search "lovelace" (trigram)',
        params: { q: 'lovelace' },
        plain: { where: fts, order: 'created_at desc, id desc', args: ['"lovelace"'], offset: 0 },
      },
      {
        name: 'search e-mail ".4242@" (trigram)',
        params: { q: '.4242@' },
        plain: { where: fts, order: 'created_at desc, id desc', args: ['".4242@"'], offset: 0 },
      },
      {
        name: 'prefix "gr" (two characters)',
        params: { q: 'gr' },
        plain: {
          where: `(email like ? escape '\\' or username like ? escape '\\' or first_name like ? escape '\\' or last_name like ? escape '\\')`,
          order: 'created_at desc, id desc',
          args: ['gr%', 'gr%', 'gr%', 'gr%'],
          offset: 0,
        },
      },
      {
        name: 'premium + active, newest',
        params: { tier: 'premium', status: 'active' },
        plain: {
          where: 'subscription_tier = ? and subscription_status = ?',
          order: 'created_at desc, id desc',
          args: ['premium', 'active'],
          offset: 0,
        },
      },
      {
        name: 'deactivated, unverified',
        params: { active: 'false', verified: 'false' },
        plain: {
          where: 'is_active = ? and email_verified = ?',
          order: 'created_at desc, id desc',
          args: [0, 0],
          offset: 0,
        },
      },
      {
        name: 'sort by e-mail, page 40',
        params: { sort: 'email', order: 'asc', page: '40' },
        plain: { where: '1', order: 'email asc', args: [], offset: 39 * 25 },
      },
      {
        name: 'sort by last sign-in, page 1',
        params: { sort: 'lastLoginAt', order: 'desc' },
        plain: { where: '1', order: 'last_login_at desc, id desc', args: [], offset: 0 },
      },
    ];
    const results = scenarios.map((scenario) => {
      const count = db.$client.prepare(`select count(*) as n from users where ${scenario.plain.where}`);
      const page = db.$client.prepare(
        `select ${COLUMNS} from users where ${scenario.plain.where} order by ${scenario.plain.order} limit 25 offset ${scenario.plain.offset}`,
      );
      const plainMs = time(() => {
        count.get(...scenario.plain.args);
        page.all(...scenario.plain.args);
      });
      const serviceMs = time(() => listUsers({ db, query: ZAdminUsersQuery.parse(scenario.params) }));
      const total = listUsers({ db, query: ZAdminUsersQuery.parse(scenario.params) }).total;
      return { name: scenario.name, total, serviceMs, plainMs, ratio: round2(plainMs / Math.max(serviceMs, 0.001)) };
    });
    const summary = {
      users: ADMIN_BENCH_USERS,
      readingEvents: ADMIN_BENCH_EVENTS,
      seedMs,
      iterations: ITERATIONS,
      targets: { ratioAtLeast: TARGET_RATIO, pageUnderMs: TARGET_PAGE_MS },
      results,
    };
    writeResult('admin', summary);
    return summary;
  } finally {
    db.$client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
