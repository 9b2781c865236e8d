import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BookX } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { booksQueryOptions } from '../../catalogue/queries';
import { BookGrid, BookGridSkeleton } from '../../catalogue/components/book-grid';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { Section, SectionHeader } from './section-header';

export const COLLECTION_SIZE = 6;
const SIX_ACROSS = 'lg:grid-cols-6';

/** Six of the best-rated books, with the way into the full store. */
export function CollectionSection() {
  const books = useQuery(booksQueryOptions({ sort: 'rating', limit: COLLECTION_SIZE }));
  const browse = (
    <Button asChild variant="outline">
      <Link to="/bookstore">
        Browse Full Collection
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );

  return (
    <Section labelledBy="collection-title">
      <SectionHeader
        id="collection-title"
        eyebrow="The collection"
        title="Readers' favourites"
        align="left"
        action={browse}
      >
        Highly rated books on leadership, mindset, business, faith and personal growth.
      </SectionHeader>
      {books.isPending ? (
        <BookGridSkeleton count={COLLECTION_SIZE} columns={SIX_ACROSS} label="Loading the collection..." />
      ) : books.isError ? (
        <ErrorPanel
          title="We couldn't load the collection."
          error={books.error}
          onRetry={() => void books.refetch()}
          isRetrying={books.isFetching}
        />
      ) : books.data.items.length === 0 ? (
        <StatePanel icon={<BookX />} title="No books yet">
          New titles are on their way. Please check back soon.
        </StatePanel>
      ) : (
        <BookGrid books={books.data.items.slice(0, COLLECTION_SIZE)} columns={SIX_ACROSS} />
      )}
    </Section>
  );
}
