/**
 * Authorisation middleware (DESIGN §6). Every protected route states what it needs with one of these;
 * the session middleware has already resolved c.var.sessionUser from the cookie.
 */
import { createMiddleware } from 'hono/factory';
import { hasValidAccess } from '@shared/access';
import { hasPermission, type TPermission } from '@shared/permissions';
import type { AppDeps, AppEnv } from '../deps';
import { AppError } from '../lib/app-error';

export const requireAuth = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('sessionUser'))
      throw new AppError('unauthenticated', 401, 'You need to be logged in to access this page.');
    await next();
  });

export const requirePermission = (permission: TPermission) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('sessionUser');
    if (!user) throw new AppError('unauthenticated', 401, 'You need to be logged in to access this page.');
    if (!hasPermission(user.role, permission)) {
      throw new AppError('forbidden', 403, "You don't have permission to access this page.");
    }
    await next();
  });

/** A valid trial or an active (or cancelled but still paid) subscription; finer book rules come from billing. */
export const requireEntitlement = ({ now }: Pick<AppDeps, 'now'>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = c.get('sessionUser');
    if (!user) throw new AppError('unauthenticated', 401, 'You need to be logged in to access this page.');
    if (!hasValidAccess(user, now())) {
      throw new AppError('subscription_required', 402, 'You need an active subscription to access this content.');
    }
    await next();
  });
