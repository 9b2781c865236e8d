import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { DataTable, type TDataTableColumn, type TDataTableQuery } from './data-table';

afterEach(cleanup);

interface TPerson {
  id: string;
  name: string;
  city: string;
}

const COLUMNS: TDataTableColumn<TPerson>[] = [
  { accessorKey: 'name', header: 'Name', enableSorting: true },
  { accessorKey: 'city', header: 'City' },
];
const ROWS: TPerson[] = [
  { id: 'a', name: 'Ada', city: 'London' },
  { id: 'b', name: 'Grace', city: 'New York' },
];

function Harness({
  onQuery,
  rows = ROWS,
  total = 60,
  isLoading = false,
}: {
  onQuery: (query: TDataTableQuery) => void;
  rows?: TPerson[];
  total?: number;
  isLoading?: boolean;
}) {
  const [query, setQuery] = useState<TDataTableQuery>({ page: 1, pageSize: 25, sort: 'name', order: 'asc' });
  const [selected, setSelected] = useState<RowSelectionState>({});
  return (
    <>
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={rows}
        total={total}
        isLoading={isLoading}
        query={query}
        onQueryChange={(next) => {
          const merged = { ...query, ...next };
          setQuery(merged);
          onQuery(merged);
        }}
        getRowId={(row) => row.id}
        selection={{ selected, onChange: setSelected }}
      />
      <output data-testid="selected">{Object.keys(selected).sort().join(',')}</output>
    </>
  );
}

describe('DataTable', () => {
  it('marks the sorted column with aria-sort and asks the server for the other order on click', async () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'City' })).not.toHaveAttribute('aria-sort');
    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name', order: 'desc', page: 1 }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('pages through the server total and changes the page size from the first page', async () => {
    const onQuery = vi.fn();
    render(<Harness onQuery={onQuery} />);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, pageSize: 25 }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onQuery).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, pageSize: 50 }));
  });

  it('selects rows by id, one at a time or the whole page', async () => {
    render(<Harness onQuery={vi.fn()} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.getByTestId('selected')).toHaveTextContent('b');
    await userEvent.click(screen.getByRole('checkbox', { name: /Select every row/ }));
    expect(screen.getByTestId('selected')).toHaveTextContent('a,b');
  });

  it('shows an empty page and a loading state', () => {
    const { rerender } = render(<Harness onQuery={vi.fn()} rows={[]} total={0} />);
    expect(screen.getByText('Nothing matches these filters.')).toBeInTheDocument();
    rerender(<Harness onQuery={vi.fn()} rows={[]} total={0} isLoading />);
    expect(screen.getByText('Loading People...')).toBeInTheDocument();
    expect(screen.queryByText('Nothing matches these filters.')).not.toBeInTheDocument();
  });
});
