/**
 * /admin/feedback: the feedback queue (docs/product/feedback.md#triage) with Premium readers' items marked and
 * first, filters by status, type and priority, and each item opened for status, priority, comments and a response.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  FEEDBACK_LABELS,
  FEEDBACK_PRIORITY_VALUES,
  FEEDBACK_STATUS_VALUES,
  FEEDBACK_TYPE_VALUES,
  type TFeedbackTriageRow,
} from '@shared/feedback';
import { DataTable, type TDataTableColumn } from '@web/components/data-table/data-table';
import { ErrorPanel } from '@web/components/error-panel';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { SearchFilter, SelectFilter, formatDateTime } from '@web/features/admin-shell/filter-controls';
import { useListQuery } from '@web/features/admin-shell/use-list-query';
import { FeedbackDetailDialog } from './feedback-detail-dialog';
import { feedbackTriageQueryOptions } from './queries';

const FILTERS = ['q', 'status', 'type', 'priority'] as const;
const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

export default function FeedbackTriagePage() {
  const list = useListQuery(FILTERS, { sort: 'createdAt', order: 'desc' });
  const queue = useQuery({ ...feedbackTriageQueryOptions(list.params), placeholderData: keepPreviousData });
  const [opened, setOpened] = useState<TFeedbackTriageRow | null>(null);

  const columns: TDataTableColumn<TFeedbackTriageRow>[] = [
    {
      id: 'title',
      header: 'Feedback',
      cell: ({ row }) => (
        <span className="flex flex-col gap-1">
          <span className="font-medium">{row.original.title}</span>
          <span className="flex flex-wrap gap-1">
            {row.original.premium && <Badge variant="premium">Premium</Badge>}
            <Badge variant="outline">{FEEDBACK_LABELS.type[row.original.type]}</Badge>
          </span>
        </span>
      ),
    },
    { id: 'reader', header: 'Reader', cell: ({ row }) => row.original.userEmail ?? 'Deleted account' },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => FEEDBACK_LABELS.status[row.original.status],
    },
    {
      id: 'priority',
      header: 'Priority',
      enableSorting: true,
      cell: ({ row }) => FEEDBACK_LABELS.priority[row.original.priority],
    },
    { id: 'upvotes', header: 'Upvotes', enableSorting: true, cell: ({ row }) => row.original.upvotes },
    {
      id: 'createdAt',
      header: 'Sent',
      enableSorting: true,
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Button type="button" size="sm" variant="outline" onClick={() => setOpened(row.original)}>
          Open
        </Button>
      ),
    },
  ];

  return (
    <section>
      <AdminPageHeader
        path="/admin/feedback"
        description="What readers tell us. Premium readers' items come first (priority support); internal comments are never shown to the reader."
      />
      {queue.isError ? (
        <ErrorPanel title="We couldn't load the feedback." error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <DataTable
          label="Feedback"
          columns={columns}
          rows={queue.data?.items}
          total={queue.data?.total}
          isLoading={queue.isPending}
          isFetching={queue.isFetching}
          query={list.table}
          onQueryChange={list.setTable}
          getRowId={(row) => row.id}
          emptyMessage="No feedback matches these filters."
          toolbar={
            <>
              <SearchFilter
                id="feedback-search"
                label="Title, text or reader"
                value={list.filters.q ?? ''}
                onChange={(value) => list.setFilter('q', value)}
              />
              <SelectFilter
                id="feedback-filter-status"
                label="Status"
                value={list.filters.status ?? ''}
                options={options(FEEDBACK_STATUS_VALUES, FEEDBACK_LABELS.status)}
                onChange={(value) => list.setFilter('status', value)}
              />
              <SelectFilter
                id="feedback-filter-type"
                label="Type"
                value={list.filters.type ?? ''}
                options={options(FEEDBACK_TYPE_VALUES, FEEDBACK_LABELS.type)}
                onChange={(value) => list.setFilter('type', value)}
              />
              <SelectFilter
                id="feedback-filter-priority"
                label="Priority"
                value={list.filters.priority ?? ''}
                options={options(FEEDBACK_PRIORITY_VALUES, FEEDBACK_LABELS.priority)}
                onChange={(value) => list.setFilter('priority', value)}
              />
              <Button type="button" variant="ghost" size="sm" onClick={list.clearFilters}>
                Clear filters
              </Button>
            </>
          }
        />
      )}
      {opened && <FeedbackDetailDialog row={opened} onClose={() => setOpened(null)} />}
    </section>
  );
}
