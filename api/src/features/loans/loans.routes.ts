/**
 * Loans (docs/API.md: loans): GET /api/loans, POST /api/loans (open a book), POST /api/loans/:id/return.
 * Always scoped to the session's user.
 */
import { Hono } from 'hono';
import type { TLoanList } from '@shared/selections';
import { ZLoanIdParam, ZOpenLoanRequest } from '@shared/selections.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { listLoans, openLoan, returnLoan } from './loans.service';

export function createLoansRoutes({ db, now }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/loans', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ items: listLoans({ db, userId: c.var.user.id, now: now() }) } satisfies TLoanList);
    })
    .post('/loans', requireAuth(), validate('json', ZOpenLoanRequest), (c) => {
      const { loan, created } = openLoan({
        db,
        userId: c.var.user.id,
        bookRef: c.req.valid('json').bookId,
        now: now(),
      });
      return c.json(loan, created ? 201 : 200);
    })
    .post('/loans/:id/return', requireAuth(), validate('param', ZLoanIdParam), (c) =>
      c.json(returnLoan({ db, userId: c.var.user.id, loanId: c.req.valid('param').id, now: now() })),
    );
}
