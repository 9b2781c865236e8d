/**
 * The library's "Highlights and notes" section (docs/product/highlights.md#highlighting): how many
 * highlights and notes each book has, each opening that book's highlights, and a link to the review.
 */
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { highlightCountsQueryOptions } from '../queries';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function LibraryHighlights({ className }: { className?: string }) {
  const counts = useQuery(highlightCountsQueryOptions());
  if (!counts.data || counts.data.length === 0) return null;
  return (
    <section aria-labelledby="highlights-title" className={className}>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="highlights-title" className="font-serif text-2xl font-semibold">
          Highlights and notes
        </h2>
        <div className="flex gap-4 text-sm font-medium">
          <Link to="/highlights" className="text-primary underline-offset-4 hover:underline">
            All highlights
          </Link>
          <Link to="/review" className="text-primary underline-offset-4 hover:underline">
            Review cards
          </Link>
        </div>
      </div>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {counts.data.map((book) => (
          <li key={book.bookId}>
            <Link
              to={`/highlights?book=${encodeURIComponent(book.bookId)}`}
              className="flex flex-col rounded-lg border border-border bg-card p-4 shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="font-serif text-lg font-semibold">{book.bookTitle}</span>
              <span className="text-sm text-muted-foreground" data-testid="highlight-count">
                {plural(book.highlights, 'highlight', 'highlights')} · {plural(book.notes, 'note', 'notes')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
