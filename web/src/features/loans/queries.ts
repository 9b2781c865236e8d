/**
 * The reader's loans (docs/product/data-model.md#stored-tables: loans): GET /api/loans under loansKeys.all and the
 * return write.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TLoan, TLoanList } from '@shared/selections';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const loansKeys = {
  all: ['loans'] as const,
};

export const loansQueryOptions = queryOptions({
  queryKey: loansKeys.all,
  queryFn: async ({ signal }) => (await readJson<TLoanList>(api.loans.$get(undefined, withSignal(signal)))).items,
  staleTime: 30 * 1000,
});

export function returnLoan(loanId: string): Promise<TLoan> {
  return readJson<TLoan>(api.loans[':id'].return.$post({ param: encodeParams({ id: loanId }) }));
}
