/**
 * /admin: the back office's first screen (docs/product/metrics.md). Every figure comes from GET /api/admin/overview
 * and carries its definition on hover and focus; the sign-ups chart loads recharts lazily (admin screens only).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatRate, METRIC_DEFINITIONS } from '@shared/admin-reports';
import { formatMoney } from '@shared/billing';
import { ErrorPanel } from '@web/components/error-panel';
import { Card } from '@web/components/ui/card';
import { InfoTooltip } from '@web/components/ui/info-tooltip';
import { Skeleton } from '@web/components/ui/skeleton';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { adminHealthQuery, overviewQuery } from './queries';

const SignupsChart = lazy(() => import('./signups-chart'));

function Figure({
  label,
  value,
  definition,
  note,
}: {
  label: string;
  value: ReactNode;
  definition: string;
  note?: ReactNode;
}) {
  return (
    <Card className="p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <InfoTooltip label={label}>{definition}</InfoTooltip>
      </div>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
    </Card>
  );
}

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function HealthCard() {
  const health = useQuery(adminHealthQuery);
  const allowances = health.data?.configuration.allowances ?? [];
  const healthy = health.data?.status === 'ok' && health.data.checks.every((check) => check.status === 'ok');
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold">Health</h2>
      {health.isPending ? (
        <Skeleton className="mt-3 h-12 w-full" />
      ) : health.isError ? (
        <p className="mt-2 text-sm text-destructive">The health check did not answer: {health.error.message}</p>
      ) : (
        <div className="mt-2 flex flex-col gap-2 text-sm">
          <p>
            <span
              className={healthy ? 'font-semibold text-emerald-700' : 'font-semibold text-destructive'}
              role="status"
            >
              {healthy ? 'All checks pass' : 'A check is failing'}
            </span>
          </p>
          <ul className="text-muted-foreground">
            {health.data.checks.map((check) => (
              <li key={check.name}>
                {check.name}: {check.status} ({Math.round(check.durationMs)} ms)
              </li>
            ))}
            <li>
              Payments: {health.data.configuration.payments === 'test' ? 'test-mode provider' : 'Stripe'}; e-mail:{' '}
              {health.data.configuration.mailer === 'outbox' ? 'outbox only' : 'SMTP'}
            </li>
          </ul>
          {allowances.length > 0 && (
            <p className="text-amber-800">Allowed production gaps: {allowances.map((a) => a.variable).join(', ')}</p>
          )}
        </div>
      )}
    </Card>
  );
}

export default function AdminOverviewPage() {
  const overview = useQuery(overviewQuery);
  const data = overview.data;
  const money = (amount: number) => formatMoney(amount, data?.currency ?? 'GBP');

  return (
    <section>
      <AdminPageHeader
        path="/admin"
        description="How the service is doing today. Hover or focus the i beside a figure for its definition."
      />
      {overview.isError ? (
        <ErrorPanel
          title="The overview could not be loaded"
          error={overview.error}
          onRetry={() => overview.refetch()}
          isRetrying={overview.isFetching}
        />
      ) : !data ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
          {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((key) => (
            <Skeleton key={key} className="h-24 w-full" />
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Figure
              label="Active subscribers"
              value={data.activeSubscribers.total.toLocaleString('en-GB')}
              definition={METRIC_DEFINITIONS.activeSubscribers}
              note={`Basic ${data.activeSubscribers.basic.toLocaleString('en-GB')} · Premium ${data.activeSubscribers.premium.toLocaleString('en-GB')}`}
            />
            <Figure
              label="Trials running"
              value={data.trialsRunning.toLocaleString('en-GB')}
              definition={METRIC_DEFINITIONS.trialsRunning}
            />
            <Figure
              label="Trial → paid (30 days)"
              value={formatRate(data.trialConversion30d.rate)}
              definition={METRIC_DEFINITIONS.trialConversion}
              note={`${data.trialConversion30d.converted} of ${data.trialConversion30d.trialsEnded} trials ended`}
            />
            <Figure
              label="Subscriber churn (30 days)"
              value={formatRate(data.churn30d.rate)}
              definition={METRIC_DEFINITIONS.churn}
              note={`${data.churn30d.churned} of ${data.churn30d.subscribersAtStart} subscribers`}
            />
            <Figure label="MRR" value={money(data.mrr)} definition={METRIC_DEFINITIONS.mrr} />
            <Figure
              label="New MRR this month"
              value={money(data.mrrThisMonth.new)}
              definition={METRIC_DEFINITIONS.newMrr}
            />
            <Figure
              label="Expansion MRR this month"
              value={money(data.mrrThisMonth.expansion)}
              definition={METRIC_DEFINITIONS.expansionMrr}
            />
            <Figure
              label="Contraction MRR this month"
              value={money(data.mrrThisMonth.contraction)}
              definition={METRIC_DEFINITIONS.contractionMrr}
            />
            <Figure
              label="Churned MRR this month"
              value={money(data.mrrThisMonth.churn)}
              definition={METRIC_DEFINITIONS.churnedMrr}
            />
            <Figure
              label="Reading today"
              value={`${data.readingMinutes.today.toLocaleString('en-GB')} min`}
              definition={METRIC_DEFINITIONS.readingMinutes}
              note={`${data.readingMinutes.last7Days.toLocaleString('en-GB')} min over the last 7 days`}
            />
          </div>

          <div className="grid grid-cols-1 gap-4 xl:grid-cols-3">
            <Card className="p-4 xl:col-span-2">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-base font-semibold">Sign-ups per day (last 30 days)</h2>
                <InfoTooltip label="Sign-ups per day">{METRIC_DEFINITIONS.signups}</InfoTooltip>
              </div>
              <figure className="mt-2">
                <Suspense fallback={<Skeleton className="h-[220px] w-full" />}>
                  <SignupsChart data={data.signupsByDay} />
                </Suspense>
                <figcaption className="sr-only">
                  {data.signupsByDay.reduce((sum, day) => sum + day.count, 0)} sign-ups in the last 30 days.
                </figcaption>
              </figure>
            </Card>
            <HealthCard />
          </div>

          <Card className="p-4">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-base font-semibold">Latest critical events</h2>
              <Link
                to="/admin/audit-log"
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Audit log
              </Link>
            </div>
            {data.criticalEvents.length === 0 ? (
              <p className="mt-2 text-sm text-muted-foreground">No critical events recorded.</p>
            ) : (
              <ul className="mt-2 divide-y divide-border text-sm">
                {data.criticalEvents.map((event) => (
                  <li key={event.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span className="font-medium">{event.action}</span>
                    <span className="text-muted-foreground">
                      {dateTime(event.at)}
                      {event.ipAddress ? ` · ${event.ipAddress}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </section>
  );
}
