/**
 * /health-dashboard (docs/product/operations.md#health-checks): no guard (docs/product/decisions.md#5). Everyone sees the
 * overall status, the check names and when they ran; admins (permission admin:access, the server decides) also see each
 * check's state, duration and result, the recent runs per check, the alert states, and can run the checks now.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, AlertTriangle, CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { useMemo } from 'react';
import {
  HEALTH_CHECK_LABELS,
  type TAdminHealthDashboard,
  type THealthCheckItem,
  type THealthRunDetail,
  type THealthState,
  type TPublicHealthCheck,
  type TPublicHealthStatus,
} from '@shared/health';
import { hasPermission } from '@shared/permissions';
import { StaticTable, type TStaticTableColumn } from '@web/components/data-table/static-table';
import { ErrorPanel } from '@web/components/error-panel';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/features/admin-shell/filter-controls';
import { useCurrentUser } from '@web/features/auth/queries';
import { describeError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { adminHealthQueryOptions, healthKeys, publicHealthQueryOptions, runHealthChecksNow } from './queries';

const STATE_TEXT: Record<THealthState, string> = {
  healthy: 'Healthy',
  degraded: 'Degraded',
  unhealthy: 'Unhealthy',
};

const STATE_STYLE: Record<THealthState, string> = {
  healthy: 'border-emerald-700/30 bg-emerald-50 text-emerald-900',
  degraded: 'border-amber-700/30 bg-amber-50 text-amber-900',
  unhealthy: 'border-destructive/40 bg-destructive/10 text-destructive',
};

const STATE_ICON = { healthy: CheckCircle2, degraded: AlertTriangle, unhealthy: XCircle } as const;

export function StateBadge({ state }: { state: THealthState | null }) {
  if (!state) return <span className="text-muted-foreground">Not run yet</span>;
  const Icon = STATE_ICON[state];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold',
        STATE_STYLE[state],
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {STATE_TEXT[state]}
    </span>
  );
}

function OverallCard({ status, finishedAt }: { status: THealthState | null; finishedAt: string | null }) {
  const Icon = status ? STATE_ICON[status] : Activity;
  return (
    <section
      aria-labelledby="overall-status"
      className={cn(
        'flex items-center gap-4 rounded-xl border p-5',
        status ? STATE_STYLE[status] : 'border-border bg-card',
      )}
    >
      <Icon className="size-10 shrink-0" aria-hidden="true" />
      <div>
        <h2 id="overall-status" className="font-serif text-xl font-semibold">
          {status ? `Overall: ${STATE_TEXT[status]}` : 'No health run yet'}
        </h2>
        <p className="text-sm">
          {finishedAt ? `Last checked ${formatDateTime(finishedAt)}` : 'The checks run every five minutes.'}
        </p>
      </div>
    </section>
  );
}

const PUBLIC_COLUMNS: TStaticTableColumn<TPublicHealthCheck>[] = [
  { id: 'check', header: 'Check', cell: ({ row }) => row.original.label },
  { id: 'checkedAt', header: 'Checked', cell: ({ row }) => formatDateTime(row.original.checkedAt) },
];

const ADMIN_COLUMNS: TStaticTableColumn<THealthCheckItem>[] = [
  { id: 'check', header: 'Check', cell: ({ row }) => <span className="font-medium">{row.original.label}</span> },
  { id: 'state', header: 'State', cell: ({ row }) => <StateBadge state={row.original.status} /> },
  {
    id: 'duration',
    header: 'Duration',
    cell: ({ row }) => <span className="tabular-nums">{row.original.durationMs} ms</span>,
  },
  {
    id: 'result',
    header: 'Result',
    cell: ({ row }) => {
      const attempts = Number(row.original.meta?.attempts ?? 1);
      return (
        <span>
          {row.original.message}
          {attempts > 1 && <span className="text-muted-foreground"> ({attempts} attempts)</span>}
        </span>
      );
    },
  },
  { id: 'checkedAt', header: 'Checked', cell: ({ row }) => formatDateTime(row.original.checkedAt) },
];

/** Recent runs as a grid: one row per check, one cell per run (newest on the right). */
function HistoryGrid({ history }: { history: THealthRunDetail[] }) {
  const runs = useMemo(() => [...history].reverse(), [history]);
  const names = runs.at(-1)?.items.map((item) => item.name) ?? [];
  if (runs.length === 0) return null;
  return (
    <section aria-labelledby="history-title" className="mt-8">
      <h2 id="history-title" className="mb-2 font-serif text-xl font-semibold">
        History
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        The last {runs.length} runs, oldest on the left: {formatDateTime(runs[0].startedAt)} to{' '}
        {formatDateTime(runs.at(-1)?.startedAt)}.
      </p>
      <ul className="flex flex-col gap-1.5">
        {names.map((name) => (
          <li key={name} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
            <span className="w-64 shrink-0 text-sm">
              {HEALTH_CHECK_LABELS[name as keyof typeof HEALTH_CHECK_LABELS] ?? name}
            </span>
            <span className="flex flex-wrap gap-0.5">
              {runs.map((run) => {
                const item = run.items.find((candidate) => candidate.name === name);
                const state = item?.status ?? null;
                return (
                  <span
                    key={run.id}
                    role="img"
                    aria-label={`${formatDateTime(run.startedAt)}: ${state ? STATE_TEXT[state] : 'not run'}`}
                    title={`${formatDateTime(run.startedAt)}: ${state ? STATE_TEXT[state] : 'not run'}${item ? ` (${item.durationMs} ms)` : ''}`}
                    className={cn(
                      'inline-block size-3.5 rounded-sm border',
                      state === 'healthy' && 'border-emerald-700 bg-emerald-600',
                      state === 'degraded' && 'border-amber-700 bg-amber-400',
                      state === 'unhealthy' && 'border-destructive bg-destructive',
                      !state && 'border-border bg-muted',
                    )}
                  />
                );
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AlertsSection({ dashboard }: { dashboard: TAdminHealthDashboard }) {
  return (
    <section aria-labelledby="alerts-title" className="mt-8">
      <h2 id="alerts-title" className="mb-2 font-serif text-xl font-semibold">
        Alerts
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        When a check fails after its retries every admin is e-mailed, at most once per check every{' '}
        {dashboard.cooldownMinutes} minutes (system setting health_alert_cooldown_minutes), and once more when it
        recovers.
      </p>
      <StaticTable
        label="Alert states"
        rows={dashboard.alerts}
        getRowId={(row) => row.alertType}
        emptyMessage="No alert has been sent."
        columns={[
          {
            id: 'check',
            header: 'Check',
            cell: ({ row }) => {
              const name = row.original.alertType.replace(/^check:/, '');
              return HEALTH_CHECK_LABELS[name as keyof typeof HEALTH_CHECK_LABELS] ?? name;
            },
          },
          {
            id: 'status',
            header: 'Status',
            cell: ({ row }) => (row.original.status === 'alerting' ? 'Alerting' : 'Recovered'),
          },
          { id: 'lastSent', header: 'Last alert', cell: ({ row }) => formatDateTime(row.original.lastSentAt) },
        ]}
      />
    </section>
  );
}

function AdminView() {
  const queryClient = useQueryClient();
  const dashboard = useQuery(adminHealthQueryOptions);
  const runNow = useMutation({
    mutationFn: runHealthChecksNow,
    onSuccess: async (run) => {
      toast({ title: 'Health checks finished', description: `Overall: ${STATE_TEXT[run.overallStatus ?? 'healthy']}` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: healthKeys.admin }),
        queryClient.invalidateQueries({ queryKey: healthKeys.status }),
      ]);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not run the checks', description: describeError(error) }),
  });
  if (dashboard.isPending) return <Skeleton className="h-64 w-full" />;
  if (dashboard.isError) return <ErrorPanel error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const { latest } = dashboard.data;
  return (
    <>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <OverallCard status={latest?.overallStatus ?? null} finishedAt={latest?.finishedAt ?? null} />
        </div>
        <Button onClick={() => runNow.mutate()} disabled={runNow.isPending}>
          <RefreshCw className={cn('size-4', runNow.isPending && 'animate-spin')} aria-hidden="true" />
          {runNow.isPending ? 'Running checks...' : 'Run checks now'}
        </Button>
      </div>
      <h2 className="mb-2 font-serif text-xl font-semibold">Checks</h2>
      <StaticTable
        label="Health checks of the latest run"
        columns={ADMIN_COLUMNS}
        rows={latest?.items ?? []}
        getRowId={(row) => row.name}
        emptyMessage="No run yet: run the checks now."
      />
      <HistoryGrid history={dashboard.data.history} />
      <AlertsSection dashboard={dashboard.data} />
    </>
  );
}

function PublicView({ status }: { status: TPublicHealthStatus }) {
  return (
    <>
      <div className="mb-6">
        <OverallCard status={status.overallStatus} finishedAt={status.lastRun?.finishedAt ?? null} />
      </div>
      <h2 className="mb-2 font-serif text-xl font-semibold">Checks</h2>
      <StaticTable
        label="Health checks"
        columns={PUBLIC_COLUMNS}
        rows={status.checks}
        getRowId={(row) => row.name}
        emptyMessage="No run yet."
      />
      {status.history.length > 0 && (
        <section aria-labelledby="public-history" className="mt-8">
          <h2 id="public-history" className="mb-2 font-serif text-xl font-semibold">
            Recent runs
          </h2>
          <ul className="flex flex-wrap gap-2">
            {status.history.map((run) => (
              <li
                key={run.startedAt}
                className="flex items-center gap-2 rounded-md border border-border px-2 py-1 text-xs"
              >
                <span>{formatDateTime(run.startedAt)}</span>
                <StateBadge state={run.overallStatus} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function PublicStatus() {
  const status = useQuery(publicHealthQueryOptions);
  if (status.isPending) return <Skeleton className="h-64 w-full" />;
  if (status.isError) return <ErrorPanel error={status.error} onRetry={() => void status.refetch()} />;
  return <PublicView status={status.data} />;
}

export default function HealthDashboardPage() {
  useDocumentTitle('Health Dashboard');
  const { user, isLoading } = useCurrentUser();
  const isAdmin = hasPermission(user?.role, 'admin:access');
  return (
    <section className="mx-auto w-full max-w-5xl px-4 pb-16 pt-8" aria-labelledby="health-title">
      <h1 id="health-title" className="font-serif text-3xl font-bold tracking-tight">
        Health Dashboard
      </h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">
        {isAdmin
          ? 'Every check of the latest run, its duration and result, the recent history and the alerts.'
          : 'The service’s overall status and when each check last ran.'}
      </p>
      {isLoading ? <Skeleton className="h-64 w-full" /> : isAdmin ? <AdminView /> : <PublicStatus />}
    </section>
  );
}
