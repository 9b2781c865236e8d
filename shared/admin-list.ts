/**
 * The query every back-office list takes and the page it answers (docs/product/back-office.md#lists): 1-based page,
 * pageSize from ADMIN_PAGE_SIZES' range, one sort column from the list's own allowed set and an order. Each admin list
 * extends `adminListQuery(...)` with its filters, so paging and sorting read and fail the same way everywhere.
 */
import { z } from 'zod';

export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** Deep pages of a huge list are reached by filtering, not paging (an OFFSET that large is slow). */
export const ADMIN_MAX_PAGE = 10_000;
/** A CSV export holds at most this many rows of the filtered list. */
export const ADMIN_EXPORT_MAX_ROWS = 100_000;

export const ADMIN_LIST_MESSAGES = {
  page: `Page must be a whole number between 1 and ${ADMIN_MAX_PAGE}`,
  pageSize: `Page size must be a whole number between 1 and ${ADMIN_MAX_PAGE_SIZE}`,
  sort: 'Sort must be one of the sortable columns',
  order: "Order must be 'asc' or 'desc'",
  date: 'Date must be a date such as 2025-01-31',
} as const;

export const ZSortOrder = z.enum(['asc', 'desc'], { message: ADMIN_LIST_MESSAGES.order });

/** The paging and sorting part of a list query; `sortable` lists the columns the server can order by. */
export function adminListQuery<const TSort extends readonly [string, ...string[]]>(
  sortable: TSort,
  defaults: { sort: TSort[number]; order: 'asc' | 'desc' },
) {
  return z.object({
    page: z.coerce
      .number({ message: ADMIN_LIST_MESSAGES.page })
      .int(ADMIN_LIST_MESSAGES.page)
      .min(1, ADMIN_LIST_MESSAGES.page)
      .max(ADMIN_MAX_PAGE, ADMIN_LIST_MESSAGES.page)
      .default(1),
    pageSize: z.coerce
      .number({ message: ADMIN_LIST_MESSAGES.pageSize })
      .int(ADMIN_LIST_MESSAGES.pageSize)
      .min(1, ADMIN_LIST_MESSAGES.pageSize)
      .max(ADMIN_MAX_PAGE_SIZE, ADMIN_LIST_MESSAGES.pageSize)
      .default(ADMIN_DEFAULT_PAGE_SIZE),
    sort: z.enum(sortable, { message: ADMIN_LIST_MESSAGES.sort }).default(defaults.sort as never),
    order: ZSortOrder.default(defaults.order),
  });
}

/** Optional query-string text filter: trimmed, empty means absent. */
export function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** Optional date filter from a query string: 'YYYY-MM-DD' or an ISO time, answered as epoch milliseconds. */
export const ZOptionalDateFilter = z
  .string()
  .trim()
  .max(40, ADMIN_LIST_MESSAGES.date)
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    const time = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time)) {
      context.addIssue({ code: 'custom', message: ADMIN_LIST_MESSAGES.date });
      return z.NEVER;
    }
    return time;
  });

/** Optional 'true' / 'false' flag from a query string. */
export const ZOptionalFlag = z
  .enum(['true', 'false'], { message: "Must be 'true' or 'false'" })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/** One page of a back-office list. */
export interface TAdminPage<TItem> {
  items: TItem[];
  total: number;
  page: number;
  pageSize: number;
}
