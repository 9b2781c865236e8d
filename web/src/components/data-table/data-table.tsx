/**
 * The back office's table (docs/product/routes-and-screens.md#back-office-tables): TanStack Table v9 drives the
 * headers, cells, sorting and row selection, while the rows, their order and the page come from the server
 * (`manualSorting`, `manualPagination`): the caller owns one `TAdminListQuery`-shaped state (page, pageSize, sort,
 * order) and refetches when it changes. Sortable columns say so with `enableSorting: true` and carry aria-sort;
 * loading shows skeleton rows, an empty page says so, and a toolbar slot above holds the screen's filters.
 */
import { useMemo, type ReactNode } from 'react';
import {
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { ADMIN_PAGE_SIZES } from '@shared/admin-list';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';

/** The features every data table registers (v9 tables declare theirs). */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature, rowPaginationFeature });
export type TDataTableFeatures = typeof dataTableFeatures;
export type TDataTableColumn<TData extends RowData> = ColumnDef<TDataTableFeatures, TData>;

/** The table's share of a list query: the server pages and sorts. */
export interface TDataTableQuery {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface DataTableProps<TData extends RowData> {
  /** Accessible name of the table (its caption, visually hidden). */
  label: string;
  columns: TDataTableColumn<TData>[];
  rows: TData[] | undefined;
  total: number | undefined;
  isLoading: boolean;
  /** A refetch is under way while the previous page stays on screen. */
  isFetching?: boolean;
  query: TDataTableQuery;
  onQueryChange: (next: Partial<TDataTableQuery>) => void;
  getRowId: (row: TData) => string;
  /** Row selection, by row id; omit for a table without checkboxes. */
  selection?: { selected: RowSelectionState; onChange: (next: RowSelectionState) => void };
  /** Filters and actions shown above the table. */
  toolbar?: ReactNode;
  emptyMessage?: ReactNode;
  pageSizes?: readonly number[];
}

/** Placeholder rows while the first page loads. */
const SKELETON_ROW_KEYS = ['one', 'two', 'three', 'four', 'five', 'six'];

function applyUpdater<T>(updater: Updater<T>, current: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;
}

function selectionColumn<TData extends RowData>(label: string): TDataTableColumn<TData> {
  return {
    id: '__select',
    enableSorting: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        className="size-4 accent-primary"
        aria-label={`Select every row on this page of ${label}`}
        checked={table.getIsAllPageRowsSelected()}
        ref={(element) => {
          if (element) element.indeterminate = table.getIsSomePageRowsSelected();
        }}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        className="size-4 accent-primary"
        aria-label={`Select row ${row.index + 1}`}
        checked={row.getIsSelected()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}

export function DataTable<TData extends RowData>({
  label,
  columns,
  rows,
  total,
  isLoading,
  isFetching = false,
  query,
  onQueryChange,
  getRowId,
  selection,
  toolbar,
  emptyMessage = 'Nothing matches these filters.',
  pageSizes = ADMIN_PAGE_SIZES,
}: DataTableProps<TData>) {
  const sorting: SortingState = query.sort ? [{ id: query.sort, desc: query.order === 'desc' }] : [];
  const allColumns = useMemo(
    () => (selection ? [selectionColumn<TData>(label), ...columns] : columns),
    [columns, selection, label],
  );
  const data = useMemo(() => rows ?? [], [rows]);
  const rowCount = total ?? 0;

  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data,
    getRowId: (row) => getRowId(row),
    defaultColumn: { enableSorting: false },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount,
    enableRowSelection: Boolean(selection),
    state: {
      sorting,
      pagination: { pageIndex: query.page - 1, pageSize: query.pageSize },
      rowSelection: selection?.selected ?? {},
    },
    onSortingChange: (updater) => {
      const [next] = applyUpdater(updater, sorting);
      onQueryChange({ sort: next?.id, order: next ? (next.desc ? 'desc' : 'asc') : undefined, page: 1 });
    },
    onPaginationChange: (updater) => {
      const next = applyUpdater(updater, { pageIndex: query.page - 1, pageSize: query.pageSize });
      onQueryChange({ page: next.pageIndex + 1, pageSize: next.pageSize });
    },
    onRowSelectionChange: (updater) => selection?.onChange(applyUpdater(updater, selection.selected)),
  });

  const pageCount = Math.max(1, Math.ceil(rowCount / query.pageSize));
  const firstRow = rowCount === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const lastRow = Math.min(rowCount, query.page * query.pageSize);
  const visibleColumnCount = allColumns.length;

  return (
    <div className="flex flex-col gap-3">
      {toolbar && <div className="flex flex-wrap items-end gap-2">{toolbar}</div>}
      <div
        className={cn(
          'relative overflow-x-auto rounded-lg border border-border bg-card transition-opacity',
          isFetching && !isLoading && 'opacity-70',
        )}
        aria-busy={isLoading || isFetching}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-muted/60 text-left">
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id}>
                {headerGroup.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const direction = header.column.getIsSorted();
                  const ariaSort = !canSort
                    ? undefined
                    : direction === 'asc'
                      ? 'ascending'
                      : direction === 'desc'
                        ? 'descending'
                        : 'none';
                  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort}
                      className="whitespace-nowrap border-b border-border px-3 py-2 font-semibold"
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {content}
                          {direction === 'asc' ? (
                            <ArrowUp className="size-3.5" aria-hidden="true" />
                          ) : direction === 'desc' ? (
                            <ArrowDown className="size-3.5" aria-hidden="true" />
                          ) : (
                            <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {isLoading ? (
              SKELETON_ROW_KEYS.map((key) => (
                <tr key={key} className="border-b border-border last:border-0">
                  <td colSpan={visibleColumnCount} className="px-3 py-2">
                    <Skeleton className="h-5 w-full" />
                  </td>
                </tr>
              ))
            ) : table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={visibleColumnCount} className="px-3 py-10 text-center text-muted-foreground">
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  aria-selected={selection ? row.getIsSelected() : undefined}
                  className={cn(
                    'border-b border-border last:border-0 hover:bg-muted/40',
                    row.getIsSelected() && 'bg-secondary/40',
                  )}
                >
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2 align-middle">
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {isLoading && (
        <span className="sr-only" role="status">
          Loading {label}...
        </span>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p aria-live="polite" className="text-muted-foreground">
          {isLoading
            ? 'Loading...'
            : rowCount === 0
              ? 'No rows'
              : `${firstRow}–${lastRow} of ${rowCount.toLocaleString('en-GB')}`}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-2">
            <span className="whitespace-nowrap text-muted-foreground">Rows per page</span>
            <select
              className="h-9 rounded-md border border-border bg-background px-2"
              value={query.pageSize}
              onChange={(event) => onQueryChange({ pageSize: Number(event.target.value), page: 1 })}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          {/* Previous, page and next stay together when the row wraps on a phone. */}
          <div className="flex items-center gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage() || isLoading}
              aria-label="Previous page"
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <span className="whitespace-nowrap tabular-nums">
              Page {query.page} of {pageCount.toLocaleString('en-GB')}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => table.nextPage()}
              disabled={!table.getCanNextPage() || isLoading}
              aria-label="Next page"
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
