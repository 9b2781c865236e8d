/**
 * A small table whose rows all arrive at once (health checks, settings, the route guard matrix): TanStack Table v9 draws
 * headers and cells, no paging or sorting. Long lists from the server use DataTable (data-table.tsx) instead.
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
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-muted/60 text-left">
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
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-8 text-center text-muted-foreground">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={cn('border-b border-border last:border-0 align-top', rowClassName?.(row.original))}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
