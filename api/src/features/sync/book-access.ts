/**
 * "May this change be stored for this book?" for one sync batch. A change made offline is judged by
 * the moment it was made, not only by today's rules: it is accepted when the reader may read the book
 * now (the same rules as openLoan) or when one of the reader's loans of the book covered that moment
 * (a trial that ended while the device was offline does not lose the reading done before it ended).
 * Answers are remembered for the batch, so fifty changes to one book cost one look-up.
 */
import { canReadBook } from '@shared/entitlement';
import { HLC_MAX_AHEAD_MS } from '@shared/hlc';
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { AppError } from '../../lib/app-error';
import { findBook, syncEntitlements, type TBookRow, type TEntitlementState } from '../selections/entitlement-state';

/** A loan's edges are compared with device clocks, which may be a little off. */
const LOAN_EDGE_TOLERANCE_MS = HLC_MAX_AHEAD_MS;

export interface TSyncBook {
  id: string;
  /** Pages of the current content version (or the catalogue's page count), null when unknown. */
  pageCount: number | null;
}

interface TLoanWindow {
  startedAt: number;
  endsAt: number | null;
}

interface TBookEntry {
  book: TSyncBook;
  row: TBookRow;
  readableNow: boolean | null;
  loans: TLoanWindow[] | null;
}

const statements = perConnection((db) => ({
  assetPages: db.$client
    .prepare<[string, number], number>('select page_count from pdf_assets where book_id = ? and version = ?')
    .pluck(),
  loans: db.$client.prepare<
    [string, string],
    {
      id: string;
      started_at: number;
      status: string;
      expires_at: number | null;
      returned_at: number | null;
      revoked_at: number | null;
    }
  >('select id, started_at, status, expires_at, returned_at, revoked_at from loans where user_id = ? and book_id = ?'),
}));

export interface TBookAccess {
  /** The published book named by `ref` (uuid or slug), or null when there is none. */
  resolve(ref: string): TSyncBook | null;
  /** Whether a change to `bookId` made at `atMs` may be stored. */
  mayWrite(bookId: string, atMs: number): boolean;
}

export function createBookAccess(db: Db, userId: string, now: Date): TBookAccess {
  const byRef = new Map<string, TBookEntry | null>();
  const byId = new Map<string, TBookEntry>();
  let entitlements: TEntitlementState | null = null;

  const entry = (ref: string): TBookEntry | null => {
    if (byRef.has(ref)) return byRef.get(ref)!;
    let found: TBookEntry | null = null;
    try {
      const row = findBook(db, ref);
      const assetPages =
        row.contentVersion === null ? undefined : statements(db).assetPages.get(row.id, row.contentVersion);
      const pageCount =
        assetPages && assetPages > 0 ? assetPages : row.pageCount && row.pageCount > 0 ? row.pageCount : null;
      found = byId.get(row.id) ?? { book: { id: row.id, pageCount }, row, readableNow: null, loans: null };
      byId.set(row.id, found);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404)) throw error;
    }
    byRef.set(ref, found);
    return found;
  };

  return {
    resolve: (ref) => entry(ref)?.book ?? null,
    mayWrite(bookId, atMs) {
      const known = byId.get(bookId);
      if (!known) return false;
      if (known.readableNow === null) {
        entitlements ??= syncEntitlements({ db, userId, now, write: false });
        known.readableNow = canReadBook(
          entitlements.user,
          known.row,
          entitlements.sync.selections,
          entitlements.now,
        ).ok;
      }
      if (known.readableNow) return true;
      // An active loan the rules are about to revoke (the job has not run yet) ends now.
      const dueForRevocation = new Set(entitlements!.sync.revokeLoans.map((loan) => loan.id));
      known.loans ??= statements(db)
        .loans.all(userId, bookId)
        .map((loan) => ({
          startedAt: loan.started_at,
          endsAt:
            loan.status === 'active'
              ? dueForRevocation.has(loan.id)
                ? Math.min(loan.expires_at ?? now.getTime(), now.getTime())
                : loan.expires_at
              : (loan.returned_at ?? loan.revoked_at ?? loan.expires_at),
        }));
      return known.loans.some(
        (loan) =>
          atMs >= loan.startedAt - LOAN_EDGE_TOLERANCE_MS &&
          (loan.endsAt === null || atMs <= loan.endsAt + LOAN_EDGE_TOLERANCE_MS),
      );
    },
  };
}
