/**
 * A back-office list's query (page, size, sort, order and its filters) kept in the address bar, so a filtered view can
 * be bookmarked, shared and restored with Back. Values are strings as the API's query schema reads them; empty
 * filters are dropped, and any filter change returns to page 1.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_DEFAULT_PAGE_SIZE } from '@shared/admin-list';
import type { TDataTableQuery } from '@web/components/data-table/data-table';

export interface TListQuery<TFilter extends string> {
  table: TDataTableQuery;
  filters: Partial<Record<TFilter, string>>;
  /** The query string the API gets (table and filters). */
  params: Record<string, string>;
  setTable: (next: Partial<TDataTableQuery>) => void;
  setFilter: (name: TFilter, value: string) => void;
  clearFilters: () => void;
}

export function useListQuery<TFilter extends string>(
  filterNames: readonly TFilter[],
  defaults: { sort: string; order: 'asc' | 'desc' },
): TListQuery<TFilter> {
  const [search, setSearch] = useSearchParams();
  const table = useMemo<TDataTableQuery>(
    () => ({
      page: Math.max(1, Number(search.get('page')) || 1),
      pageSize: Number(search.get('pageSize')) || ADMIN_DEFAULT_PAGE_SIZE,
      sort: search.get('sort') || defaults.sort,
      order: search.get('order') === 'asc' ? 'asc' : search.get('order') === 'desc' ? 'desc' : defaults.order,
    }),
    [search, defaults.sort, defaults.order],
  );
  const filters = useMemo(() => {
    const values: Partial<Record<TFilter, string>> = {};
    for (const name of filterNames) {
      const value = search.get(name);
      if (value) values[name] = value;
    }
    return values;
  }, [search, filterNames]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const params = useMemo(() => {
    const all: Record<string, string> = {
      page: String(table.page),
      pageSize: String(table.pageSize),
      sort: table.sort ?? defaults.sort,
      order: table.order ?? defaults.order,
    };
    for (const [key, value] of Object.entries(filters)) if (value) all[key] = value as string;
    return all;
  }, [table, filters, defaults.sort, defaults.order]);

  return {
    table,
    filters,
    params,
    setTable: (next) => update({ page: next.page, pageSize: next.pageSize, sort: next.sort, order: next.order }),
    setFilter: (name, value) => update({ [name]: value, page: undefined }),
    clearFilters: () => update(Object.fromEntries([...filterNames, 'page'].map((name) => [name, undefined]))),
  };
}
