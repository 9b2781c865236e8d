/** zod request schema of the financial reports API (docs/product/metrics.md#report-range). */
import { z } from 'zod';

const DATE_MESSAGE = 'Enter the date as YYYY-MM-DD';
const isoDay = z
  .string({ message: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    DATE_MESSAGE,
  );

/** Both days inclusive, UTC; at most five years. */
export const ZReportRangeQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine((range) => range.from <= range.to, { message: 'The start date must not be after the end date', path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 5 * 366 * 24 * 60 * 60 * 1000, {
    message: 'Choose a range of at most five years',
    path: ['to'],
  });
export type TReportRangeQuery = z.infer<typeof ZReportRangeQuery>;
