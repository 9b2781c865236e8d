/** The back office's loans (docs/API.md: admin): list with filters, revoke with a reason, restore. Permission loans:revoke. */
import { Hono } from 'hono';
import { ZAdminLoanIdParam, ZAdminLoanRevoke, ZAdminLoansQuery } from '@shared/admin-loans';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requirePermission } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { listAdminLoans, restoreLoanByAdmin, revokeLoanByAdmin } from './admin-loans.service';

export function createAdminLoansRoutes({ db, env, now }: AppDeps) {
  const guard = requirePermission('loans:revoke');
  return new Hono<AppEnv>()
    .get('/admin/loans', guard, validate('query', ZAdminLoansQuery), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(listAdminLoans({ db, query: c.req.valid('query') }));
    })
    .post(
      '/admin/loans/:id/revoke',
      guard,
      validate('param', ZAdminLoanIdParam),
      validate('json', ZAdminLoanRevoke),
      (c) =>
        c.json(
          revokeLoanByAdmin({
            db,
            now: now(),
            adminId: c.var.user.id,
            loanId: c.req.valid('param').id,
            reason: c.req.valid('json').reason,
            ...getRequestMeta(c, env),
          }),
        ),
    )
    .post('/admin/loans/:id/restore', guard, validate('param', ZAdminLoanIdParam), (c) =>
      c.json(
        restoreLoanByAdmin({
          db,
          now: now(),
          adminId: c.var.user.id,
          loanId: c.req.valid('param').id,
          ...getRequestMeta(c, env),
        }),
      ),
    );
}
