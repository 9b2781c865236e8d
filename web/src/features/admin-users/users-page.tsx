/**
 * /admin/users: every account in a server-paged table (docs/product/back-office.md#users): search by name, e-mail or
 * username, filters, sortable columns, CSV export of the filtered list, and one change applied to the selected rows
 * after a confirmation that says what will happen to how many.
 */
import { ExportCsvLink } from '@web/features/admin-shell/export-csv-link';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import type { TAdminUserRow } from '@shared/admin-users';
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
import { BULK_ACTIONS } from './bulk-actions';
import { ROLE_LABELS, STATUS_LABELS, TIER_NAMES, displayName, options } from './labels';
import { bulkUpdateUsers, usersAdminKeys, usersExportHref, usersQueryOptions } from './queries';

const FILTERS = ['q', 'role', 'tier', 'status', 'active', 'verified', 'signedUpFrom', 'signedUpTo'] as const;
const DEFAULT_SORT = { sort: 'createdAt', order: 'desc' } as const;
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

const COLUMNS: TDataTableColumn<TAdminUserRow>[] = [
  {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => (
      <Link
        to={`/admin/users/${row.original.id}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {displayName(row.original)}
      </Link>
    ),
  },
  { id: 'email', accessorKey: 'email', header: 'E-mail', enableSorting: true },
  { id: 'username', accessorKey: 'username', header: 'Username', cell: ({ row }) => row.original.username ?? '—' },
  { id: 'role', header: 'Role', enableSorting: true, cell: ({ row }) => ROLE_LABELS[row.original.role] },
  {
    id: 'tier',
    header: 'Plan',
    enableSorting: true,
    cell: ({ row }) => (
      <span>
        {TIER_NAMES[row.original.subscriptionTier]}{' '}
        <span className="text-muted-foreground">({STATUS_LABELS[row.original.subscriptionStatus]})</span>
      </span>
    ),
  },
  {
    id: 'active',
    header: 'Account',
    cell: ({ row }) =>
      row.original.isActive ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Deactivated</Badge>,
  },
  { id: 'verified', header: 'Verified', cell: ({ row }) => (row.original.emailVerified ? 'Yes' : 'No') },
  {
    id: 'createdAt',
    header: 'Signed up',
    enableSorting: true,
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    id: 'lastLoginAt',
    header: 'Last sign-in',
    enableSorting: true,
    cell: ({ row }) => formatDateTime(row.original.lastLoginAt),
  },
];

export default function UsersPage() {
  const list = useListQuery(FILTERS, DEFAULT_SORT);
  const users = useQuery({ ...usersQueryOptions(list.params), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [actionId, setActionId] = useState('');
  const selectedIds = useMemo(() => Object.keys(selected).filter((id) => selected[id]), [selected]);
  const action = BULK_ACTIONS.find((candidate) => candidate.id === actionId);

  async function applyBulk() {
    if (!action) return;
    try {
      const result = await bulkUpdateUsers({ userIds: selectedIds, changes: action.changes });
      const skipped = result.skipped.length;
      toast({
        title: `${result.updated} ${result.updated === 1 ? 'user' : 'users'} updated`,
        description: skipped
          ? `${skipped} skipped: ${[...new Set(result.skipped.map((entry) => entry.reason))].join('; ')}`
          : undefined,
      });
      setSelected({});
      setActionId('');
      await queryClient.invalidateQueries({ queryKey: usersAdminKeys.all });
    } catch (error) {
      toast({ title: 'Bulk update failed', description: describeError(error), variant: 'destructive' });
      throw error;
    }
  }

  return (
    <section>
      <AdminPageHeader
        path="/admin/users"
        description="Find a reader, open their page, or change several accounts at once."
        actions={<ExportCsvLink href={usersExportHref(list.params)} />}
      />
      {users.isError ? (
        <ErrorPanel
          title="We couldn't load the users."
          error={users.error}
          onRetry={() => void users.refetch()}
          isRetrying={users.isFetching}
        />
      ) : (
        <DataTable
          label="Users"
          columns={COLUMNS}
          rows={users.data?.items}
          total={users.data?.total}
          isLoading={users.isPending}
          isFetching={users.isFetching}
          query={list.table}
          onQueryChange={list.setTable}
          getRowId={(row) => row.id}
          selection={{ selected, onChange: setSelected }}
          emptyMessage="No users match these filters."
          toolbar={
            <>
              <SearchFilter
                id="users-search"
                label="Search name, e-mail or username"
                value={list.filters.q ?? ''}
                onChange={(value) => list.setFilter('q', value)}
              />
              <SelectFilter
                id="users-role"
                label="Role"
                value={list.filters.role ?? ''}
                options={options(ROLE_LABELS)}
                onChange={(value) => list.setFilter('role', value)}
              />
              <SelectFilter
                id="users-tier"
                label="Plan"
                value={list.filters.tier ?? ''}
                options={options(TIER_NAMES)}
                onChange={(value) => list.setFilter('tier', value)}
              />
              <SelectFilter
                id="users-status"
                label="Status"
                value={list.filters.status ?? ''}
                options={options(STATUS_LABELS)}
                onChange={(value) => list.setFilter('status', value)}
              />
              <SelectFilter
                id="users-active"
                label="Active"
                value={list.filters.active ?? ''}
                options={YES_NO}
                onChange={(value) => list.setFilter('active', value)}
              />
              <SelectFilter
                id="users-verified"
                label="Verified"
                value={list.filters.verified ?? ''}
                options={YES_NO}
                onChange={(value) => list.setFilter('verified', value)}
              />
              <DateFilter
                id="users-from"
                label="Signed up from"
                value={list.filters.signedUpFrom ?? ''}
                onChange={(value) => list.setFilter('signedUpFrom', value)}
              />
              <DateFilter
                id="users-to"
                label="Signed up to"
                value={list.filters.signedUpTo ?? ''}
                onChange={(value) => list.setFilter('signedUpTo', value)}
              />
              <Button type="button" variant="ghost" size="sm" onClick={list.clearFilters}>
                Clear filters
              </Button>
              {selectedIds.length > 0 && (
                <section
                  aria-label="Bulk changes"
                  className="flex w-full flex-wrap items-end gap-2 rounded-md border border-border bg-secondary/40 p-2"
                >
                  <p className="self-center text-sm font-medium">{selectedIds.length} selected</p>
                  <SelectFilter
                    id="users-bulk-action"
                    label="Change for the selected users"
                    value={actionId}
                    options={BULK_ACTIONS.map((candidate) => ({ value: candidate.id, label: candidate.label }))}
                    onChange={setActionId}
                    emptyLabel="Choose a change"
                  />
                  <ConfirmDialog
                    trigger={
                      <Button type="button" size="sm" disabled={!action}>
                        Apply to {selectedIds.length}
                      </Button>
                    }
                    title="Confirm bulk change"
                    confirmLabel={action ? `${action.label} (${selectedIds.length})` : 'Apply'}
                    pendingLabel="Applying..."
                    confirmVariant={action?.id === 'deactivate' ? 'destructive' : 'default'}
                    onConfirm={applyBulk}
                  >
                    <p>{action?.describe(selectedIds.length)}</p>
                  </ConfirmDialog>
                  <Button type="button" variant="ghost" size="sm" onClick={() => setSelected({})}>
                    Clear selection
                  </Button>
                </section>
              )}
            </>
          }
        />
      )}
    </section>
  );
}
