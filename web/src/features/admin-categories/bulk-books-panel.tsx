/**
 * The books tab of /admin/bulk-categorization (docs/product/site-content.md#bulk-categorisation): the books list with
 * its filters, a selection kept across pages (or every book the filters match), categories to add and to remove, and
 * the job's progress after a confirmation. Each row shows the suggestions made from the book's own text with the words
 * that matched; 'Add' on one applies it to that book.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import type { TAdminBookRow } from '@shared/admin-books';
import type { TAdminCategory, TCategorySuggestion } from '@shared/admin-categories';
import type { TCategorizationRequestInput } from '@shared/admin-categories.schemas';
import { TIER_LABELS } from '@shared/tiers';
import { DataTable, type TDataTableColumn } from '@web/components/data-table/data-table';
import { ErrorPanel } from '@web/components/error-panel';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { adminBooksQueryOptions } from '@web/features/admin-books/queries';
import { SearchFilter, SelectFilter } from '@web/features/admin-shell/filter-controls';
import { useListQuery } from '@web/features/admin-shell/use-list-query';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import {
  adminCategoriesQueryOptions,
  categorizationJobQueryOptions,
  categorySuggestionsQueryOptions,
  refreshCatalogue,
  startCategorization,
} from './queries';

const FILTERS = ['q', 'category', 'tier', 'published'] as const;
const DEFAULT_SORT = { sort: 'title', order: 'asc' } as const;
const TIER_OPTIONS = Object.entries(TIER_LABELS).map(([value, label]) => ({ value, label }));
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

function JobProgress({ jobId, onEnd, onFinished }: { jobId: string; onEnd: () => void; onFinished: () => void }) {
  const job = useQuery(categorizationJobQueryOptions(jobId));
  const data = job.data;
  const status = data?.status;
  useEffect(() => {
    if (status && status !== 'running') onFinished();
  }, [status, onFinished]);
  const percent = data && data.total > 0 ? Math.round((data.processed / data.total) * 100) : 0;
  const ended = data && data.status !== 'running';
  return (
    <section aria-label="Categorisation progress" className="rounded-md border border-border bg-card p-3">
      <div className="flex items-center justify-between gap-2 text-sm">
        <p className="font-medium" role="status">
          {!data
            ? 'Starting…'
            : data.status === 'running'
              ? `Categorising: ${data.processed} of ${data.total} books`
              : data.status === 'done'
                ? `Done: ${plural(data.changed, 'book', 'books')} changed${data.skippedFull ? `, ${data.skippedFull} skipped (already 10 categories)` : ''}.`
                : (data.error ?? 'The categorisation stopped.')}
        </p>
        {ended && (
          <Button type="button" variant="ghost" size="sm" onClick={onEnd}>
            Dismiss
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Books categorised"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-2 overflow-hidden rounded-full bg-secondary"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}

function CategoryChecklist({
  legend,
  categories,
  chosen,
  disabled,
  onChange,
}: {
  legend: string;
  categories: TAdminCategory[];
  chosen: string[];
  disabled: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="min-w-0 flex-1 rounded-md border border-border p-2">
      <legend className="px-1 text-xs font-medium text-muted-foreground">{legend}</legend>
      <div className="flex max-h-40 flex-wrap gap-x-3 gap-y-1 overflow-y-auto">
        {categories.map((category) => (
          <label key={category.id} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.includes(category.id)}
              disabled={disabled.includes(category.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, category.id] : chosen.filter((id) => id !== category.id))
              }
            />
            {category.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function SuggestionChips({
  book,
  suggestions,
  onAdd,
}: {
  book: TAdminBookRow;
  suggestions: TCategorySuggestion[] | undefined;
  onAdd: (book: TAdminBookRow, suggestion: TCategorySuggestion) => void;
}) {
  if (!suggestions) return <span className="text-xs text-muted-foreground">…</span>;
  if (suggestions.length === 0) return <span className="text-xs text-muted-foreground">None</span>;
  return (
    <ul className="flex flex-col gap-1">
      {suggestions.map((suggestion) => (
        <li key={suggestion.categoryId} className="flex flex-wrap items-center gap-1 text-xs">
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => onAdd(book, suggestion)}
          >
            <Plus aria-hidden="true" className="size-3" />
            {suggestion.categoryName}
            <span className="sr-only"> to {book.title}</span>
          </Button>
          <span className="text-muted-foreground">matched: {suggestion.matched.join(', ')}</span>
        </li>
      ))}
    </ul>
  );
}

export function BulkBooksPanel() {
  const list = useListQuery(FILTERS, DEFAULT_SORT);
  const books = useQuery({ ...adminBooksQueryOptions(list.params), placeholderData: keepPreviousData });
  const categories = useQuery(adminCategoriesQueryOptions());
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [allMatching, setAllMatching] = useState(false);
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [isJobRunning, setIsJobRunning] = useState(false);
  const selectedIds = useMemo(() => Object.keys(selected).filter((id) => selected[id]), [selected]);
  const pageIds = useMemo(() => books.data?.items.map((book) => book.id) ?? [], [books.data]);
  const suggestions = useQuery(categorySuggestionsQueryOptions(pageIds));
  const suggestionsByBook = new Map(suggestions.data?.books.map((entry) => [entry.bookId, entry.suggestions]));
  const allCategories = categories.data?.items ?? [];
  const total = books.data?.total ?? 0;
  const count = allMatching ? total : selectedIds.length;
  const names = (ids: string[]) => ids.map((id) => allCategories.find((c) => c.id === id)?.name ?? '').join(', ');

  async function run(request: TCategorizationRequestInput) {
    try {
      const job = await startCategorization(request);
      setIsJobRunning(true);
      setJobId(job.id);
    } catch (error) {
      toast({ title: 'Could not categorise the books', description: describeError(error), variant: 'destructive' });
      throw error;
    }
  }

  async function applyBulk() {
    const { page: _page, pageSize: _size, sort: _sort, order: _order, ...filter } = list.params;
    await run(allMatching ? { filter, add, remove } : { bookIds: selectedIds, add, remove });
    setSelected({});
    setAllMatching(false);
    setAdd([]);
    setRemove([]);
  }

  function addSuggestion(book: TAdminBookRow, suggestion: TCategorySuggestion) {
    void run({ bookIds: [book.id], add: [suggestion.categoryId], remove: [] }).then(
      () => toast({ title: `${suggestion.categoryName} added to ${book.title}` }),
      () => undefined,
    );
  }

  const columns: TDataTableColumn<TAdminBookRow>[] = [
    {
      id: 'title',
      header: 'Title',
      enableSorting: true,
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.original.title}</span>
          <span className="text-xs text-muted-foreground">{row.original.author}</span>
        </span>
      ),
    },
    { id: 'categories', header: 'Categories', cell: ({ row }) => row.original.categories.join(', ') || '—' },
    {
      id: 'suggestions',
      header: 'Suggested from its text',
      cell: ({ row }) => (
        <SuggestionChips
          book={row.original}
          suggestions={suggestions.isPending ? undefined : (suggestionsByBook.get(row.original.id) ?? [])}
          onAdd={addSuggestion}
        />
      ),
    },
  ];

  // The table, the counts and the suggestions follow once the job ends.
  const onJobFinished = useCallback(() => {
    setIsJobRunning(false);
    void refreshCatalogue(queryClient);
  }, [queryClient]);

  return (
    <div className="flex flex-col gap-3">
      {jobId && <JobProgress key={jobId} jobId={jobId} onEnd={() => setJobId(null)} onFinished={onJobFinished} />}
      {books.isError ? (
        <ErrorPanel
          title="We couldn't load the books."
          error={books.error}
          onRetry={() => void books.refetch()}
          isRetrying={books.isFetching}
        />
      ) : (
        <DataTable
          label="Books to categorise"
          columns={columns}
          rows={books.data?.items}
          total={books.data?.total}
          isLoading={books.isPending}
          isFetching={books.isFetching}
          query={list.table}
          onQueryChange={list.setTable}
          getRowId={(row) => row.id}
          selection={{
            selected,
            onChange: (next) => {
              setAllMatching(false);
              setSelected(next);
            },
          }}
          emptyMessage="No books match these filters."
          toolbar={
            <>
              <SearchFilter
                id="bulk-search"
                label="Search title, author or slug"
                value={list.filters.q ?? ''}
                onChange={(value) => list.setFilter('q', value)}
              />
              <SelectFilter
                id="bulk-category"
                label="Category"
                value={list.filters.category ?? ''}
                options={allCategories.map((category) => ({ value: category.id, label: category.name }))}
                onChange={(value) => list.setFilter('category', value)}
              />
              <SelectFilter
                id="bulk-tier"
                label="Tier"
                value={list.filters.tier ?? ''}
                options={TIER_OPTIONS}
                onChange={(value) => list.setFilter('tier', value)}
              />
              <SelectFilter
                id="bulk-published"
                label="Published"
                value={list.filters.published ?? ''}
                options={YES_NO}
                onChange={(value) => list.setFilter('published', value)}
              />
              <Button type="button" variant="ghost" size="sm" onClick={list.clearFilters}>
                Clear filters
              </Button>
              <section
                aria-label="Change categories"
                className="flex w-full flex-col gap-2 rounded-md border border-border bg-secondary/40 p-2"
              >
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <p className="font-medium" aria-live="polite">
                    {allMatching
                      ? `All ${plural(total, 'book', 'books')} matching the filters selected`
                      : `${plural(selectedIds.length, 'book', 'books')} selected`}
                  </p>
                  {!allMatching && total > 0 && (
                    <Button type="button" variant="outline" size="sm" onClick={() => setAllMatching(true)}>
                      Select all {total} matching
                    </Button>
                  )}
                  {(allMatching || selectedIds.length > 0) && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        setAllMatching(false);
                        setSelected({});
                      }}
                    >
                      Clear selection
                    </Button>
                  )}
                </div>
                <div className="flex flex-col gap-2 md:flex-row">
                  <CategoryChecklist
                    legend="Add these categories"
                    categories={allCategories}
                    chosen={add}
                    disabled={remove}
                    onChange={setAdd}
                  />
                  <CategoryChecklist
                    legend="Remove these categories"
                    categories={allCategories}
                    chosen={remove}
                    disabled={add}
                    onChange={setRemove}
                  />
                </div>
                <ConfirmDialog
                  trigger={
                    <Button
                      type="button"
                      size="sm"
                      className="self-start"
                      disabled={count === 0 || add.length + remove.length === 0 || isJobRunning}
                    >
                      Apply to {plural(count, 'book', 'books')}
                    </Button>
                  }
                  title="Change the categories of these books?"
                  confirmLabel={`Apply to ${plural(count, 'book', 'books')}`}
                  pendingLabel="Starting…"
                  onConfirm={applyBulk}
                >
                  {add.length > 0 && <p>Add: {names(add)}.</p>}
                  {remove.length > 0 && <p>Remove: {names(remove)}.</p>}
                  <p>
                    {plural(count, 'book changes', 'books change')}; a book that would have more than 10 categories is
                    skipped.
                  </p>
                </ConfirmDialog>
              </section>
            </>
          }
        />
      )}
    </div>
  );
}
