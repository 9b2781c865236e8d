/** Types and request schemas of the back office's loans API (docs/product/back-office.md#loans). */
import { z } from 'zod';
import { adminListQuery, optionalText, ZOptionalDateFilter } from './admin-list';
import { LOAN_STATUS_VALUES, LOAN_TYPE_VALUES } from './selections';

export const ADMIN_LOAN_SORTS = ['startedAt', 'status', 'revokedAt'] as const;

export const ADMIN_LOAN_MESSAGES = {
  reasonRequired: 'A reason is required',
  reasonMax: 'The reason must be at most 500 characters',
  status: 'Status must be one of active, returned, revoked',
  loanType: 'Type must be subscription or trial',
  search: 'Search must be at most 200 characters',
  notActive: 'This loan has already ended',
  notRevokedByAdmin: 'Only a loan an admin revoked can be restored',
  /** What the reader is told when they open a book whose loan an admin revoked; the reason follows. */
  readerRevoked: 'Your access to this book was withdrawn by Wonderful Books',
} as const;

export const ZAdminLoansQuery = adminListQuery(ADMIN_LOAN_SORTS, { sort: 'startedAt', order: 'desc' }).extend({
  /** Reader's e-mail or name, or the book's title (any part of it). */
  q: optionalText(200, ADMIN_LOAN_MESSAGES.search),
  userId: optionalText(64, 'User not found'),
  bookId: optionalText(64, 'Book not found'),
  status: z.enum(LOAN_STATUS_VALUES, { message: ADMIN_LOAN_MESSAGES.status }).optional(),
  loanType: z.enum(LOAN_TYPE_VALUES, { message: ADMIN_LOAN_MESSAGES.loanType }).optional(),
  startedFrom: ZOptionalDateFilter,
  startedTo: ZOptionalDateFilter,
});
export type TAdminLoansQuery = z.infer<typeof ZAdminLoansQuery>;
export type TAdminLoansQueryInput = z.input<typeof ZAdminLoansQuery>;

export const ZAdminLoanIdParam = z.object({ id: z.string().trim().min(1, 'Loan not found').max(64, 'Loan not found') });

export const ZAdminLoanRevoke = z.object({
  reason: z
    .string({ message: ADMIN_LOAN_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_LOAN_MESSAGES.reasonRequired)
    .max(500, ADMIN_LOAN_MESSAGES.reasonMax),
});
export type TAdminLoanRevoke = z.infer<typeof ZAdminLoanRevoke>;

export interface TAdminLoanRow {
  id: string;
  userId: string;
  userEmail: string;
  userName: string;
  bookId: string;
  bookTitle: string;
  status: (typeof LOAN_STATUS_VALUES)[number];
  loanType: (typeof LOAN_TYPE_VALUES)[number];
  startedAt: string;
  expiresAt: string | null;
  returnedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  revokeReason: string | null;
  /** Licences of this loan still live on devices. */
  activeLicenses: number;
}
