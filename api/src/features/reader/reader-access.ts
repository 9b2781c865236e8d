/**
 * "May this reader read this book now?" for the reader's frequent requests (every chunk, search,
 * copy event). The answer is the same rules openLoan applies (syncEntitlements projected without
 * writing, then canReadBook), memoised per (user, book):
 * - in the database read cache, so any write anywhere (a plan change, a revoked loan, a dropped
 *   selection, another worker's commit) forgets every memo before the next request;
 * - for at most ACCESS_MEMO_MS, and never past the moment the reader's access ends, so rules that
 *   change with time alone (trial end, cycle change) are seen within that window.
 * Refusals are not memoised: a refused reader usually goes and subscribes, and must not wait.
 */
import { accessValidUntil, canReadBook } from '@shared/entitlement';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { ENTITLEMENT_INPUT_TABLES, findBook, syncEntitlements, type TBookRow } from '../selections/entitlement-state';
import { refusalError } from '../selections/selections.service';

export const ACCESS_MEMO_MS = 30_000;

interface TAccessMemo {
  book: TBookRow;
  /** Epoch ms after which the memo must not be used (access end), or null. */
  validUntil: number | null;
}

const accessMemos = createReadCache(10_000, { tables: ENTITLEMENT_INPUT_TABLES });

/** Only reads ENTITLEMENT_INPUT_TABLES (findBook reads books). */
export function decide(db: Db, userId: string, bookRef: string, now: Date): TAccessMemo {
  const book = findBook(db, bookRef);
  const state = syncEntitlements({ db, userId, now, write: false });
  const decision = canReadBook(state.user, book, state.sync.selections, state.now);
  if (!decision.ok) throw refusalError(decision, 402);
  const until = accessValidUntil(state.user);
  return { book, validUntil: until !== null && until > state.now ? until : null };
}

/**
 * The book (published, by uuid or slug) when the reader may read it; 404 for an unknown book, 402 with
 * the rule's message when not entitled. Never writes: loans are opened by POST /api/loans.
 */
export function assertCanRead(options: { db: Db; userId: string; bookRef: string; now: Date }): TBookRow {
  const { db, userId, bookRef, now } = options;
  const at = now.getTime();
  const key = `${userId}|${bookRef}|${Math.floor(at / ACCESS_MEMO_MS)}`;
  const memo = accessMemos.read(db, key, () => decide(db, userId, bookRef, now));
  if (memo.validUntil !== null && at >= memo.validUntil) return decide(db, userId, bookRef, now).book;
  return memo.book;
}
