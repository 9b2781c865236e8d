/**
 * The demo mailbox calls (docs/product/accounts.md#demo-mailbox): GET /api/demo/mailbox and /api/demo/mailbox/:id.
 * Outside demo mode, and for any other machine, the API answers 404: the mailbox then does not exist, which the
 * verify and reset screens read as "no link to show".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailboxList, TMailboxMessage } from '@shared/demo-mailbox';
import { api, encodeParams, isApiError, readJson, withSignal } from '@web/lib/api';

export const demoMailboxKeys = {
  all: ['demo-mailbox'] as const,
  list: (to: string | null) => ['demo-mailbox', 'list', to ?? ''] as const,
  message: (id: string) => ['demo-mailbox', 'message', id] as const,
};

/** The list, or null when this server has no demo mailbox for this browser (404). */
async function fetchMailbox(to: string | null, signal?: AbortSignal): Promise<TMailboxList | null> {
  try {
    return await readJson<TMailboxList>(api.demo.mailbox.$get({ query: to ? { to } : {} }, withSignal(signal)));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const demoMailboxQueryOptions = (to: string | null) =>
  queryOptions({
    queryKey: demoMailboxKeys.list(to),
    queryFn: ({ signal }) => fetchMailbox(to, signal),
    // Mail arrives a moment after the API answers: look again every few seconds while the page is open.
    refetchInterval: 3_000,
    retry: false,
  });

export const demoMailboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: demoMailboxKeys.message(id),
    queryFn: ({ signal }) =>
      readJson<TMailboxMessage>(api.demo.mailbox[':id'].$get({ param: encodeParams({ id }) }, withSignal(signal))),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Whether this browser may use the demo mailbox (demo server, this machine): the verify and reset screens ask. */
export function useHasDemoMailbox(): boolean {
  const query = useQuery({
    queryKey: [...demoMailboxKeys.all, 'exists'] as const,
    queryFn: async ({ signal }) => (await fetchMailbox('-', signal)) !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data === true;
}
