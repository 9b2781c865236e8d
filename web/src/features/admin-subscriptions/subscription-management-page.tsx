/**
 * /admin/subscription-management (docs/product/admin-money.md#subscriptions): trials and paid subscriptions in the
 * back office's server-paged table with filters, the chosen reader's subscription below it, and, with the test-mode
 * provider only, the provider clock an admin moves to show renewals and period ends in a demo.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SUBSCRIPTION_STATE_LABELS,
  SUBSCRIPTION_STATES,
  type TAdminSubscriptionRow,
} from '@shared/admin-subscriptions';
import { formatMoney } from '@shared/billing';
import { DataTable, type TDataTableColumn } from '@web/components/data-table/data-table';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { ExportCsvLink } from '@web/features/admin-shell/export-csv-link';
import { toast } from '@web/lib/toast';
import {
  advanceTestClock,
  invalidateMoney,
  providerInfoQuery,
  subscriptionListQuery,
  subscriptionsExportHref,
  type TSubscriptionListQuery,
} from './queries';
import { SubscriptionDetail } from './subscription-detail';

const date = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso)) : '–';
const selectClass = 'h-10 rounded-md border border-border bg-background px-2 text-sm';

function TestClock() {
  const info = useQuery(providerInfoQuery);
  const queryClient = useQueryClient();
  const [days, setDays] = useState(30);
  const advance = useMutation({
    mutationFn: () => advanceTestClock(days),
    onSuccess: () => {
      toast({ title: `The test-mode provider's clock moved ${days} days on` });
      return invalidateMoney(queryClient);
    },
    onError: (error) => toast({ title: 'The clock did not move', description: error.message, variant: 'destructive' }),
  });
  if (!info.data?.testClock) return null;
  return (
    <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
      <div className="min-w-0 sm:flex-1">
        <h2 className="text-base font-semibold">Test-mode provider clock</h2>
        <p className="text-sm text-muted-foreground">
          Provider time {new Date(info.data.testClock.providerNow).toLocaleString('en-GB')} (
          {info.data.testClock.offsetDays} days ahead). Moving it renews, downgrades and ends subscriptions whose period
          passes, as the provider would.
        </p>
      </div>
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor="clock-days">Days</label>
        <Input
          id="clock-days"
          type="number"
          min={1}
          max={400}
          value={days}
          className="w-24"
          onChange={(event) => setDays(Math.max(1, Math.min(400, Number(event.target.value) || 1)))}
        />
      </div>
      <ConfirmDialog
        trigger={<Button variant="outline">Advance the clock</Button>}
        title={`Move the provider's clock ${days} days on?`}
        confirmLabel="Advance"
        pendingLabel="Advancing..."
        onConfirm={() => advance.mutateAsync()}
      >
        <p>
          Every subscription whose period ends in those days renews (and is charged), changes plan or ends. The clock
          cannot be moved back.
        </p>
      </ConfirmDialog>
    </Card>
  );
}

export default function SubscriptionManagementPage() {
  const [query, setQuery] = useState<TSubscriptionListQuery>({ page: 1, pageSize: 25, sort: 'email', order: 'asc' });
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery(subscriptionListQuery(query));
  const update = (next: Partial<TSubscriptionListQuery>) => setQuery((current) => ({ ...current, ...next }));
  const filter = (next: Partial<TSubscriptionListQuery>) => update({ ...next, page: 1 });

  const columns: TDataTableColumn<TAdminSubscriptionRow>[] = [
    {
      id: 'email',
      header: 'Reader',
      enableSorting: true,
      cell: ({ row }) => (
        <div className="min-w-40">
          <div className="font-medium">{row.original.name ?? '–'}</div>
          <div className="text-xs text-muted-foreground">{row.original.email}</div>
        </div>
      ),
    },
    { id: 'tier', header: 'Plan', cell: ({ row }) => <span className="capitalize">{row.original.tier}</span> },
    { id: 'state', header: 'Status', cell: ({ row }) => SUBSCRIPTION_STATE_LABELS[row.original.state] },
    {
      id: 'periodEnd',
      header: 'Renews or ends',
      enableSorting: true,
      cell: ({ row }) => date(row.original.currentPeriodEnd),
    },
    { id: 'trialEnd', header: 'Trial ends', enableSorting: true, cell: ({ row }) => date(row.original.trialEndsAt) },
    {
      id: 'mrr',
      header: 'MRR',
      enableSorting: true,
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.mrr, row.original.currency)}</span>,
    },
    {
      id: 'manage',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant={selected === row.original.userId ? 'default' : 'outline'}
          aria-pressed={selected === row.original.userId}
          onClick={() => {
            setSelected(row.original.userId);
            requestAnimationFrame(() => document.getElementById('subscription-detail')?.focus());
          }}
        >
          Manage<span className="sr-only"> {row.original.email}</span>
        </Button>
      ),
    },
  ];

  return (
    <section>
      <AdminPageHeader
        path="/admin/subscription-management"
        description="Trials and paid subscriptions. Choose Manage to cancel, resume, extend a trial or refund an invoice."
        actions={<ExportCsvLink href={subscriptionsExportHref(query)} />}
      />
      <TestClock />
      <DataTable
        label="Subscriptions"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total}
        isLoading={list.isPending}
        isFetching={list.isFetching}
        query={query}
        onQueryChange={(next) => update(next as Partial<TSubscriptionListQuery>)}
        getRowId={(row) => row.userId}
        toolbar={
          <>
            <div className="flex flex-col gap-1 text-sm font-medium">
              <label htmlFor="subscriptions-search">Search</label>
              <Input
                id="subscriptions-search"
                type="search"
                placeholder="Name or e-mail"
                className="w-56"
                defaultValue={query.search ?? ''}
                onChange={(event) => filter({ search: event.target.value || undefined })}
              />
            </div>
            <div className="flex flex-col gap-1 text-sm font-medium">
              <label htmlFor="subscriptions-plan">Plan</label>
              <select
                id="subscriptions-plan"
                className={selectClass}
                value={query.tier ?? ''}
                onChange={(event) =>
                  filter({ tier: (event.target.value || undefined) as TSubscriptionListQuery['tier'] })
                }
              >
                <option value="">Any</option>
                <option value="trial">Trial</option>
                <option value="basic">Basic</option>
                <option value="premium">Premium</option>
                <option value="free">Free (ended)</option>
              </select>
            </div>
            <div className="flex flex-col gap-1 text-sm font-medium">
              <label htmlFor="subscriptions-status">Status</label>
              <select
                id="subscriptions-status"
                className={selectClass}
                value={query.state ?? ''}
                onChange={(event) =>
                  filter({ state: (event.target.value || undefined) as TSubscriptionListQuery['state'] })
                }
              >
                <option value="">Any</option>
                {SUBSCRIPTION_STATES.map((state) => (
                  <option key={state} value={state}>
                    {SUBSCRIPTION_STATE_LABELS[state]}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1 text-sm font-medium">
              <label htmlFor="subscriptions-trial-days">Trial ends within (days)</label>
              <Input
                id="subscriptions-trial-days"
                type="number"
                min={1}
                max={90}
                className="w-28"
                defaultValue={query.trialEndingInDays ?? ''}
                onChange={(event) => {
                  const days = Number(event.target.value);
                  filter({ trialEndingInDays: days >= 1 && days <= 90 ? Math.floor(days) : undefined });
                }}
              />
            </div>
          </>
        }
      />
      {selected && (
        <section
          id="subscription-detail"
          tabIndex={-1}
          className="mt-8 outline-none"
          aria-label="Selected subscription"
        >
          <SubscriptionDetail userId={selected} />
        </section>
      )}
    </section>
  );
}
