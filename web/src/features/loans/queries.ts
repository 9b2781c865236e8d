/** The reader's loans (SPEC §3 loans): GET /api/loans under ['loans'] and the return write. */
import { queryOptions } from '@tanstack/react-query';
import type { TLoan, TLoanList } from '@shared/selections';
import { readJson, sendJson } from '@web/lib/api';

export const LOANS_QUERY_KEY = ['loans'] as const;

export const loansQueryOptions = queryOptions({
  queryKey: LOANS_QUERY_KEY,
  queryFn: async ({ signal }) =>
    (
      await readJson<TLoanList>(
        fetch('/api/loans', { credentials: 'include', signal, headers: { Accept: 'application/json' } }),
      )
    ).items,
  staleTime: 30 * 1000,
});

export function returnLoan(loanId: string): Promise<TLoan> {
  return sendJson<TLoan>('POST', `/api/loans/${encodeURIComponent(loanId)}/return`);
}
