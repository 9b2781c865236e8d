/**
 * Loads a reader's entitlement state (user, current cycle, active selections, active loans) from the
 * database, runs the pure rules of shared/entitlement.ts over it and, when asked, writes the outcome:
 * closes/opens user_subscription_cycles rows, deactivates selections that drop off at a cycle change and
 * revokes loans the reader may no longer read. Callers hold a BEGIN IMMEDIATE transaction when writing.
 * Used by the selections, entitlements and loans routes (on demand) and by the scheduled jobs.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  reconcileEntitlements,
  type TCycleState,
  type TEntitlementSync,
  type TLoanState,
  type TSelectionState,
} from '@shared/entitlement';
import type { TBookTier, TSubscriptionTier } from '@shared/tiers';
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import {
  books,
  loans,
  subscriptionPlans,
  systemConfig,
  userSelectedBooks,
  userSubscriptionCycles,
  users,
} from '../../db/schema';
import { notFound, notSignedIn } from '../../lib/app-error';
import { createReadCache, type TTrackedTable } from '../../db/read-cache';
import { revokeLicensesOfLoans } from '../license-revocation/license-revocation';

export type TUserRow = typeof users.$inferSelect;
export type TBookRow = typeof books.$inferSelect;

/** Documented defaults of the seed (system_config); a super admin's value wins when present and sane. */
const CONFIG_DEFAULTS = {
  basic_lock_days: 30,
  offline_device_cap_trial: 0,
  offline_device_cap_basic: 2,
  offline_device_cap_premium: 5,
} as const;

/** The entitlement check runs on every book open and pick, so its queries are prepared once per connection. */
const statements = perConnection((db) => ({
  config: db
    .select({ value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.key, sql.placeholder('key')))
    .prepare(),
  activePlans: db
    .select({ tier: subscriptionPlans.tier, bookLimit: subscriptionPlans.bookLimit })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .prepare(),
  bookById: db
    .select()
    .from(books)
    .where(eq(books.id, sql.placeholder('ref')))
    .prepare(),
  bookBySlug: db
    .select()
    .from(books)
    .where(eq(books.slug, sql.placeholder('ref')))
    .prepare(),
  user: db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(),
  activeCycle: db
    .select()
    .from(userSubscriptionCycles)
    .where(and(eq(userSubscriptionCycles.userId, sql.placeholder('userId')), eq(userSubscriptionCycles.isActive, true)))
    .prepare(),
  activeSelections: db
    .select()
    .from(userSelectedBooks)
    .where(and(eq(userSelectedBooks.userId, sql.placeholder('userId')), eq(userSelectedBooks.isActive, true)))
    .prepare(),
  activeLoans: db
    .select({ id: loans.id, bookId: loans.bookId, requiredTier: books.requiredTier })
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(and(eq(loans.userId, sql.placeholder('userId')), eq(loans.status, 'active')))
    .prepare(),
}));

function readNumberConfig(db: Db, key: keyof typeof CONFIG_DEFAULTS): number {
  const raw = statements(db).config.get({ key })?.value;
  const value = Number(raw);
  return raw !== undefined && Number.isInteger(value) && value >= 0 ? value : CONFIG_DEFAULTS[key];
}

export function basicLockDays(db: Db): number {
  return readNumberConfig(db, 'basic_lock_days');
}

export function offlineDeviceCap(db: Db, tier: TSubscriptionTier): number {
  if (tier === 'free') return 0;
  return readNumberConfig(db, `offline_device_cap_${tier}`);
}

export const BOOK_LOOKUP_TABLES = ['books'] as const satisfies readonly TTrackedTable[];
const bookCache = createReadCache(5_000, { tables: BOOK_LOOKUP_TABLES });

/** A published book by uuid or slug, or 404. Cached while the books table is unchanged (book opens repeat). */
export function findBook(db: Db, ref: string): TBookRow {
  const book = bookCache.read(db, `book:${ref}`, () => lookUpBook(db, ref));
  if (!book) throw notFound('Book');
  return book;
}

/** A published book by uuid or slug, or null (uncached). */
export function lookUpBook(db: Db, ref: string): TBookRow | null {
  const book = statements(db).bookById.get({ ref }) ?? statements(db).bookBySlug.get({ ref }) ?? null;
  return book?.isPublished ? book : null;
}

export function loadUser(db: Db, userId: string): TUserRow {
  const user = statements(db).user.get({ userId });
  if (!user) throw notSignedIn();
  return user;
}

const ms = (value: Date | null) => (value === null ? null : value.getTime());

export interface TEntitlementState {
  user: TUserRow;
  now: number;
  lockDays: number;
  sync: TEntitlementSync;
  /** Whether the sync changed anything (something was or would be written). */
  changed: boolean;
}

/**
 * The reader's state after the rules at `now`. With `write`, the changes are stored (call inside
 * immediateTransaction); without, they are only projected (for GETs, which never write).
 */
/** Everything the rules read about one reader; plain data, so it can be cached between requests. */
export interface TEntitlementInputs {
  user: TUserRow;
  cycle: TCycleState | null;
  selections: TSelectionState[];
  loans: TLoanState[];
  bookLimitByTier: ReadonlyMap<string, number>;
  lockDays: number;
}

export function loadEntitlementInputs(db: Db, userId: string): TEntitlementInputs {
  const user = loadUser(db, userId);
  const cycleRow = statements(db).activeCycle.get({ userId });
  return {
    user,
    cycle: cycleRow
      ? {
          id: cycleRow.id,
          tier: cycleRow.tier,
          cycleStart: cycleRow.cycleStart.getTime(),
          cycleEnd: cycleRow.cycleEnd.getTime(),
          booksSelectedCount: cycleRow.booksSelectedCount,
          maxBooks: cycleRow.maxBooks,
        }
      : null,
    selections: statements(db)
      .activeSelections.all({ userId })
      .map((row) => ({
        id: row.id,
        bookId: row.bookId,
        selectedAt: row.selectedAt.getTime(),
        lockedUntil: ms(row.lockedUntil),
        cycleId: row.cycleId,
      })),
    loans: statements(db).activeLoans.all({ userId }),
    bookLimitByTier: new Map(
      statements(db)
        .activePlans.all()
        .map((row) => [row.tier, row.bookLimit]),
    ),
    lockDays: basicLockDays(db),
  };
}

/** The tables loadEntitlementInputs reads (a test checks the list against the queries it runs). */
export const ENTITLEMENT_INPUT_TABLES = [
  'users',
  'user_subscription_cycles',
  'user_selected_books',
  'loans',
  'books',
  'subscription_plans',
  'system_config',
] as const satisfies readonly TTrackedTable[];

/**
 * Book opens, chunk reads and sync batches ask the same question many times a second for one reader.
 * The rows behind the answer are cached while the tables they come from are unchanged (read-cache.ts);
 * the rules themselves run again on every call, so time boundaries (trial end, cycle end, lock end) are
 * never served stale.
 */
const inputsCache = createReadCache(2_000, { tables: ENTITLEMENT_INPUT_TABLES });

export function cachedEntitlementInputs(db: Db, userId: string): TEntitlementInputs {
  return inputsCache.read(db, `entitlement:${userId}`, () => loadEntitlementInputs(db, userId));
}

/**
 * The reader's state after the rules at `now`. With `write`, the changes are stored (call inside
 * immediateTransaction); without, they are only projected (for GETs, which never write).
 */
export function syncEntitlements(options: { db: Db; userId: string; now: Date; write: boolean }): TEntitlementState {
  const { db, userId, write } = options;
  const state = evaluateEntitlements(cachedEntitlementInputs(db, userId), options.now);
  if (write && state.changed) applySync(db, userId, state.sync, options.now);
  return state;
}

/** The pure rules over loaded inputs at `now` (no reads, no writes). */
export function evaluateEntitlements(inputs: TEntitlementInputs, at: Date): TEntitlementState {
  const now = at.getTime();
  const { user, bookLimitByTier } = inputs;
  const bookLimitFor = (tier: TBookTier) => bookLimitByTier.get(tier) ?? (tier === 'premium' ? -1 : 0);
  // The rules may hand back (and applySync may update) the cycle object: give them copies, never the cache's.
  const cycle = inputs.cycle ? { ...inputs.cycle } : null;
  const selections = inputs.selections.map((selection) => ({ ...selection }));
  const activeLoans = inputs.loans.map((loan) => ({ ...loan }));
  const sync = reconcileEntitlements({
    user,
    now,
    cycle,
    selections,
    loans: activeLoans,
    bookLimitFor,
    lockDays: inputs.lockDays,
  });
  const changed =
    sync.closeCycleId !== null ||
    sync.openCycle !== null ||
    sync.dropSelectionIds.length > 0 ||
    sync.carrySelections.length > 0 ||
    sync.revokeLoans.length > 0;
  return { user, now, lockDays: inputs.lockDays, sync, changed };
}

function applySync(db: Db, userId: string, sync: TEntitlementSync, now: Date): void {
  if (sync.closeCycleId) {
    db.update(userSubscriptionCycles)
      .set({ isActive: false })
      .where(eq(userSubscriptionCycles.id, sync.closeCycleId))
      .run();
  }
  if (sync.openCycle) {
    const { tier, cycleStart, cycleEnd, maxBooks, booksSelectedCount } = sync.openCycle;
    const row = db
      .insert(userSubscriptionCycles)
      .values({
        userId,
        tier,
        cycleStart: new Date(cycleStart),
        cycleEnd: new Date(cycleEnd),
        maxBooks,
        booksSelectedCount,
      })
      .returning({ id: userSubscriptionCycles.id })
      .get();
    if (sync.cycle) sync.cycle.id = row.id;
    for (const carried of sync.carrySelections) {
      db.update(userSelectedBooks)
        .set({ lockedUntil: new Date(carried.lockedUntil), cycleId: row.id, subscriptionTier: tier })
        .where(eq(userSelectedBooks.id, carried.id))
        .run();
    }
    // Their loans were trial loans ending with the trial; now they are the plan's, open-ended like any Basic loan.
    if (sync.carrySelections.length > 0) {
      db.update(loans)
        .set({ loanType: 'subscription', expiresAt: null })
        .where(and(eq(loans.userId, userId), eq(loans.status, 'active'), eq(loans.loanType, 'trial')))
        .run();
    }
  }
  if (sync.dropSelectionIds.length > 0) {
    db.update(userSelectedBooks)
      .set({ isActive: false, deselectedAt: now })
      .where(inArray(userSelectedBooks.id, sync.dropSelectionIds))
      .run();
  }
  for (const { id, reason } of sync.revokeLoans) {
    db.update(loans)
      .set({ status: 'revoked', revokedAt: now, revokeReason: reason })
      .where(and(eq(loans.id, id), eq(loans.status, 'active')))
      .run();
  }
  // A revoked loan's licences end with it, in the same transaction (docs/ARCHITECTURE.md#protected-content).
  revokeLicensesOfLoans(
    db,
    sync.revokeLoans.map((loan) => loan.id),
    now,
  );
}
