/**
 * Authorisation middleware (docs/ARCHITECTURE.md#security). Every protected route states what it needs with one of
 * these; the session middleware has already resolved c.var.sessionUser from the cookie. Each of them also sets
 * c.var.user, typed non-null, so a handler behind it reads the signed-in user without checking.
 */
import { createMiddleware } from 'hono/factory';
import { hasValidAccess } from '@shared/access';
import { hasPermission, type TPermission } from '@shared/permissions';
import type { AppDeps, AppEnv } from '../deps';
import { AppError, notSignedIn } from '../lib/app-error';

type SessionUser = NonNullable<AppEnv['Variables']['sessionUser']>;

/** What a handler behind requireAuth, requirePermission or requireEntitlement may read. */
export type SignedInEnv = AppEnv & { Variables: { user: SessionUser } };

function signedInUser(c: { var: Pick<AppEnv['Variables'], 'sessionUser'> }): SessionUser {
  const user = c.var.sessionUser;
  if (!user) throw notSignedIn();
  return user;
}

export const requireAuth = () =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    c.set('user', signedInUser(c));
    await next();
  });

export const requirePermission = (permission: TPermission) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const user = signedInUser(c);
    if (!hasPermission(user.role, permission)) {
      throw new AppError('forbidden', 403, "You don't have permission to access this page.");
    }
    c.set('user', user);
    await next();
  });

/** A valid trial or an active (or cancelled but still paid) subscription; finer book rules come from billing. */
export const requireEntitlement = ({ now }: Pick<AppDeps, 'now'>) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const user = signedInUser(c);
    if (!hasValidAccess(user, now())) {
      throw new AppError('subscription_required', 402, 'You need an active subscription to access this content.');
    }
    c.set('user', user);
    await next();
  });
