/**
 * A cache keyed on table generations is only correct if its loader reads nothing but the tables it
 * names: a table left off the list would let the cache serve rows that have changed. Each loader runs
 * here on a fresh connection while every executed statement is recorded, and the tables the SQL names
 * must be among the cache's tables.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext } from './test-utils';
import { createBook, createPlan } from './test-factories';
import { insertUser, signIn } from './features/profile/profile-test-support';
import { findSessionUser, SESSION_LOOKUP_TABLES } from './features/auth/session.service';
import {
  BOOK_LOOKUP_TABLES,
  ENTITLEMENT_INPUT_TABLES,
  loadEntitlementInputs,
  lookUpBook,
} from './features/selections/entitlement-state';
import { loadBookOpenSnapshot, openLoan } from './features/loans/loans.service';
import { decide } from './features/reader/reader-access';
import { READER_CONFIG_TABLES, readerConfig } from './features/reader/reader-config';
import { OFFLINE_SETTINGS_TABLES, offlineSettings } from './features/devices/offline-settings';
import { BOOK_SORTS } from '@shared/catalogue';
import { ZBookListQuery } from '@shared/catalogue.schemas';
import { CATALOGUE_TABLES, getBookDetail, listBooks, listCategories } from './features/catalogue/catalogue.service';
import { loans, userSelectedBooks, userSubscriptionCycles } from './db/schema';
import type { TTrackedTable } from './db/read-cache';

type TStatement = Record<'get' | 'all' | 'run' | 'iterate', (...args: unknown[]) => unknown> & { source: string };
const METHODS = ['get', 'all', 'run', 'iterate'] as const;
let restore: (() => void) | null = null;

afterEach(() => restore?.());

/** The SQL of every statement `work` executes on `db`'s connection. */
function executedSql(db: ReturnType<typeof createTestContext>['db'], work: () => unknown): string[] {
  const prototype = Object.getPrototypeOf(db.$client.prepare('select 1')) as TStatement;
  const originals = METHODS.map((method) => prototype[method]);
  const seen: string[] = [];
  METHODS.forEach((method, index) => {
    prototype[method] = function record(this: TStatement, ...args: unknown[]) {
      seen.push(this.source);
      return originals[index].apply(this, args);
    };
  });
  restore = () => {
    for (const [index, method] of METHODS.entries()) prototype[method] = originals[index];
  };
  try {
    work();
  } finally {
    restore();
    restore = null;
  }
  return seen;
}

function tablesNamed(db: ReturnType<typeof createTestContext>['db'], statements: string[]): string[] {
  const all = db.$client
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  const named = new Set<string>();
  for (const sql of statements) {
    for (const table of all) {
      if (new RegExp(`(^|[^A-Za-z0-9_])${table}([^A-Za-z0-9_]|$)`).test(sql)) named.add(table);
    }
  }
  named.delete('cache_generations'); // the caches' own validity check
  return [...named].sort();
}

async function fixture() {
  const t = createTestContext();
  createPlan(t.db, { tier: 'basic', bookLimit: 10 });
  createPlan(t.db, { tier: 'premium', bookLimit: -1 });
  const now = new Date();
  const user = await insertUser(t.db, {
    subscriptionTier: 'basic',
    subscriptionStatus: 'active',
    subscriptionCurrentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
  const book = createBook(t.db, { requiredTier: 'basic', skipIndex: true });
  const cycle = t.db
    .insert(userSubscriptionCycles)
    .values({
      userId: user.id,
      tier: 'basic',
      cycleStart: now,
      cycleEnd: new Date(now.getTime() + 30 * 86_400_000),
      maxBooks: 10,
      booksSelectedCount: 1,
    })
    .returning()
    .get();
  t.db
    .insert(userSelectedBooks)
    .values({ userId: user.id, bookId: book.id, cycleId: cycle.id, subscriptionTier: 'basic', selectedAt: now })
    .run();
  openLoan({ db: t.db, userId: user.id, bookRef: book.id, now });
  expect(t.db.select().from(loans).all()).toHaveLength(1);
  const { token } = signIn(t.db, user.id, now);
  return { ...t, user, book, token, now };
}

describe('cached loaders read only the tables their cache is keyed on', () => {
  const cases: {
    name: string;
    tables: readonly TTrackedTable[];
    run: (f: Awaited<ReturnType<typeof fixture>>) => unknown;
  }[] = [
    {
      name: 'session lookup',
      tables: SESSION_LOOKUP_TABLES,
      run: (f) => findSessionUser({ db: f.db, token: f.token, now: f.now }),
    },
    { name: 'book lookup', tables: BOOK_LOOKUP_TABLES, run: (f) => lookUpBook(f.db, f.book.slug) },
    {
      name: 'entitlement inputs',
      tables: ENTITLEMENT_INPUT_TABLES,
      run: (f) => loadEntitlementInputs(f.db, f.user.id),
    },
    {
      name: 'book open snapshot',
      tables: ENTITLEMENT_INPUT_TABLES,
      run: (f) => loadBookOpenSnapshot(f.db, f.user.id, f.book.id),
    },
    {
      name: 'reader access decision',
      tables: ENTITLEMENT_INPUT_TABLES,
      run: (f) => decide(f.db, f.user.id, f.book.id, f.now),
    },
    { name: 'reader settings', tables: READER_CONFIG_TABLES, run: (f) => readerConfig(f.db) },
    { name: 'offline settings', tables: OFFLINE_SETTINGS_TABLES, run: (f) => offlineSettings(f.db) },
    { name: 'book detail', tables: CATALOGUE_TABLES, run: (f) => getBookDetail({ db: f.db, idOrSlug: f.book.slug }) },
    { name: 'categories', tables: CATALOGUE_TABLES, run: (f) => listCategories({ db: f.db }) },
    {
      name: 'browsing without a search term (every sort, every filter)',
      tables: CATALOGUE_TABLES,
      run: (f) =>
        BOOK_SORTS.map((sort) =>
          listBooks({
            db: f.db,
            query: ZBookListQuery.parse({ sort, author: 'Ada', category: 'poetry', tier: 'basic', featured: 'true' }),
          }),
        ),
    },
  ];

  for (const { name, tables, run } of cases) {
    it(name, async () => {
      const f = await fixture();
      const statements = executedSql(f.db, () => expect(run(f)).toBeTruthy());
      expect(statements.length).toBeGreaterThan(0);
      const named = tablesNamed(f.db, statements);
      expect(named.length).toBeGreaterThan(0);
      expect(named.filter((table) => !tables.includes(table as TTrackedTable))).toEqual([]);
    });
  }
});
