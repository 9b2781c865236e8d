/**
 * /admin/loans: every loan with filters (docs/product/back-office.md#loans); revoke one with a reason the reader sees,
 * or restore access an admin withdrew.
 */
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAdminLoanRow } from '@shared/admin-loans';
import { DataTable, type TDataTableColumn } from '@web/components/data-table/data-table';
import { ErrorPanel } from '@web/components/error-panel';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { DateFilter, SearchFilter, SelectFilter, formatDateTime } from '@web/features/admin-shell/filter-controls';
import { useListQuery } from '@web/features/admin-shell/use-list-query';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { adminLoansQueryOptions, loansAdminKeys, restoreLoan } from './queries';
import { RevokeLoanDialog } from './revoke-loan-dialog';

const FILTERS = ['q', 'userId', 'bookId', 'status', 'loanType', 'startedFrom', 'startedTo'] as const;
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'returned', label: 'Returned' },
  { value: 'revoked', label: 'Revoked' },
];
const TYPE_OPTIONS = [
  { value: 'subscription', label: 'Subscription' },
  { value: 'trial', label: 'Trial' },
];

function LoanActions({ loan, refresh }: { loan: TAdminLoanRow; refresh: () => Promise<unknown> }) {
  if (loan.status === 'active') return <RevokeLoanDialog loan={loan} onDone={refresh} />;
  if (loan.status === 'revoked' && loan.revokedBy) {
    return (
      <ConfirmDialog
        trigger={
          <Button type="button" size="sm" variant="ghost">
            Restore
          </Button>
        }
        title="Restore access to this book?"
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        onConfirm={async () => {
          try {
            await restoreLoan(loan.id);
            toast({ title: 'Access restored', description: `${loan.userEmail} can open ${loan.bookTitle} again.` });
            await refresh();
          } catch (error) {
            toast({ title: 'Could not restore', description: describeError(error), variant: 'destructive' });
            throw error;
          }
        }}
      >
        <p>
          {loan.userEmail} gets a new loan of {loan.bookTitle}; their plan's rules still apply when they open it.
        </p>
      </ConfirmDialog>
    );
  }
  return null;
}

export default function AdminLoansPage() {
  const list = useListQuery(FILTERS, { sort: 'startedAt', order: 'desc' });
  const loans = useQuery({ ...adminLoansQueryOptions(list.params), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: loansAdminKeys.all });

  const columns: TDataTableColumn<TAdminLoanRow>[] = [
    {
      id: 'reader',
      header: 'Reader',
      cell: ({ row }) => (
        <Link to={`/admin/users/${row.original.userId}`} className="text-primary underline-offset-4 hover:underline">
          {row.original.userName || row.original.userEmail}
        </Link>
      ),
    },
    { id: 'book', header: 'Book', cell: ({ row }) => row.original.bookTitle },
    {
      id: 'status',
      header: 'Status',
      enableSorting: true,
      cell: ({ row }) => (
        <Badge variant={row.original.status === 'active' ? 'default' : 'outline'}>{row.original.status}</Badge>
      ),
    },
    { id: 'type', header: 'Type', cell: ({ row }) => row.original.loanType },
    {
      id: 'startedAt',
      header: 'Started',
      enableSorting: true,
      cell: ({ row }) => formatDateTime(row.original.startedAt),
    },
    { id: 'licences', header: 'Live licences', cell: ({ row }) => row.original.activeLicenses },
    {
      id: 'revokedAt',
      header: 'Revoked',
      enableSorting: true,
      cell: ({ row }) =>
        row.original.revokedAt ? (
          <span>
            {formatDateTime(row.original.revokedAt)}
            {row.original.revokeReason ? (
              <span className="block text-xs text-muted-foreground">{row.original.revokeReason}</span>
            ) : null}
          </span>
        ) : (
          '—'
        ),
    },
    { id: 'actions', header: 'Actions', cell: ({ row }) => <LoanActions loan={row.original} refresh={refresh} /> },
  ];

  return (
    <section>
      <AdminPageHeader
        path="/admin/loans"
        description="Every book a reader has on loan. Revoking ends its licences at once; the reader is told your reason."
      />
      {loans.isError ? (
        <ErrorPanel title="We couldn't load the loans." error={loans.error} onRetry={() => void loans.refetch()} />
      ) : (
        <DataTable
          label="Loans"
          columns={columns}
          rows={loans.data?.items}
          total={loans.data?.total}
          isLoading={loans.isPending}
          isFetching={loans.isFetching}
          query={list.table}
          onQueryChange={list.setTable}
          getRowId={(row) => row.id}
          emptyMessage="No loans match these filters."
          toolbar={
            <>
              <SearchFilter
                id="loans-search"
                label="Reader or book"
                value={list.filters.q ?? ''}
                onChange={(value) => list.setFilter('q', value)}
              />
              <SelectFilter
                id="loans-status"
                label="Status"
                value={list.filters.status ?? ''}
                options={STATUS_OPTIONS}
                onChange={(value) => list.setFilter('status', value)}
              />
              <SelectFilter
                id="loans-type"
                label="Type"
                value={list.filters.loanType ?? ''}
                options={TYPE_OPTIONS}
                onChange={(value) => list.setFilter('loanType', value)}
              />
              <DateFilter
                id="loans-from"
                label="Started from"
                value={list.filters.startedFrom ?? ''}
                onChange={(value) => list.setFilter('startedFrom', value)}
              />
              <DateFilter
                id="loans-to"
                label="Started to"
                value={list.filters.startedTo ?? ''}
                onChange={(value) => list.setFilter('startedTo', value)}
              />
              {list.filters.userId || list.filters.bookId ? (
                <Button type="button" variant="outline" size="sm" onClick={list.clearFilters}>
                  Showing one {list.filters.userId ? 'reader' : 'book'}: show all
                </Button>
              ) : (
                <Button type="button" variant="ghost" size="sm" onClick={list.clearFilters}>
                  Clear filters
                </Button>
              )}
            </>
          }
        />
      )}
    </section>
  );
}
