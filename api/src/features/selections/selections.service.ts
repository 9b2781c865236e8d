/**
 * Book selections and the reader's entitlement summary (docs/product/decisions.md#7). Writes user_selected_books,
 * the pick counter of user_subscription_cycles and the loan a pick opens, always inside BEGIN IMMEDIATE
 * so concurrent picks at the limit cannot both pass. A refused pick changes nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  accessValidUntil,
  canReadBook,
  canRemoveSelection,
  canSelect,
  isLocked,
  isOfflineAllowed,
  trialDaysLeft,
  type TRefusal,
  type TSelectionState,
} from '@shared/entitlement';
import type { TEntitlements, TSelection } from '@shared/selections';
import { immediateTransaction, type Db } from '../../db/client';
import { books, loans, userSelectedBooks, userSubscriptionCycles } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { findBook, offlineDeviceCap, syncEntitlements } from './entitlement-state';
import { revokeLicensesOfLoans } from '../license-revocation/license-revocation';
import { recordRecommendationBorrow } from '../recommendations/recommendations.service';
import { primaryCategorySql, readerCoverUrl } from '../catalogue/cover-svg';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A refused rule as a problem: no valid access is "payment required", every other rule 422. */
export function refusalError(refusal: TRefusal, notEntitledStatus: 402 | 422 = 422): AppError {
  return new AppError(
    refusal.code,
    refusal.code === 'subscription_required' ? 402 : notEntitledStatus,
    refusal.message,
  );
}

function toSelectionDtos(db: Db, selections: readonly TSelectionState[], now: number): TSelection[] {
  if (selections.length === 0) return [];
  const rows = db
    .select({
      id: userSelectedBooks.id,
      subscriptionTier: userSelectedBooks.subscriptionTier,
      bookId: books.id,
      title: books.title,
      slug: books.slug,
      author: books.author,
      coverImageUrl: books.coverImageUrl,
      category: sql<string | null>`${sql.raw(primaryCategorySql('books'))}`,
      requiredTier: books.requiredTier,
    })
    .from(userSelectedBooks)
    .innerJoin(books, eq(books.id, userSelectedBooks.bookId))
    .where(
      inArray(
        userSelectedBooks.id,
        selections.map((s) => s.id),
      ),
    )
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...selections]
    .sort((a, b) => b.selectedAt - a.selectedAt)
    .flatMap((selection) => {
      const row = byId.get(selection.id);
      if (!row) return [];
      return [
        {
          id: selection.id,
          bookId: selection.bookId,
          title: row.title,
          slug: row.slug,
          coverImageUrl: readerCoverUrl({ ...row, id: row.bookId }),
          requiredTier: row.requiredTier,
          subscriptionTier: row.subscriptionTier,
          selectedAt: new Date(selection.selectedAt).toISOString(),
          lockedUntil: iso(selection.lockedUntil),
          canRemove: !isLocked(selection, now),
        },
      ];
    });
}

export function selectBook(options: { db: Db; userId: string; bookRef: string; now: Date }): TSelection {
  const { db, userId, now } = options;
  const outcome = immediateTransaction(db, () => {
    const book = findBook(db, options.bookRef);
    // On-demand reset: a pick is judged against the cycle that is current now (kept even if refused).
    const state = syncEntitlements({ db, userId, now, write: true });
    const { cycle, selections } = state.sync;
    const decision = canSelect({ user: state.user, book, cycle, selections, lockDays: state.lockDays, now: state.now });
    if (!decision.ok) return { refusal: decision };
    const tier = state.sync.tier === 'trial' ? 'trial' : 'basic';
    const values = {
      subscriptionTier: tier,
      selectedAt: now,
      lockedUntil: decision.lockedUntil === null ? null : new Date(decision.lockedUntil),
      billingCycleStart: new Date(cycle!.cycleStart),
      cycleId: cycle!.id,
    } as const;
    let selectionId: string;
    if (decision.renewSelectionId) {
      db.update(userSelectedBooks).set(values).where(eq(userSelectedBooks.id, decision.renewSelectionId)).run();
      selectionId = decision.renewSelectionId;
    } else {
      selectionId = db
        .insert(userSelectedBooks)
        .values({ userId, bookId: book.id, ...values })
        .returning({ id: userSelectedBooks.id })
        .get().id;
    }
    const bumped = db
      .update(userSubscriptionCycles)
      .set({ booksSelectedCount: cycle!.booksSelectedCount + 1 })
      .where(
        and(
          eq(userSubscriptionCycles.id, cycle!.id),
          eq(userSubscriptionCycles.booksSelectedCount, cycle!.booksSelectedCount),
        ),
      )
      .run();
    // BEGIN IMMEDIATE already serialises writers; this guard makes a lost update impossible by construction.
    if (bumped.changes !== 1)
      throw new AppError('conflict', 409, 'Your picks changed at the same time. Please try again.');

    // A pick of a recommended book is a borrow (docs/product/recommendations.md#clicks-and-borrows).
    recordRecommendationBorrow({ db, userId, bookId: book.id, now });
    const existingLoan = db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.userId, userId), eq(loans.bookId, book.id), eq(loans.status, 'active')))
      .get();
    if (!existingLoan) {
      const validUntil = accessValidUntil(state.user);
      db.insert(loans)
        .values({
          userId,
          bookId: book.id,
          loanType: tier === 'trial' ? 'trial' : 'subscription',
          startedAt: now,
          expiresAt: tier === 'trial' && validUntil !== null ? new Date(validUntil) : null,
        })
        .run();
    }
    const selection: TSelectionState = {
      id: selectionId,
      bookId: book.id,
      selectedAt: now.getTime(),
      lockedUntil: decision.lockedUntil,
      cycleId: cycle!.id,
    };
    return { selection: toSelectionDtos(db, [selection], now.getTime())[0] };
  });
  if ('refusal' in outcome && outcome.refusal) throw refusalError(outcome.refusal);
  return outcome.selection;
}

export function removeSelection(options: { db: Db; userId: string; bookRef: string; now: Date }): void {
  const { db, userId, now } = options;
  const refusal = immediateTransaction(db, () => {
    const book = findBook(db, options.bookRef);
    const state = syncEntitlements({ db, userId, now, write: true });
    const selection = state.sync.selections.find((s) => s.bookId === book.id);
    if (!selection) return { notFound: true } as const;
    const decision = canRemoveSelection(selection, state.now);
    if (!decision.ok) return { refusal: decision } as const;
    db.update(userSelectedBooks)
      .set({ isActive: false, deselectedAt: now })
      .where(eq(userSelectedBooks.id, selection.id))
      .run();
    const remaining = state.sync.selections.filter((s) => s.id !== selection.id);
    if (!canReadBook(state.user, book, remaining, state.now).ok) {
      const revoked = db
        .update(loans)
        .set({ status: 'revoked', revokedAt: now, revokeReason: 'selection_removed' })
        .where(and(eq(loans.userId, userId), eq(loans.bookId, book.id), eq(loans.status, 'active')))
        .returning({ id: loans.id })
        .all();
      revokeLicensesOfLoans(
        db,
        revoked.map((loan) => loan.id),
        now,
      );
    }
    return null;
  });
  if (refusal && 'notFound' in refusal) throw notFound('Selection');
  if (refusal) throw refusalError(refusal.refusal);
}

/** GET: the state as the rules see it now, without writing (the job and the next write store it). */
export function listSelections(options: { db: Db; userId: string; now: Date }): TSelection[] {
  const state = syncEntitlements({ ...options, write: false });
  return toSelectionDtos(options.db, state.sync.selections, state.now);
}

export function getEntitlements(options: { db: Db; userId: string; now: Date }): TEntitlements {
  const { db } = options;
  const state = syncEntitlements({ ...options, write: false });
  const { tier, cycle } = state.sync;
  const hasCycle = cycle !== null && tier !== 'free';
  return {
    tier,
    subscriptionTier: state.user.subscriptionTier,
    status: state.user.subscriptionStatus,
    validUntil: tier === 'free' ? null : iso(accessValidUntil(state.user)),
    picksUsed: hasCycle ? cycle.booksSelectedCount : 0,
    picksLimit: tier === 'premium' ? -1 : hasCycle ? cycle.maxBooks : 0,
    cycleStart: hasCycle ? iso(cycle.cycleStart) : null,
    cycleEnd: hasCycle ? iso(cycle.cycleEnd) : null,
    nextResetAt: tier === 'basic' && hasCycle ? iso(cycle.cycleEnd) : null,
    trialDaysLeft: trialDaysLeft(state.user, state.now),
    // Premium readers' old picks mean nothing (every book is readable); free readers' picks cannot be used.
    selections: tier === 'trial' || tier === 'basic' ? toSelectionDtos(db, state.sync.selections, state.now) : [],
    offlineAllowed: isOfflineAllowed(tier),
    deviceCap: isOfflineAllowed(tier) ? offlineDeviceCap(db, tier) : 0,
  };
}
