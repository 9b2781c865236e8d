/**
 * /admin/books: every book, published or not, in a server-paged table (docs/product/back-office.md#books): search by
 * title, author or slug, filters (category, tier, featured, has content, version, published), and the way into each
 * book's editor and to a new book.
 */
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { TAdminBookRow } from '@shared/admin-books';
import { TIER_LABELS } from '@shared/tiers';
import { DataTable, type TDataTableColumn } from '@web/components/data-table/data-table';
import { ErrorPanel } from '@web/components/error-panel';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { SearchFilter, SelectFilter, formatDateTime } from '@web/features/admin-shell/filter-controls';
import { useListQuery } from '@web/features/admin-shell/use-list-query';
import { categoriesQueryOptions } from '@web/features/catalogue/queries';
import { adminBooksQueryOptions } from './queries';

const FILTERS = ['q', 'category', 'tier', 'featured', 'hasContent', 'published', 'version'] as const;
const DEFAULT_SORT = { sort: 'updatedAt', order: 'desc' } as const;
const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const TIER_OPTIONS = Object.entries(TIER_LABELS).map(([value, label]) => ({ value, label }));

const COLUMNS: TDataTableColumn<TAdminBookRow>[] = [
  {
    id: 'title',
    header: 'Title',
    enableSorting: true,
    cell: ({ row }) => (
      <Link
        to={`/admin/books/${row.original.id}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {row.original.title}
      </Link>
    ),
  },
  { id: 'author', accessorKey: 'author', header: 'Author', enableSorting: true },
  {
    id: 'categories',
    header: 'Categories',
    cell: ({ row }) => row.original.categories.join(', ') || '—',
  },
  { id: 'tier', header: 'Tier', cell: ({ row }) => TIER_LABELS[row.original.requiredTier] },
  {
    id: 'contentVersion',
    header: 'Version',
    enableSorting: true,
    cell: ({ row }) =>
      row.original.contentVersion === null ? (
        <Badge variant="outline">No content</Badge>
      ) : (
        `v${row.original.contentVersion} · ${row.original.pageCount ?? 0} pages`
      ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <span className="flex flex-wrap gap-1">
        {row.original.isPublished ? (
          <Badge variant="secondary">Published</Badge>
        ) : (
          <Badge variant="outline">Unpublished</Badge>
        )}
        {row.original.isFeatured && <Badge>Featured</Badge>}
        {row.original.publicReleaseDate && Date.parse(`${row.original.publicReleaseDate}T00:00:00Z`) > Date.now() && (
          <Badge variant="outline">Early access to {row.original.publicReleaseDate}</Badge>
        )}
      </span>
    ),
  },
  {
    id: 'updatedAt',
    header: 'Updated',
    enableSorting: true,
    cell: ({ row }) => formatDateTime(row.original.updatedAt),
  },
];

export default function BooksPage() {
  const list = useListQuery(FILTERS, DEFAULT_SORT);
  const books = useQuery({ ...adminBooksQueryOptions(list.params), placeholderData: keepPreviousData });
  const categories = useQuery(categoriesQueryOptions());
  const categoryOptions = (categories.data?.items ?? []).map((category) => ({
    value: category.id,
    label: category.name,
  }));

  return (
    <section>
      <AdminPageHeader
        path="/admin/books"
        description="Every book in the catalogue, published or not. Open one to edit it or upload its PDF."
        actions={
          <Button asChild size="sm">
            <Link to="/admin/books/new">
              <Plus aria-hidden="true" />
              New book
            </Link>
          </Button>
        }
      />
      {books.isError ? (
        <ErrorPanel
          title="We couldn't load the books."
          error={books.error}
          onRetry={() => void books.refetch()}
          isRetrying={books.isFetching}
        />
      ) : (
        <DataTable
          label="Books"
          columns={COLUMNS}
          rows={books.data?.items}
          total={books.data?.total}
          isLoading={books.isPending}
          isFetching={books.isFetching}
          query={list.table}
          onQueryChange={list.setTable}
          getRowId={(row) => row.id}
          emptyMessage="No books match these filters."
          toolbar={
            <>
              <SearchFilter
                id="books-search"
                label="Search title, author or slug"
                value={list.filters.q ?? ''}
                onChange={(value) => list.setFilter('q', value)}
              />
              <SelectFilter
                id="books-category"
                label="Category"
                value={list.filters.category ?? ''}
                options={categoryOptions}
                onChange={(value) => list.setFilter('category', value)}
              />
              <SelectFilter
                id="books-tier"
                label="Tier"
                value={list.filters.tier ?? ''}
                options={TIER_OPTIONS}
                onChange={(value) => list.setFilter('tier', value)}
              />
              <SelectFilter
                id="books-featured"
                label="Featured"
                value={list.filters.featured ?? ''}
                options={YES_NO}
                onChange={(value) => list.setFilter('featured', value)}
              />
              <SelectFilter
                id="books-content"
                label="Has content"
                value={list.filters.hasContent ?? ''}
                options={YES_NO}
                onChange={(value) => list.setFilter('hasContent', value)}
              />
              <SelectFilter
                id="books-published"
                label="Published"
                value={list.filters.published ?? ''}
                options={YES_NO}
                onChange={(value) => list.setFilter('published', value)}
              />
              <div className="flex flex-col gap-1">
                <label htmlFor="books-version" className="text-xs font-medium text-muted-foreground">
                  Version
                </label>
                <Input
                  id="books-version"
                  type="number"
                  min={1}
                  className="h-9 w-24"
                  value={list.filters.version ?? ''}
                  onChange={(event) => list.setFilter('version', event.target.value)}
                />
              </div>
              <Button type="button" variant="ghost" size="sm" onClick={list.clearFilters}>
                Clear filters
              </Button>
            </>
          }
        />
      )}
    </section>
  );
}
