/**
 * /bookstore: the catalogue with search, filters, sorting and pagination. Every filter is in the URL
 * (?author and ?search are honoured: docs/product/catalogue-and-search.md#bookstore), read by useBookstoreParams.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SearchX, SlidersHorizontal } from 'lucide-react';
import { BOOK_PAGE_SIZE_DEFAULT } from '@shared/catalogue';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { isWaitingForNetwork } from '@web/lib/query-helpers';
import { OfflineNotice } from '@web/components/offline-notice';
import { useCurrentUser } from '@web/features/auth/queries';
import { useSeo } from '../seo/use-seo';
import { SearchBox } from '../search/deferred-search-box';
import { BookGrid, BookGridSkeleton } from './components/book-grid';
import { StatePanel } from '@web/components/state-panel';
import { BookstoreFilters, FilterChip } from './components/bookstore-filters';
import { ErrorPanel } from '@web/components/error-panel';
import { Pagination } from './components/pagination';
import { formatBookCount, tierLabel } from './format';
import { booksQueryOptions, categoriesQueryOptions } from './queries';
import { useBookstoreParams } from './use-bookstore-params';

// The phone filter sheet (Radix Dialog) is fetched when the Filters button is first used, not with the store.
const loadFilterSheet = () => import('./components/bookstore-filter-sheet');
const BookstoreFilterSheet = lazy(loadFilterSheet);
// The reader's own rows load only for signed-in readers, never with the store's first paint.
const RecommendationRows = lazy(() => import('@web/features/recommendations/components/recommendation-rows'));

/** The first row of covers on a phone (two across) is the page's largest paint; the server preloads them too. */
const BOOKSTORE_EAGER_COVERS = 2;

export default function BookstorePage() {
  useSeo('bookstore');
  const { filters, update, clear, hasFilters, searchParams } = useBookstoreParams();
  const books = useQuery(
    booksQueryOptions({
      search: filters.search,
      author: filters.author,
      category: filters.category,
      tier: filters.tier,
      sort: filters.sort,
      page: filters.page,
      limit: BOOK_PAGE_SIZE_DEFAULT,
    }),
  );
  const categories = useQuery(categoriesQueryOptions());

  // A new page starts at the top; the first render keeps the browser's own scroll restoration.
  const previousPage = useRef(filters.page);
  useEffect(() => {
    if (previousPage.current === filters.page) return;
    previousPage.current = filters.page;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [filters.page]);

  const categoryName = filters.category
    ? (categories.data?.items.find((category) => category.slug === filters.category)?.name ?? filters.category)
    : undefined;

  const total = books.data?.total ?? 0;
  const limit = books.data?.limit ?? BOOK_PAGE_SIZE_DEFAULT;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const isUpdating = books.isFetching && books.isPlaceholderData;
  const isWaitingOffline = isWaitingForNetwork(books);
  const { isAuthenticated } = useCurrentUser();
  const filterButtonRef = useRef<HTMLButtonElement>(null);
  const [isFilterSheetOpen, setFilterSheetOpen] = useState(false);
  const [hasOpenedFilterSheet, setHasOpenedFilterSheet] = useState(false);
  // The button counts the filters that narrow the results; the search box shows its own text, and a sort is an order.
  const activeFilterCount = [filters.author, filters.category, filters.tier].filter(Boolean).length;
  const openFilterSheet = (open: boolean) => {
    if (open) setHasOpenedFilterSheet(true);
    setFilterSheetOpen(open);
  };

  function hrefForPage(page: number) {
    const next = new URLSearchParams(searchParams);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const text = next.toString();
    return text ? `/bookstore?${text}` : '/bookstore';
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 pb-16 pt-8 sm:px-6 md:pt-12 lg:px-8">
      <header className="flex flex-col gap-4 md:gap-6">
        <div className="flex flex-col gap-2">
          <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Book Store</h1>
          <p className="text-muted-foreground md:text-lg">
            Browse the whole catalogue — filter by category or plan, or search for a title, author or topic.
          </p>
        </div>
        <SearchBox
          label="Search the store"
          initialValue={filters.search ?? ''}
          onSearch={(text) => update({ search: text || undefined })}
          className="max-w-2xl"
        />
      </header>

      <section
        aria-labelledby="filters-title"
        className="mt-6 md:rounded-xl md:border md:border-border md:bg-card md:p-5"
      >
        <h2 id="filters-title" className="sr-only">
          Filters
        </h2>
        {/* Phones: one button opens the filters in a bottom sheet, so the covers start on the first screen. */}
        <Button
          ref={filterButtonRef}
          variant="outline"
          className="h-11 md:hidden"
          aria-haspopup="dialog"
          aria-expanded={isFilterSheetOpen}
          onPointerEnter={() => void loadFilterSheet()}
          onFocus={() => void loadFilterSheet()}
          onClick={() => openFilterSheet(true)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {activeFilterCount > 0 && (
            <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums">
              {activeFilterCount}
              <span className="sr-only"> active</span>
            </span>
          )}
        </Button>
        {hasOpenedFilterSheet && (
          <Suspense fallback={null}>
            <BookstoreFilterSheet
              open={isFilterSheetOpen}
              onOpenChange={openFilterSheet}
              triggerRef={filterButtonRef}
              filters={filters}
              categories={categories.data?.items}
              isCategoriesError={categories.isError}
              onChange={update}
              onClear={clear}
              hasFilters={hasFilters}
              showLabel={books.isSuccess && !isUpdating ? `Show ${formatBookCount(total)}` : 'Show results'}
            />
          </Suspense>
        )}
        <div className="hidden md:block">
          <BookstoreFilters
            filters={filters}
            categories={categories.data?.items}
            isCategoriesError={categories.isError}
            onChange={update}
          />
        </div>
        {hasFilters && (
          <div className="mt-3 flex flex-wrap items-center gap-2 md:mt-4 md:border-t md:border-border md:pt-4">
            <span className="text-sm text-muted-foreground">Active filters:</span>
            {filters.search && (
              <FilterChip label={`Search: “${filters.search}”`} onRemove={() => update({ search: undefined })} />
            )}
            {filters.author && (
              <FilterChip label={`Author: ${filters.author}`} onRemove={() => update({ author: undefined })} />
            )}
            {categoryName && (
              <FilterChip label={`Category: ${categoryName}`} onRemove={() => update({ category: undefined })} />
            )}
            {filters.tier && (
              <FilterChip label={`Plan: ${tierLabel(filters.tier)}`} onRemove={() => update({ tier: undefined })} />
            )}
            <Button variant="link" size="sm" onClick={clear} className="h-auto px-1">
              Clear filters
            </Button>
          </div>
        )}
      </section>

      <section aria-labelledby="results-title" className="mt-8">
        <div className="mb-4 flex items-baseline justify-between gap-4">
          <h2 id="results-title" className="font-serif text-xl font-semibold">
            Results
          </h2>
          <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
            {books.isSuccess ? formatBookCount(total) : books.isPending && !isWaitingOffline ? 'Loading books...' : ''}
          </p>
        </div>

        {isWaitingOffline ? (
          <OfflineNotice hasDownloadsLink={isAuthenticated}>
            The Book Store needs a connection to show books.
            {isAuthenticated ? ' Books downloaded to this browser open from your downloads.' : ''}
          </OfflineNotice>
        ) : books.isPending ? (
          <BookGridSkeleton count={12} />
        ) : books.isError ? (
          <ErrorPanel
            title="We couldn't load the books."
            error={books.error}
            onRetry={() => void books.refetch()}
            isRetrying={books.isFetching}
          />
        ) : books.data && books.data.items.length === 0 ? (
          <StatePanel
            icon={<SearchX />}
            title={hasFilters ? 'No books match your filters' : 'No books yet'}
            action={
              hasFilters || filters.page > 1 ? (
                <Button variant="outline" onClick={clear}>
                  Clear filters
                </Button>
              ) : undefined
            }
          >
            {hasFilters
              ? 'Try a different search or remove a filter.'
              : 'New titles are on their way. Please check back soon.'}
          </StatePanel>
        ) : books.data ? (
          <div aria-busy={isUpdating} className={cn('transition-opacity', isUpdating && 'opacity-60')}>
            <BookGrid books={books.data.items} eagerCovers={BOOKSTORE_EAGER_COVERS} />
            <Pagination page={filters.page} totalPages={totalPages} hrefFor={hrefForPage} className="mt-10" />
          </div>
        ) : null}
      </section>

      {/* After the results, so a phone's first screen stays search box and covers; signed-in readers only. */}
      {isAuthenticated && !hasFilters && filters.page === 1 && (
        <Suspense fallback={null}>
          <RecommendationRows className="mt-14" emptyText={null} />
        </Suspense>
      )}
    </div>
  );
}
