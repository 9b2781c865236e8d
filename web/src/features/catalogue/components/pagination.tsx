import { Link } from 'react-router-dom';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

/**
 * Previous / 'Page x of y' / Next as real links (they work with middle-click and the back button).
 * `hrefFor(page)` builds each target; the caller scrolls to the top when the page changes.
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  className,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-between gap-4', className)}>
      {hasPrevious ? (
        <Button asChild variant="outline">
          <Link to={hrefFor(page - 1)} rel="prev">
            <ChevronLeft aria-hidden="true" />
            Previous
          </Link>
        </Button>
      ) : (
        <Button variant="outline" disabled aria-disabled="true">
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
      )}
      <p className="text-sm text-muted-foreground" aria-current="page">
        Page {page} of {totalPages}
      </p>
      {hasNext ? (
        <Button asChild variant="outline">
          <Link to={hrefFor(page + 1)} rel="next">
            Next
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <Button variant="outline" disabled aria-disabled="true">
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      )}
    </nav>
  );
}
