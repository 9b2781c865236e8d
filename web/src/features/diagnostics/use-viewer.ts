/** The viewer as the route guard sees them: the server's user record and, for subscriber routes, its entitlement answer. */
import { useCurrentUser } from '@web/features/auth/queries';
import { useEntitlements } from '@web/features/selections/queries';

export function useGuardViewer() {
  const { user, isLoading, isAuthenticated } = useCurrentUser();
  const entitlements = useEntitlements();
  return {
    user: isAuthenticated ? user : null,
    isLoading: isLoading || (isAuthenticated && entitlements.isPending && entitlements.fetchStatus !== 'paused'),
    serverAccess: entitlements.data ? entitlements.data.tier !== 'free' : undefined,
  };
}
