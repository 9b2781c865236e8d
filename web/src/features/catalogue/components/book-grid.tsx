import { cn } from '@web/lib/cn';
import { BookCard, BookCardSkeleton, type TBookCardData } from './book-card';

const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 md:gap-6 lg:grid-cols-4';

export function BookGrid({
  books,
  headingLevel,
  className,
  columns,
  eagerCovers = 0,
}: {
  books: TBookCardData[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
  /** Override the responsive column classes (e.g. six books across on wide screens). */
  columns?: string;
  /** How many covers at the start are above the fold when the grid opens the page: loaded at once. */
  eagerCovers?: number;
}) {
  return (
    <ul className={cn(GRID, columns, className)}>
      {books.map((book, index) => (
        <li key={book.id}>
          <BookCard book={book} headingLevel={headingLevel} coverPriority={index < eagerCovers} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder tiles with the same geometry as the grid, announced once as loading. */
export function BookGridSkeleton({
  count,
  label = 'Loading books...',
  className,
  columns,
}: {
  count: number;
  label?: string;
  className?: string;
  columns?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      <div className={cn(GRID, columns)} data-testid="book-grid-skeleton">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without data: a slot's position is all that tells them apart, and they never reorder.
          <BookCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
