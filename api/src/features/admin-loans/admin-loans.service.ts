/**
 * The back office's loans (docs/product/back-office.md#loans): every loan with filters, revoking one with a reason
 * (its licences end at once; devices wipe their copies at their next status check) and restoring access an admin
 * withdrew. An admin-revoked loan keeps the reader from opening the book again until it is restored (see
 * `adminRevocationOf`, read by loans.service).
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TAdminPage } from '@shared/admin-list';
import { ADMIN_LOAN_MESSAGES, type TAdminLoanRow, type TAdminLoansQuery } from '@shared/admin-loans';
import { immediateTransaction, type Db } from '../../db/client';
import { books, licenses, loans, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { revokeLicensesOfLoans } from '../license-revocation/license-revocation';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function loanFilter(query: TAdminLoansQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    parts.push(
      or(
        sql`${users.email} like ${like} escape '\\'`,
        sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${like} escape '\\'`,
        sql`${books.title} like ${like} escape '\\'`,
      ) as SQL,
    );
  }
  if (query.userId) parts.push(eq(loans.userId, query.userId));
  if (query.bookId) parts.push(eq(loans.bookId, query.bookId));
  if (query.status) parts.push(eq(loans.status, query.status));
  if (query.loanType) parts.push(eq(loans.loanType, query.loanType));
  if (query.startedFrom !== undefined) parts.push(sql`${loans.startedAt} >= ${query.startedFrom}`);
  if (query.startedTo !== undefined) parts.push(sql`${loans.startedAt} < ${query.startedTo + 86_400_000}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

export function listAdminLoans(options: { db: Db; query: TAdminLoansQuery }): TAdminPage<TAdminLoanRow> {
  const { db, query } = options;
  const where = loanFilter(query);
  const direction = query.order === 'asc' ? asc : desc;
  const order =
    query.sort === 'status'
      ? [direction(loans.status), desc(loans.startedAt)]
      : query.sort === 'revokedAt'
        ? [direction(loans.revokedAt), desc(loans.startedAt)]
        : [direction(loans.startedAt), direction(loans.id)];
  const total =
    db
      .select({ n: count() })
      .from(loans)
      .innerJoin(users, eq(users.id, loans.userId))
      .innerJoin(books, eq(books.id, loans.bookId))
      .where(where)
      .get()?.n ?? 0;
  const items = db
    .select({
      loan: loans,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      title: books.title,
      activeLicenses: sql<number>`(select count(*) from ${licenses} where ${licenses.loanId} = ${loans.id} and ${licenses.revoked} = 0)`,
    })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .innerJoin(books, eq(books.id, loans.bookId))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all()
    .map(
      (row): TAdminLoanRow => ({
        id: row.loan.id,
        userId: row.loan.userId,
        userEmail: row.email,
        userName: [row.firstName, row.lastName].filter(Boolean).join(' '),
        bookId: row.loan.bookId,
        bookTitle: row.title,
        status: row.loan.status,
        loanType: row.loan.loanType,
        startedAt: row.loan.startedAt.toISOString(),
        expiresAt: iso(row.loan.expiresAt),
        returnedAt: iso(row.loan.returnedAt),
        revokedAt: iso(row.loan.revokedAt),
        revokedBy: row.loan.revokedBy,
        revokeReason: row.loan.revokeReason,
        activeLicenses: Number(row.activeLicenses),
      }),
    );
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** Revokes an active loan with the admin's reason: its licences end in the same transaction. */
export function revokeLoanByAdmin(
  options: { db: Db; now: Date; adminId: string; loanId: string; reason: string } & TRequestMeta,
): { revoked: true; licensesRevoked: number } {
  const { db, now } = options;
  return immediateTransaction(db, () => {
    const loan = db.select().from(loans).where(eq(loans.id, options.loanId)).get();
    if (!loan) throw notFound('Loan');
    if (loan.status !== 'active') throw new AppError('loan_not_active', 409, ADMIN_LOAN_MESSAGES.notActive);
    db.update(loans)
      .set({
        status: 'revoked',
        revokedAt: now,
        revokedBy: options.adminId,
        revokeReason: options.reason,
        updatedAt: now,
      })
      .where(eq(loans.id, loan.id))
      .run();
    const licensesRevoked = revokeLicensesOfLoans(db, [loan.id], now);
    recordAudit(
      { db, now: () => now },
      {
        action: 'admin.loan.revoke',
        resource: 'loan',
        resourceId: loan.id,
        userId: options.adminId,
        severity: 'warning',
        details: { readerId: loan.userId, bookId: loan.bookId, reason: options.reason, licensesRevoked },
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      },
    );
    return { revoked: true as const, licensesRevoked };
  });
}

/**
 * Undoes an admin's revocation by giving the reader a new active loan of the book; the revoked loan stays as history
 * with who revoked it and why. The new loan still answers to the plan rules at every open.
 */
export function restoreLoanByAdmin(options: { db: Db; now: Date; adminId: string; loanId: string } & TRequestMeta): {
  restored: true;
  loanId: string;
} {
  const { db, now } = options;
  return immediateTransaction(db, () => {
    const loan = db.select().from(loans).where(eq(loans.id, options.loanId)).get();
    if (!loan) throw notFound('Loan');
    if (loan.status !== 'revoked' || !loan.revokedBy || !adminRevocationOf(db, loan.userId, loan.bookId)) {
      throw new AppError('loan_not_admin_revoked', 409, ADMIN_LOAN_MESSAGES.notRevokedByAdmin);
    }
    const created = db
      .insert(loans)
      .values({ userId: loan.userId, bookId: loan.bookId, loanType: loan.loanType, startedAt: now })
      .returning({ id: loans.id })
      .get();
    recordAudit(
      { db, now: () => now },
      {
        action: 'admin.loan.restore',
        resource: 'loan',
        resourceId: loan.id,
        userId: options.adminId,
        details: {
          readerId: loan.userId,
          bookId: loan.bookId,
          previousReason: loan.revokeReason,
          newLoanId: created.id,
        },
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      },
    );
    return { restored: true as const, loanId: created.id };
  });
}

/**
 * The admin revocation that keeps this reader from this book, if any: their latest loan of it, revoked by an admin
 * (not by the plan rules) and not restored. Read by the loan open (docs/product/back-office.md#loans).
 */
export function adminRevocationOf(db: Db, userId: string, bookId: string): { reason: string } | null {
  const latest = db
    .select({ status: loans.status, revokedBy: loans.revokedBy, revokeReason: loans.revokeReason })
    .from(loans)
    .where(and(eq(loans.userId, userId), eq(loans.bookId, bookId)))
    .orderBy(desc(loans.startedAt))
    .limit(1)
    .get();
  return latest?.status === 'revoked' && latest.revokedBy ? { reason: latest.revokeReason ?? '' } : null;
}
