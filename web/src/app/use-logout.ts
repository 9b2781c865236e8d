import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError, sendJson } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { CURRENT_USER_QUERY_KEY } from '@web/features/auth/queries';

export const LOGOUT_FAILED_FALLBACK = 'Something went wrong during logout.';

/**
 * Logout (SPEC §2, §8): POST /api/auth/logout; on success forget the cached user and everything
 * fetched for them, confirm, and load / afresh; on failure a destructive 'Logout failed' toast.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<unknown>('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
      toast({ title: 'Signed out', description: 'You have been logged out. See you soon!' });
      window.location.assign('/');
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Logout failed', description: describeError(error) || LOGOUT_FAILED_FALLBACK });
    },
  });
}
