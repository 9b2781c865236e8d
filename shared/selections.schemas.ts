/** zod request schemas of the selections and loans features (the API validates with them). */
import { z } from 'zod';

/** A book is named by its uuid or its slug (docs/ARCHITECTURE.md#conventions). */
const bookRef = z
  .string({ message: 'Book id is required' })
  .trim()
  .min(1, 'Book id is required')
  .max(200, 'Book id is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'Book id may contain only letters, digits and hyphens');

export const ZSelectBookRequest = z.object({ bookId: bookRef });
export type TSelectBookRequest = z.infer<typeof ZSelectBookRequest>;

export const ZBookIdParam = z.object({ bookId: bookRef });

export const ZOpenLoanRequest = z.object({ bookId: bookRef });
export type TOpenLoanRequest = z.infer<typeof ZOpenLoanRequest>;

export const ZLoanIdParam = z.object({ id: z.uuid({ message: 'Loan id must be a valid id' }) });
