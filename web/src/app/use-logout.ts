import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { queueFlashToast } from '@web/features/auth/flash-toast';
import { clearCachedUser, logout } from '@web/features/auth/queries';

export const LOGOUT_FAILED_FALLBACK = 'Something went wrong during logout.';

export const LOGOUT_CONFIRMATION = {
  title: 'Signed out',
  description: 'You have been logged out. See you soon!',
} as const;

/**
 * Logout (docs/product/accounts.md#logout): POST /api/auth/logout; on success forget the cached user and everything
 * fetched for them, confirm, and load / afresh; on failure a destructive 'Logout failed' toast.
 * The confirmation is also queued for the next page, since the full redirect would wipe it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      clearCachedUser(queryClient);
      toast(LOGOUT_CONFIRMATION);
      queueFlashToast(LOGOUT_CONFIRMATION);
      window.location.assign('/');
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: describeError(error) || LOGOUT_FAILED_FALLBACK,
      });
    },
  });
}
