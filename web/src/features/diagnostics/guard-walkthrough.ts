/**
 * The route guard explained for one user (docs/product/access.md#route-guard; docs/product/decisions.md#5): for each
 * route of the real route table, what the guard would do and why, step by step through its three checks. The decision
 * itself is the guard's own `decideAccess` (handed in by the router, so this module never imports the app shell); this
 * module only words it. Nothing here is a secret: the rules are the public route table, the user is the viewer.
 */
import type { TCurrentUser } from '@shared/auth';
import { ADMIN_ROLES, FEEDBACK_TRIAGE_ROLES, SUPER_ADMIN_ROLES } from '@shared/permissions';
import type { TGuardDecision } from '@web/app/route-guard';
import type { TRouteAccess } from '@web/app/route-access';

export interface TRouteEntry {
  path: string;
  access: TRouteAccess;
}

export type TDecideAccess = (
  access: TRouteAccess,
  user: TCurrentUser | null,
  now: Date,
  from?: string,
  serverAccess?: boolean,
) => TGuardDecision;

export const ACCESS_LABELS: Record<TRouteAccess, string> = {
  public: 'Public',
  'signed-in': 'Signed in',
  subscriber: 'Subscription or trial',
  admin: 'Admin or super admin',
  'super-admin': 'Super admin only',
  'feedback-triage': 'Moderator, admin or super admin',
  diagnostics: 'Diagnostics (no guard)',
};

export type TStepState = 'pass' | 'fail' | 'skip';

export interface TGuardStep {
  name: 'Signed in' | 'Subscription' | 'Role';
  state: TStepState;
  detail: string;
}

export interface TGuardExplanation {
  allowed: boolean;
  /** 'Allowed', or what the guard does instead: its toast and where it sends the user. */
  outcome: string;
  redirectTo: string | null;
  steps: TGuardStep[];
}

const ROLE_NAMES: Record<string, string> = {
  user: 'reader',
  moderator: 'moderator',
  admin: 'admin',
  super_admin: 'super admin',
};

/** Words the three checks for one route and user; `decide` gives the verdict, the steps say which check made it. */
export function explainRoute(
  route: TRouteEntry,
  user: TCurrentUser | null,
  decide: TDecideAccess,
  now: Date,
  serverAccess?: boolean,
): TGuardExplanation {
  const decision = decide(route.access, user, now, route.path, serverAccess);
  const guarded = route.access !== 'public' && route.access !== 'diagnostics';
  const failedAt = decision.allowed ? null : decision.reason;
  const steps: TGuardStep[] = [];
  if (!guarded) {
    const detail = route.access === 'public' ? 'Public route: no check runs.' : 'Diagnostics route: no check runs.';
    steps.push({ name: 'Signed in', state: 'skip', detail });
    steps.push({ name: 'Subscription', state: 'skip', detail });
    steps.push({ name: 'Role', state: 'skip', detail });
  } else {
    steps.push(
      failedAt === 'authentication'
        ? { name: 'Signed in', state: 'fail', detail: 'Nobody is signed in.' }
        : { name: 'Signed in', state: 'pass', detail: `Signed in as a ${ROLE_NAMES[user?.role ?? 'user']}.` },
    );
    if (failedAt === 'authentication') {
      steps.push({ name: 'Subscription', state: 'skip', detail: 'Not reached.' });
      steps.push({ name: 'Role', state: 'skip', detail: 'Not reached.' });
    } else {
      steps.push(
        route.access !== 'subscriber'
          ? { name: 'Subscription', state: 'skip', detail: 'This route needs no subscription.' }
          : failedAt === 'subscription'
            ? { name: 'Subscription', state: 'fail', detail: 'No active subscription or valid trial.' }
            : { name: 'Subscription', state: 'pass', detail: 'An active subscription or valid trial.' },
      );
      const roles =
        route.access === 'admin'
          ? ADMIN_ROLES
          : route.access === 'super-admin'
            ? SUPER_ADMIN_ROLES
            : route.access === 'feedback-triage'
              ? FEEDBACK_TRIAGE_ROLES
              : null;
      steps.push(
        failedAt === 'subscription'
          ? { name: 'Role', state: 'skip', detail: 'Not reached.' }
          : !roles
            ? { name: 'Role', state: 'skip', detail: 'Any role may open it.' }
            : failedAt === 'role'
              ? {
                  name: 'Role',
                  state: 'fail',
                  detail: `Needs ${roles.map((role) => ROLE_NAMES[role]).join(' or ')}; you are a ${ROLE_NAMES[user?.role ?? 'user']}.`,
                }
              : { name: 'Role', state: 'pass', detail: `Your role (${ROLE_NAMES[user?.role ?? 'user']}) is allowed.` },
      );
    }
  }
  return decision.allowed
    ? { allowed: true, outcome: 'Allowed', redirectTo: null, steps }
    : {
        allowed: false,
        outcome: `${decision.toast.title}: ${decision.toast.description}`,
        redirectTo: decision.redirectTo,
        steps,
      };
}

/** A path a person can open as written (parameters such as :id are filled in by the app's own links). */
export function isConcretePath(path: string): boolean {
  return !path.includes(':') && !path.includes('*');
}
