/**
 * Copy protection (user_copy_tracking; docs/product/copy-budget.md#copy-limit; the sync rule "copy counters =
 * per-device max, then sum" of docs/ARCHITECTURE.md#sync). A reader may copy at most floor(totalCharacters *
 * max_copy_percentage / 100) characters of a book in total, counted by the server.
 *
 * Counters live in user_copy_device_counters, one row per source:
 * - ONLINE_COPY_SOURCE for copies the online reader reports (POST /api/books/:id/copy-events); each
 *   event is refused whole when it would pass the limit, so nothing over the limit is ever stored;
 * - one row per offline device (offline sync), holding that device's running total, merged with max
 *   because offline copies have already happened and can only be recorded.
 * user_copy_tracking keeps the sum and the derived fields the reader and admin screens read. Every
 * write runs in one BEGIN IMMEDIATE transaction, so two tabs copying at once cannot both pass the limit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { COPY_LIMIT_UNLIMITED, READER_MESSAGES, type TCopyBudget } from '@shared/reader';
import { immediateTransaction, type Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { userCopyDeviceCounters, userCopyTracking } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { readerConfig } from './reader-config';

/** The counter row of copies reported by the online reader (device rows use the device's uuid). */
export const ONLINE_COPY_SOURCE = 'online';

const statements = perConnection((db) => ({
  tracking: db
    .select()
    .from(userCopyTracking)
    .where(
      and(
        eq(userCopyTracking.userId, sql.placeholder('userId')),
        eq(userCopyTracking.bookId, sql.placeholder('bookId')),
      ),
    )
    .prepare(),
  counter: db
    .select({ charactersCopied: userCopyDeviceCounters.charactersCopied })
    .from(userCopyDeviceCounters)
    .where(
      and(
        eq(userCopyDeviceCounters.userId, sql.placeholder('userId')),
        eq(userCopyDeviceCounters.bookId, sql.placeholder('bookId')),
        eq(userCopyDeviceCounters.deviceId, sql.placeholder('deviceId')),
      ),
    )
    .prepare(),
  counterSum: db
    .select({ total: sql<number>`coalesce(sum(${userCopyDeviceCounters.charactersCopied}), 0)` })
    .from(userCopyDeviceCounters)
    .where(
      and(
        eq(userCopyDeviceCounters.userId, sql.placeholder('userId')),
        eq(userCopyDeviceCounters.bookId, sql.placeholder('bookId')),
      ),
    )
    .prepare(),
}));

export interface TCopyRules {
  enabled: boolean;
  maxCopyPercentage: number;
}

export function copyRules(db: Db): TCopyRules {
  const config = readerConfig(db);
  return { enabled: config.copyProtectionEnabled, maxCopyPercentage: config.maxCopyPercentage };
}

/** Characters the reader may copy from a book of `totalCharacters`; COPY_LIMIT_UNLIMITED when protection is off. */
export function copyLimit(totalCharacters: number, rules: TCopyRules): number {
  if (!rules.enabled) return COPY_LIMIT_UNLIMITED;
  return Math.floor((totalCharacters * rules.maxCopyPercentage) / 100);
}

function toBudget(used: number, limit: number): TCopyBudget {
  return { used, limit, isLimitReached: limit !== COPY_LIMIT_UNLIMITED && used >= limit };
}

interface TCopyTarget {
  db: Db;
  userId: string;
  bookId: string;
  /** Characters of extracted text in the book's current version (pdf_assets.total_characters). */
  totalCharacters: number;
}

export function getCopyBudget(options: TCopyTarget): TCopyBudget {
  const { db, userId, bookId, totalCharacters } = options;
  const row = statements(db).tracking.get({ userId, bookId });
  return toBudget(row?.totalCharactersCopied ?? 0, copyLimit(totalCharacters, copyRules(db)));
}

/** Stores `source`'s new counter, re-sums the book's total and refreshes user_copy_tracking. Call inside a transaction. */
function storeCounter(
  options: TCopyTarget & { source: string; charactersCopied: number; now: Date; rules: TCopyRules },
): TCopyBudget {
  const { db, userId, bookId, source, charactersCopied, now, rules, totalCharacters } = options;
  db.insert(userCopyDeviceCounters)
    .values({ userId, bookId, deviceId: source, charactersCopied })
    .onConflictDoUpdate({
      target: [userCopyDeviceCounters.userId, userCopyDeviceCounters.bookId, userCopyDeviceCounters.deviceId],
      set: { charactersCopied, updatedAt: now },
    })
    .run();
  const used = statements(db).counterSum.get({ userId, bookId })?.total ?? 0;
  const limit = copyLimit(totalCharacters, rules);
  const budget = toBudget(used, limit);
  const values = {
    totalCharactersCopied: used,
    totalBookCharacters: totalCharacters,
    copyPercentage: totalCharacters > 0 ? Math.min(100, Math.round((used / totalCharacters) * 10_000) / 100) : 0,
    maxCopyPercentage: rules.maxCopyPercentage,
    lastCopyAt: now,
    isLimitReached: budget.isLimitReached,
  };
  db.insert(userCopyTracking)
    .values({ userId, bookId, ...values })
    .onConflictDoUpdate({
      target: [userCopyTracking.userId, userCopyTracking.bookId],
      set: { ...values, updatedAt: now },
    })
    .run();
  return budget;
}

/**
 * The online reader copied `characters`: counted when the total stays within the limit, otherwise
 * refused with 422 and the reader's message, storing nothing.
 */
export function recordCopyEvent(options: TCopyTarget & { characters: number; now: Date }): TCopyBudget {
  const { db, userId, bookId, characters } = options;
  const outcome = immediateTransaction(db, () => {
    const rules = copyRules(db);
    const limit = copyLimit(options.totalCharacters, rules);
    const used = statements(db).tracking.get({ userId, bookId })?.totalCharactersCopied ?? 0;
    if (limit !== COPY_LIMIT_UNLIMITED && used + characters > limit) return null;
    const online = statements(db).counter.get({ userId, bookId, deviceId: ONLINE_COPY_SOURCE })?.charactersCopied ?? 0;
    return storeCounter({ ...options, source: ONLINE_COPY_SOURCE, charactersCopied: online + characters, rules });
  });
  if (!outcome) throw new AppError('copy_limit_reached', 422, READER_MESSAGES.copyLimitReached);
  return outcome;
}

/**
 * An offline device reports its running total of copied characters for a book (offline sync). Kept as
 * the max of what the device ever reported (reports can arrive out of order or twice), then summed.
 * The copies already happened, so this never refuses; the total may pass the limit and the budget
 * then reports isLimitReached. Call inside the sync's BEGIN IMMEDIATE transaction.
 */
export function mergeDeviceCopyCounter(
  options: TCopyTarget & { deviceId: string; charactersCopied: number; now: Date },
): TCopyBudget {
  const { db, userId, bookId, deviceId } = options;
  if (deviceId === ONLINE_COPY_SOURCE) throw new Error('mergeDeviceCopyCounter needs a device id');
  const previous = statements(db).counter.get({ userId, bookId, deviceId })?.charactersCopied ?? 0;
  return storeCounter({
    ...options,
    source: deviceId,
    charactersCopied: Math.max(previous, Math.max(0, Math.floor(options.charactersCopied))),
    rules: copyRules(db),
  });
}
