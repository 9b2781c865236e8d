/**
 * /admin/financial-reports (docs/product/metrics.md): one date range (default: the last twelve months), two charts
 * and a table per figure, each with its CSV export. The report is computed by the server; this screen only shows it.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import {
  formatRate,
  METRIC_DEFINITIONS,
  type TChurnMonth,
  type TFinancialReport,
  type TMrrMonth,
  type TRefundLine,
  type TRevenueMonth,
  type TRevenuePlan,
  type TTrialMonth,
} from '@shared/admin-reports';
import { ZReportRangeQuery, type TReportRangeQuery } from '@shared/admin-reports.schemas';
import { formatMoney } from '@shared/billing';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { InfoTooltip } from '@web/components/ui/info-tooltip';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { downloadCsv, type TCsvCell } from '@web/lib/csv';
import { financialReportQuery } from './queries';

const ReportCharts = lazy(() => import('./report-charts'));

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

function defaultRange(): TReportRangeQuery {
  const now = new Date();
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1);
  return { from: isoDay(from), to: isoDay(now.getTime()) };
}

interface TColumn<TRow> {
  header: string;
  cell: (row: TRow) => TCsvCell;
  /** Shown instead of the CSV value (formatted money, rates). */
  display?: (row: TRow) => ReactNode;
  numeric?: boolean;
}

/** A small report table (a month or plan per row) with its CSV export; rows come whole from the server. */
function ReportTable<TRow>({
  title,
  definition,
  filename,
  rows,
  columns,
  rowKey,
}: {
  title: string;
  definition?: string;
  filename: string;
  rows: TRow[];
  columns: TColumn<TRow>[];
  rowKey: (row: TRow) => string;
}) {
  return (
    <Card className="p-4">
      {/* One scroll box for the heading row and the table: a phone scrolls a wide table sideways from the focusable
          export button inside it, and the heading row stays put while it does. */}
      <div className="relative overflow-x-auto">
        <div className="sticky left-0 mb-2 flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-1">
            <h2 className="text-base font-semibold">{title}</h2>
            {definition && <InfoTooltip label={title}>{definition}</InfoTooltip>}
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              downloadCsv(
                filename,
                columns.map((column) => column.header),
                rows.map((row) => columns.map((column) => column.cell(row))),
              )
            }
          >
            <Download aria-hidden="true" />
            Export CSV<span className="sr-only"> of {title}</span>
          </Button>
        </div>
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="bg-muted/60 text-left">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`whitespace-nowrap border-b border-border px-3 py-2 font-semibold ${column.numeric ? 'text-right' : ''}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-muted-foreground">
                  Nothing in this range.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="border-b border-border last:border-0">
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={`whitespace-nowrap px-3 py-1.5 ${column.numeric ? 'text-right tabular-nums' : ''}`}
                    >
                      {column.display ? column.display(row) : column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Money column: pounds with two decimals in the CSV, formatted on screen. */
function moneyColumn<TRow>(header: string, pick: (row: TRow) => number, currency: string): TColumn<TRow> {
  return {
    header,
    numeric: true,
    cell: (row) => (pick(row) / 100).toFixed(2),
    display: (row) => formatMoney(pick(row), currency),
  };
}

function rateColumn<TRow>(header: string, pick: (row: TRow) => number | null): TColumn<TRow> {
  return {
    header,
    numeric: true,
    cell: (row) => {
      const rate = pick(row);
      return rate === null ? '' : (rate * 100).toFixed(1);
    },
    display: (row) => formatRate(pick(row)),
  };
}

function Report({ report }: { report: TFinancialReport }) {
  const c = report.currency;
  const range = `${report.from.slice(0, 10)}_${new Date(Date.parse(report.to) - 1).toISOString().slice(0, 10)}`;
  const file = (name: string) => `wonderful-books-${name}-${range}.csv`;
  const totals = report.totals;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {(
          [
            ['Gross revenue', formatMoney(totals.gross, c), METRIC_DEFINITIONS.grossRevenue],
            ['Refunds', formatMoney(totals.refunds, c), METRIC_DEFINITIONS.refunds],
            ['Net revenue', formatMoney(totals.net, c), METRIC_DEFINITIONS.netRevenue],
            ['Invoices paid', totals.invoices.toLocaleString('en-GB'), METRIC_DEFINITIONS.grossRevenue],
          ] as const
        ).map(([label, value, definition]) => (
          <Card key={label} className="p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="text-sm font-medium text-muted-foreground">{label}</p>
              <InfoTooltip label={label}>{definition}</InfoTooltip>
            </div>
            <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
          </Card>
        ))}
      </div>

      <Suspense fallback={<Skeleton className="h-[300px] w-full" />}>
        <ReportCharts revenue={report.revenueByMonth} mrr={report.mrrByMonth} currency={report.currency} />
      </Suspense>

      <ReportTable<TRevenueMonth>
        title="Revenue by month"
        definition={METRIC_DEFINITIONS.grossRevenue}
        filename={file('revenue-by-month')}
        rows={report.revenueByMonth}
        rowKey={(row) => row.month}
        columns={[
          { header: 'Month', cell: (row) => row.month },
          { header: 'Invoices', cell: (row) => row.invoices, numeric: true },
          moneyColumn('Gross', (row) => row.gross, c),
          moneyColumn('Refunds', (row) => row.refunds, c),
          moneyColumn('Net', (row) => row.net, c),
        ]}
      />
      <ReportTable<TRevenuePlan>
        title="Revenue by plan"
        filename={file('revenue-by-plan')}
        rows={report.revenueByPlan}
        rowKey={(row) => row.tier}
        columns={[
          { header: 'Plan', cell: (row) => row.planName },
          { header: 'Invoices', cell: (row) => row.invoices, numeric: true },
          moneyColumn('Gross', (row) => row.gross, c),
          moneyColumn('Refunds', (row) => row.refunds, c),
          moneyColumn('Net', (row) => row.net, c),
        ]}
      />
      <ReportTable<TMrrMonth>
        title="MRR movements and ARPU"
        definition={`${METRIC_DEFINITIONS.mrr} ${METRIC_DEFINITIONS.arpu}`}
        filename={file('mrr-movements')}
        rows={report.mrrByMonth}
        rowKey={(row) => row.month}
        columns={[
          { header: 'Month', cell: (row) => row.month },
          moneyColumn('MRR at start', (row) => row.startMrr, c),
          moneyColumn('New', (row) => row.new, c),
          moneyColumn('Expansion', (row) => row.expansion, c),
          moneyColumn('Contraction', (row) => row.contraction, c),
          moneyColumn('Churned', (row) => row.churn, c),
          moneyColumn('MRR at end', (row) => row.endMrr, c),
          { header: 'Subscribers', cell: (row) => row.subscribers, numeric: true },
          moneyColumn('ARPU', (row) => row.arpu, c),
        ]}
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <ReportTable<TTrialMonth>
          title="Trial conversion"
          definition={METRIC_DEFINITIONS.trialConversion}
          filename={file('trial-conversion')}
          rows={report.trialConversionByMonth}
          rowKey={(row) => row.month}
          columns={[
            { header: 'Month', cell: (row) => row.month },
            { header: 'Trials ended', cell: (row) => row.trialsEnded, numeric: true },
            { header: 'Converted', cell: (row) => row.converted, numeric: true },
            rateColumn('Rate (%)', (row) => row.rate),
          ]}
        />
        <ReportTable<TChurnMonth>
          title="Subscriber churn"
          definition={METRIC_DEFINITIONS.churn}
          filename={file('churn')}
          rows={report.churnByMonth}
          rowKey={(row) => row.month}
          columns={[
            { header: 'Month', cell: (row) => row.month },
            { header: 'Subscribers at start', cell: (row) => row.subscribersAtStart, numeric: true },
            { header: 'Ended', cell: (row) => row.churned, numeric: true },
            rateColumn('Rate (%)', (row) => row.rate),
          ]}
        />
      </div>
      <ReportTable<TRefundLine>
        title="Refunds"
        definition={METRIC_DEFINITIONS.refunds}
        filename={file('refunds')}
        rows={report.refunds}
        rowKey={(row) => row.id}
        columns={[
          { header: 'Date', cell: (row) => row.createdAt.slice(0, 10) },
          { header: 'Invoice', cell: (row) => row.invoiceNumber },
          { header: 'Customer', cell: (row) => row.customerEmail },
          { header: 'Plan', cell: (row) => row.tier },
          moneyColumn('Amount', (row) => row.amount, c),
          { header: 'Reason', cell: (row) => row.reason ?? '' },
        ]}
      />
    </div>
  );
}

export default function FinancialReportsPage() {
  const [range, setRange] = useState<TReportRangeQuery>(defaultRange);
  const report = useQuery(financialReportQuery(range.from, range.to));
  const form = useForm<TReportRangeQuery>({ resolver: zodResolver(ZReportRangeQuery), defaultValues: range });
  const { errors } = form.formState;

  return (
    <section>
      <AdminPageHeader
        path="/admin/financial-reports"
        description="Revenue, MRR, ARPU, trial conversion, churn and refunds for the dates you choose (UTC, both days included)."
      />
      <form
        className="mb-6 flex flex-wrap items-end gap-3"
        onSubmit={form.handleSubmit((values) => setRange(values))}
        noValidate
      >
        <FormField id="report-from" label="From" error={errors.from?.message}>
          {(a11y) => <Input type="date" className="w-44" {...a11y} {...form.register('from')} />}
        </FormField>
        <FormField id="report-to" label="To" error={errors.to?.message}>
          {(a11y) => <Input type="date" className="w-44" {...a11y} {...form.register('to')} />}
        </FormField>
        <Button type="submit" disabled={report.isFetching}>
          {report.isFetching ? 'Loading...' : 'Show report'}
        </Button>
      </form>
      {report.isError ? (
        <ErrorPanel
          title="The report could not be loaded"
          error={report.error}
          onRetry={() => report.refetch()}
          isRetrying={report.isFetching}
        />
      ) : report.data ? (
        <Report report={report.data} />
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </section>
  );
}
