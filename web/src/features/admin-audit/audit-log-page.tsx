/**
 * /admin/audit-log: the append-only log (docs/product/back-office.md#audit-log) with filters by user, action, resource,
 * severity, status and date, one entry's details in a dialog, and a CSV export of the filtered log.
 */
import { ExportCsvLink } from '@web/features/admin-shell/export-csv-link';
import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_SEVERITY_VALUES, AUDIT_STATUS_VALUES, type TAdminAuditEntry } from '@shared/admin-audit';
import { DataTable, type TDataTableColumn } from '@web/components/data-table/data-table';
import { ErrorPanel } from '@web/components/error-panel';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { DialogPanel } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { DateFilter, SearchFilter, SelectFilter, formatDateTime } from '@web/features/admin-shell/filter-controls';
import { useListQuery } from '@web/features/admin-shell/use-list-query';
import { auditEntryQueryOptions, auditExportHref, auditFacetsQueryOptions, auditQueryOptions } from './queries';

const FILTERS = ['user', 'action', 'resource', 'severity', 'status', 'from', 'to'] as const;
const toOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

function EntryDetail({ id }: { id: string }) {
  const entry = useQuery(auditEntryQueryOptions(id));
  if (entry.isPending) return <Spinner label="Loading the entry..." />;
  if (entry.isError) return <ErrorPanel title="We couldn't load this entry." error={entry.error} />;
  const data = entry.data;
  const rows: [string, string][] = [
    ['When', formatDateTime(data.createdAt)],
    ['Action', data.action],
    ['Resource', [data.resource, data.resourceId].filter(Boolean).join(' ') || '—'],
    ['By', data.userEmail ?? data.userId ?? '—'],
    ['Severity', data.severity],
    ['Status', data.status],
    ['IP address', data.ipAddress ?? '—'],
    ['Browser', data.userAgent ?? '—'],
    ['In a session', data.hasSession ? 'Yes' : 'No'],
  ];
  return (
    <div className="mt-3 flex flex-col gap-3 text-sm">
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="mb-1 font-medium">Details</p>
        <pre className="max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs">
          {data.details ? JSON.stringify(data.details, null, 2) : 'None'}
        </pre>
      </div>
    </div>
  );
}

export default function AuditLogPage() {
  const list = useListQuery(FILTERS, { sort: 'createdAt', order: 'desc' });
  const entries = useQuery({ ...auditQueryOptions(list.params), placeholderData: keepPreviousData });
  const facets = useQuery(auditFacetsQueryOptions);
  const [openId, setOpenId] = useState<string | null>(null);

  const columns: TDataTableColumn<TAdminAuditEntry>[] = [
    { id: 'createdAt', header: 'When', enableSorting: true, cell: ({ row }) => formatDateTime(row.original.createdAt) },
    {
      id: 'action',
      header: 'Action',
      cell: ({ row }) => (
        <button
          type="button"
          className="text-left font-mono text-xs text-primary underline-offset-4 hover:underline"
          onClick={() => setOpenId(row.original.id)}
        >
          {row.original.action}
        </button>
      ),
    },
    {
      id: 'resource',
      header: 'Resource',
      cell: ({ row }) => row.original.resource ?? '—',
    },
    { id: 'user', header: 'By', cell: ({ row }) => row.original.userEmail ?? row.original.userId ?? '—' },
    {
      id: 'severity',
      header: 'Severity',
      cell: ({ row }) => (
        <Badge
          variant={row.original.severity === 'critical' || row.original.severity === 'error' ? 'accent' : 'outline'}
        >
          {row.original.severity}
        </Badge>
      ),
    },
    { id: 'status', header: 'Status', cell: ({ row }) => row.original.status },
    { id: 'ip', header: 'IP address', cell: ({ row }) => row.original.ipAddress ?? '—' },
  ];

  return (
    <section>
      <AdminPageHeader
        path="/admin/audit-log"
        description="Everything that changed who may do what, as it happened. Entries are never edited or deleted."
        actions={<ExportCsvLink href={auditExportHref(list.params)} />}
      />
      {entries.isError ? (
        <ErrorPanel
          title="We couldn't load the audit log."
          error={entries.error}
          onRetry={() => void entries.refetch()}
        />
      ) : (
        <DataTable
          label="Audit log"
          columns={columns}
          rows={entries.data?.items}
          total={entries.data?.total}
          isLoading={entries.isPending}
          isFetching={entries.isFetching}
          query={list.table}
          onQueryChange={list.setTable}
          getRowId={(row) => row.id}
          emptyMessage="No entries match these filters."
          toolbar={
            <>
              <SearchFilter
                id="audit-user"
                label="User (e-mail or id)"
                value={list.filters.user ?? ''}
                onChange={(value) => list.setFilter('user', value)}
              />
              <SelectFilter
                id="audit-action"
                label="Action"
                value={list.filters.action ?? ''}
                options={toOptions(facets.data?.actions ?? [])}
                onChange={(value) => list.setFilter('action', value)}
              />
              <SelectFilter
                id="audit-resource"
                label="Resource"
                value={list.filters.resource ?? ''}
                options={toOptions(facets.data?.resources ?? [])}
                onChange={(value) => list.setFilter('resource', value)}
              />
              <SelectFilter
                id="audit-severity"
                label="Severity"
                value={list.filters.severity ?? ''}
                options={toOptions(AUDIT_SEVERITY_VALUES)}
                onChange={(value) => list.setFilter('severity', value)}
              />
              <SelectFilter
                id="audit-status"
                label="Status"
                value={list.filters.status ?? ''}
                options={toOptions(AUDIT_STATUS_VALUES)}
                onChange={(value) => list.setFilter('status', value)}
              />
              <DateFilter
                id="audit-from"
                label="From"
                value={list.filters.from ?? ''}
                onChange={(value) => list.setFilter('from', value)}
              />
              <DateFilter
                id="audit-to"
                label="To"
                value={list.filters.to ?? ''}
                onChange={(value) => list.setFilter('to', value)}
              />
              <Button type="button" variant="ghost" size="sm" onClick={list.clearFilters}>
                Clear filters
              </Button>
            </>
          }
        />
      )}
      <Dialog.Root open={openId !== null} onOpenChange={(open) => !open && setOpenId(null)}>
        <DialogPanel title="Audit entry">
          <Dialog.Description className="sr-only">One audit log entry with its details</Dialog.Description>
          {openId ? <EntryDetail id={openId} /> : null}
        </DialogPanel>
      </Dialog.Root>
    </section>
  );
}
