/**
 * A small table whose rows all arrive at once (health checks, staff, backups, the route guard matrix): TanStack Table v9
 * draws headers and cells, no paging or sorting. Long lists from the server use DataTable (data-table.tsx) instead.
 * Below 640 px each row becomes a stacked card, every value preceded by its column's name, so a phone never has to
 * scroll a table sideways.
 */
import { useMemo, type ReactNode } from 'react';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { cn } from '@web/lib/cn';

export const staticTableFeatures = tableFeatures({});
export type TStaticTableColumn<TData extends RowData> = ColumnDef<typeof staticTableFeatures, TData>;

export function StaticTable<TData extends RowData>({
  label,
  columns,
  rows,
  getRowId,
  emptyMessage = 'Nothing to show.',
  rowClassName,
}: {
  /** Accessible name of the table (its caption, visually hidden). */
  label: string;
  columns: TStaticTableColumn<TData>[];
  rows: TData[];
  getRowId: (row: TData) => string;
  emptyMessage?: ReactNode;
  rowClassName?: (row: TData) => string | undefined;
}) {
  const data = useMemo(() => rows, [rows]);
  const table = useTable({ features: staticTableFeatures, columns, data, getRowId: (row) => getRowId(row) });
  return (
    <div className="rounded-lg border border-border bg-card sm:overflow-x-auto">
      <table className="w-full border-collapse text-sm max-sm:block">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-muted/60 text-left max-sm:sr-only">
          {table.getHeaderGroups().map((headerGroup) => (
            <tr key={headerGroup.id}>
              {headerGroup.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className="whitespace-nowrap border-b border-border px-3 py-2 font-semibold"
                >
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="max-sm:block">
          {table.getRowModel().rows.length === 0 ? (
            <tr className="max-sm:block">
              <td colSpan={columns.length} className="px-3 py-8 text-center text-muted-foreground max-sm:block">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={cn(
                  'border-b border-border align-top last:border-0 max-sm:block max-sm:py-2',
                  rowClassName?.(row.original),
                )}
              >
                {row.getAllCells().map((cell) => {
                  const header = cell.column.columnDef.header;
                  return (
                    <td
                      key={cell.id}
                      data-label={typeof header === 'string' ? header : ''}
                      className="px-3 py-2 max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]"
                    >
                      <span className="min-w-0 break-words">
                        <table.FlexRender cell={cell} />
                      </span>
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
