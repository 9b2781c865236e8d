/**
 * The financial reports' charts (recharts, loaded only by this back-office screen): net revenue per month stacked
 * over refunds, and MRR at each month's end with its movements.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TMrrMonth, TRevenueMonth } from '@shared/admin-reports';
import { formatMoney } from '@shared/billing';

const pounds = (currency: string) => (value: number) => formatMoney(Math.round(value * 100), currency);

export function RevenueChart({ months, currency }: { months: TRevenueMonth[]; currency: string }) {
  const data = months.map((month) => ({ month: month.month, net: month.net / 100, refunds: month.refunds / 100 }));
  const format = pounds(currency);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="month" tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} tickFormatter={(value) => `£${value}`} />
        <Tooltip formatter={(value) => format(Number(value))} />
        <Legend />
        <Bar isAnimationActive={false} dataKey="net" name="Net revenue" stackId="revenue" fill="var(--color-primary)" />
        <Bar isAnimationActive={false} dataKey="refunds" name="Refunds" stackId="revenue" fill="#b45309" />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function MrrChart({ months, currency }: { months: TMrrMonth[]; currency: string }) {
  const data = months.map((month) => ({
    month: month.month,
    mrr: month.endMrr / 100,
    gained: (month.new + month.expansion) / 100,
    lost: -(month.contraction + month.churn) / 100,
  }));
  const format = pounds(currency);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="month" tick={{ fontSize: 12 }} />
        <YAxis tick={{ fontSize: 12 }} tickFormatter={(value) => `£${value}`} />
        <Tooltip formatter={(value) => format(Number(value))} />
        <Legend />
        <Bar isAnimationActive={false} dataKey="gained" name="New + expansion" fill="#15803d" />
        <Bar isAnimationActive={false} dataKey="lost" name="Contraction + churn" fill="#b91c1c" />
        <Line
          isAnimationActive={false}
          dataKey="mrr"
          name="MRR at month end"
          stroke="var(--color-primary)"
          strokeWidth={2}
          dot
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Both charts side by side on wide screens (the lazy chunk's default export). */
export default function ReportCharts({
  revenue,
  mrr,
  currency,
}: {
  revenue: TRevenueMonth[];
  mrr: TMrrMonth[];
  currency: string;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <section className="rounded-xl border border-border bg-card p-4 shadow-sm">
        <h2 className="text-base font-semibold">Revenue by month</h2>
        <RevenueChart months={revenue} currency={currency} />
      </section>
      <section className="rounded-xl border border-border bg-card p-4 shadow-sm">
        <h2 className="text-base font-semibold">MRR and its movements</h2>
        <MrrChart months={mrr} currency={currency} />
      </section>
    </div>
  );
}
