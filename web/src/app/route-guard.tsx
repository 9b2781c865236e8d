/**
 * The client route guard of docs/product/access.md#route-guard, applied from the route table's access rules
 * (route-access.ts `access`). While the current user loads it shows 'Verifying access...'; then, in this order
 * (docs/product/access.md#route-guard): not signed in → 'Authentication Required' and /auth/login; a 'subscriber' route
 * without valid access → 'Subscription Required' and /subscribe; a role not allowed → 'Access Denied' and /dashboard.
 * Role and plan come only from the server's user record, and the server enforces the same rules
 * (docs/product/decisions.md#1); this guard exists for a good experience.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TCurrentUser } from '@shared/auth';
import { hasValidAccess } from '@shared/access';
import { TOASTS } from '@shared/messages';
import { ADMIN_ROLES, FEEDBACK_TRIAGE_ROLES, SUPER_ADMIN_ROLES } from '@shared/permissions';
import type { TRole } from '@shared/tiers';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/features/auth/queries';
import { useEntitlements } from '@web/features/selections/queries';
import { loginPathWithRedirect } from '@web/features/auth/redirects';
import { toast } from '@web/lib/toast';
import type { TRouteAccess } from './route-access';

export const VERIFYING_ACCESS_LABEL = 'Verifying access...';

export type TGuardDecision =
  | { allowed: true }
  | {
      allowed: false;
      reason: 'authentication' | 'subscription' | 'role';
      redirectTo: string;
      toast: { title: string; description: string };
    };

/** Roles allowed per access rule; absent means any signed-in role. */
const ALLOWED_ROLES: Partial<Record<TRouteAccess, readonly TRole[]>> = {
  admin: ADMIN_ROLES,
  'super-admin': SUPER_ADMIN_ROLES,
  'feedback-triage': FEEDBACK_TRIAGE_ROLES,
};

export function isGuarded(access: TRouteAccess): boolean {
  return access !== 'public' && access !== 'diagnostics';
}

/**
 * The three checks of docs/product/access.md#route-guard, in order. `from` is the path the reader asked for.
 * `serverAccess` is the server's entitlement answer (effective tier not 'free') when it is known; the shared rule
 * applied to the user record stands in while it is not.
 */
export function decideAccess(
  access: TRouteAccess,
  user: TCurrentUser | null,
  now: Date,
  from = '/',
  serverAccess?: boolean,
): TGuardDecision {
  if (!isGuarded(access)) return { allowed: true };
  if (!user) {
    return {
      allowed: false,
      reason: 'authentication',
      redirectTo: loginPathWithRedirect(from),
      toast: TOASTS.authenticationRequired,
    };
  }
  if (access === 'subscriber' && !(serverAccess ?? hasValidAccess(user, now))) {
    return { allowed: false, reason: 'subscription', redirectTo: '/subscribe', toast: TOASTS.subscriptionRequired };
  }
  const roles = ALLOWED_ROLES[access];
  if (roles && !roles.includes(user.role ?? 'user')) {
    return { allowed: false, reason: 'role', redirectTo: '/dashboard', toast: TOASTS.accessDenied };
  }
  return { allowed: true };
}

export function RouteGuard({ access, children }: { access: TRouteAccess; children: ReactNode }) {
  const { user, isLoading, isAuthenticated } = useCurrentUser();
  const entitlements = useEntitlements();
  const location = useLocation();
  // Set once the screen has been shown: a later re-check (the paused entitlements query running when the
  // connection returns) must not swap an open screen, such as a book being read, for the spinner and
  // mount it afresh. A denial that the re-check brings still redirects.
  const hasShownScreen = useRef(false);
  if (!isGuarded(access)) return children;
  // Offline the entitlements query is paused; the user record's own dates decide until it can run.
  const awaitingEntitlements =
    access === 'subscriber' &&
    isAuthenticated &&
    entitlements.isPending &&
    entitlements.fetchStatus !== 'paused' &&
    !hasShownScreen.current;
  if (isLoading || awaitingEntitlements)
    return <Spinner label={VERIFYING_ACCESS_LABEL} className="min-h-[50vh] py-16" />;
  const serverAccess = entitlements.data ? entitlements.data.tier !== 'free' : undefined;
  const decision = decideAccess(
    access,
    isAuthenticated ? user : null,
    new Date(),
    `${location.pathname}${location.search}`,
    serverAccess,
  );
  if (decision.allowed) {
    hasShownScreen.current = true;
    return children;
  }
  return <DeniedRedirect decision={decision} />;
}

function DeniedRedirect({ decision }: { decision: Extract<TGuardDecision, { allowed: false }> }) {
  const navigate = useNavigate();
  const { redirectTo, toast: message } = decision;
  useEffect(() => {
    toast({ variant: 'destructive', title: message.title, description: message.description });
    void navigate(redirectTo, { replace: true });
  }, [redirectTo, message.title, message.description, navigate]);
  return <Spinner label={VERIFYING_ACCESS_LABEL} className="min-h-[50vh] py-16" />;
}
