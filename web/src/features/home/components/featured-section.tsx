import { useQuery } from '@tanstack/react-query';
import { FEATURED_SKELETON_TILES } from '@shared/limits';
import { featuredBooksQueryOptions } from '../../catalogue/queries';
import { BookGrid, BookGridSkeleton } from '../../catalogue/components/book-grid';
import { ErrorPanel } from '@web/components/error-panel';
import { Section, SectionHeader } from './section-header';
import { homepageContentQueryOptions } from '../queries';

/**
 * Featured books (GET /api/books?featured=true), with the 8-tile skeleton of
 * docs/product/routes-and-screens.md#landing-page while loading. The homepage record may set the heading and how many
 * books show (docs/product/site-content.md#homepage); without it, 'Featured books' and 8.
 */
export function FeaturedSection() {
  const content = useQuery(homepageContentQueryOptions());
  // The record is admin-edited JSON checked by the API on save; a missing choice keeps the defaults.
  const choice = content.data?.featured;
  // The count comes with the record (in the landing's first-screen data on the server's page), so one request suffices.
  const featured = useQuery({ ...featuredBooksQueryOptions(choice?.count), enabled: !content.isPending });
  // Nothing featured is not an error: the section simply has nothing to show.
  if (featured.isSuccess && featured.data.items.length === 0) return null;

  return (
    <Section labelledBy="featured-title" className="bg-muted/50">
      <SectionHeader id="featured-title" eyebrow="Staff picks" title={choice?.title || 'Featured books'}>
        Hand-picked titles our editors think you will love this month.
      </SectionHeader>
      {featured.isPending ? (
        <BookGridSkeleton count={FEATURED_SKELETON_TILES} label="Loading featured books..." />
      ) : featured.isError ? (
        <ErrorPanel
          title="We couldn't load the featured books."
          error={featured.error}
          onRetry={() => void featured.refetch()}
          isRetrying={featured.isFetching}
        />
      ) : (
        <BookGrid books={featured.data.items} />
      )}
    </Section>
  );
}
