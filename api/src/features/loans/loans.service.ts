/**
 * Loans (docs/product/access.md#loans): a reader's right to read one book, created when a book is
 * picked or first opened, ended by the reader (returned) or by the rules (revoked: access ended, pick
 * dropped or removed). Writes go through BEGIN IMMEDIATE; one active loan per reader and book.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { accessValidUntil, canReadBook } from '@shared/entitlement';
import type { TLoan } from '@shared/selections';
import { immediateTransaction, type Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { createReadCache } from '../../db/read-cache';
import { books, loans } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import {
  ENTITLEMENT_INPUT_TABLES,
  evaluateEntitlements,
  findBook,
  loadEntitlementInputs,
  lookUpBook,
  syncEntitlements,
} from '../selections/entitlement-state';
import { refusalError } from '../selections/selections.service';
import { revokeLicensesOfLoans } from '../license-revocation/license-revocation';
import { adminRevocationOf } from '../admin-loans/admin-loans.service';
import { ADMIN_LOAN_MESSAGES } from '@shared/admin-loans';
import { recordRecommendationBorrow } from '../recommendations/recommendations.service';

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

const LOAN_COLUMNS = {
  id: loans.id,
  bookId: loans.bookId,
  title: books.title,
  slug: books.slug,
  coverImageUrl: books.coverImageUrl,
  status: loans.status,
  loanType: loans.loanType,
  startedAt: loans.startedAt,
  expiresAt: loans.expiresAt,
  returnedAt: loans.returnedAt,
  revokedAt: loans.revokedAt,
  revokeReason: loans.revokeReason,
};

type TLoanRow = {
  [K in keyof typeof LOAN_COLUMNS]:
    | (typeof LOAN_COLUMNS)[K]['_']['data']
    | ((typeof LOAN_COLUMNS)[K]['_']['notNull'] extends true ? never : null);
};

function toLoan(row: TLoanRow): TLoan {
  return {
    id: row.id,
    bookId: row.bookId,
    title: row.title,
    slug: row.slug,
    coverImageUrl: row.coverImageUrl,
    status: row.status,
    loanType: row.loanType,
    startedAt: row.startedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    returnedAt: iso(row.returnedAt),
    revokedAt: iso(row.revokedAt),
    revokeReason: row.revokeReason,
  };
}

/** Opening a book is the hot path: its queries are prepared once per connection. */
const statements = perConnection((db) => ({
  loanOfUser: db
    .select(LOAN_COLUMNS)
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(and(eq(loans.id, sql.placeholder('loanId')), eq(loans.userId, sql.placeholder('userId'))))
    .prepare(),
  activeLoanForBook: db
    .select({ id: loans.id })
    .from(loans)
    .where(
      and(
        eq(loans.userId, sql.placeholder('userId')),
        eq(loans.bookId, sql.placeholder('bookId')),
        eq(loans.status, 'active'),
      ),
    )
    .prepare(),
}));

function loadLoan(db: Db, userId: string, loanId: string): TLoan | null {
  const row = statements(db).loanOfUser.get({ loanId, userId });
  return row ? toLoan(row) : null;
}

/** GET: the loans as the rules see them now; loans due for revocation show as revoked (stored by the job or next write). */
export function listLoans(options: { db: Db; userId: string; now: Date }): TLoan[] {
  const { db, userId, now } = options;
  const state = syncEntitlements({ db, userId, now, write: false });
  const revoked = new Map(state.sync.revokeLoans.map((loan) => [loan.id, loan.reason]));
  return db
    .select(LOAN_COLUMNS)
    .from(loans)
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(eq(loans.userId, userId))
    .orderBy(desc(loans.startedAt), desc(loans.id))
    .all()
    .map((row) => {
      const reason = revoked.get(row.id);
      return toLoan(reason ? { ...row, status: 'revoked', revokedAt: now, revokeReason: reason } : row);
    });
}

/**
 * What a repeated book open reads (the book, the reader's entitlement inputs and their active loan),
 * cached as one entry while the tables behind it are unchanged: one validity check per open instead of three.
 */
const bookOpenCache = createReadCache(5_000, { tables: ENTITLEMENT_INPUT_TABLES });

/** The rows a book open decides from; null for an unknown book. Only reads ENTITLEMENT_INPUT_TABLES. */
export function loadBookOpenSnapshot(db: Db, userId: string, bookRef: string) {
  const book = lookUpBook(db, bookRef);
  if (!book) return null;
  const existing = statements(db).activeLoanForBook.get({ userId, bookId: book.id });
  return { book, inputs: loadEntitlementInputs(db, userId), loan: existing ? loadLoan(db, userId, existing.id) : null };
}

/**
 * The common case of a book open: the reader already has an active loan and the rules change nothing
 * at this moment (they run on every call). Answered without taking the write lock; null sends the
 * caller to the transaction, which decides (and writes) from fresh reads.
 */
function reuseLoanWithoutWriting(db: Db, userId: string, bookRef: string, now: Date): TLoan | null {
  const snapshot = bookOpenCache.read(db, `${userId}:${bookRef}`, () => loadBookOpenSnapshot(db, userId, bookRef));
  if (!snapshot?.loan) return null;
  const state = evaluateEntitlements(snapshot.inputs, now);
  if (state.changed || !canReadBook(state.user, snapshot.book, state.sync.selections, state.now).ok) return null;
  return snapshot.loan;
}

/** Opening a book: reuse the active loan or create one when the rules allow reading it (402 otherwise). */
export function openLoan(options: { db: Db; userId: string; bookRef: string; now: Date }): {
  loan: TLoan;
  created: boolean;
} {
  const { db, userId, now } = options;
  const reused = reuseLoanWithoutWriting(db, userId, options.bookRef, now);
  if (reused) return { loan: reused, created: false };
  const outcome = immediateTransaction(db, () => {
    const book = findBook(db, options.bookRef);
    const state = syncEntitlements({ db, userId, now, write: true });
    const decision = canReadBook(state.user, book, state.sync.selections, state.now);
    if (!decision.ok) return { refusal: decision };
    const existing = statements(db).activeLoanForBook.get({ userId, bookId: book.id });
    if (existing) return { loanId: existing.id, created: false };
    // An admin withdrew this book from this reader: no new loan until an admin restores it; the reader is told why.
    const withdrawn = adminRevocationOf(db, userId, book.id);
    if (withdrawn) return { withdrawn };
    const validUntil = accessValidUntil(state.user);
    const created = db
      .insert(loans)
      .values({
        userId,
        bookId: book.id,
        loanType: decision.loanType,
        startedAt: now,
        expiresAt: decision.loanType === 'trial' && validUntil !== null ? new Date(validUntil) : null,
      })
      .returning({ id: loans.id })
      .get();
    // Opening a recommended book is a borrow (docs/product/recommendations.md#clicks-and-borrows).
    recordRecommendationBorrow({ db, userId, bookId: book.id, now });
    return { loanId: created.id, created: true };
  });
  // Not entitled is "payment required" whatever the rule (choose the book or upgrade).
  if ('refusal' in outcome && outcome.refusal) throw refusalError(outcome.refusal, 402);
  if ('withdrawn' in outcome && outcome.withdrawn) {
    const { reason } = outcome.withdrawn;
    throw new AppError(
      'loan_revoked',
      403,
      reason ? `${ADMIN_LOAN_MESSAGES.readerRevoked}: ${reason}` : `${ADMIN_LOAN_MESSAGES.readerRevoked}.`,
    );
  }
  return { loan: loadLoan(db, userId, outcome.loanId)!, created: outcome.created };
}

/** The reader hands a loan back; only their own active loans (404 for anyone else's). */
export function returnLoan(options: { db: Db; userId: string; loanId: string; now: Date }): TLoan {
  const { db, userId, loanId, now } = options;
  const outcome = immediateTransaction(db, () => {
    const loan = db
      .select()
      .from(loans)
      .where(and(eq(loans.id, loanId), eq(loans.userId, userId)))
      .get();
    if (!loan) return 'missing' as const;
    if (loan.status !== 'active') return 'ended' as const;
    db.update(loans).set({ status: 'returned', returnedAt: now }).where(eq(loans.id, loan.id)).run();
    revokeLicensesOfLoans(db, [loan.id], now);
    return 'returned' as const;
  });
  if (outcome === 'missing') throw notFound('Loan');
  if (outcome === 'ended') throw new AppError('loan_not_active', 409, 'This loan has already ended');
  return loadLoan(db, userId, loanId)!;
}
