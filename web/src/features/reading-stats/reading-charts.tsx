/**
 * The dashboard's bar charts (recharts: this module is loaded lazily, only where charts are shown). Each chart is
 * decorative for screen readers: the section beside it carries the same numbers in a table.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface TChartPoint {
  label: string;
  value: number;
}

export default function ReadingBarChart({ data, unit }: { data: TChartPoint[]; unit: string }) {
  return (
    <div aria-hidden="true">
      <ResponsiveContainer width="100%" height={200}>
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => [`${value} ${unit}`, '']} separator="" />
          <Bar isAnimationActive={false} dataKey="value" fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
