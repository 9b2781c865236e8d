/**
 * /book/:id (also /books/:id and /book-detail/:id): one book, by id or slug, with the call to action
 * that fits the visitor.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookX, ChevronRight } from 'lucide-react';
import type { TCurrentUser } from '@shared/auth';
import type { TBookDetail } from '@shared/catalogue';
import { comingOnMessage } from '@shared/entitlement';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/features/auth/queries';
import { useSeo } from '../seo/use-seo';
import { BookCover } from './components/book-cover';
import { BookCta } from './components/book-cta';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { RatingStars } from '@web/components/rating-stars';
import { TierBadge } from './components/tier-badge';
import { isNotFoundError } from '@web/lib/query-helpers';
import { formatNumber, formatPublishedYear } from './format';
import { bookstorePath } from '@web/lib/paths';
import { effectiveTier } from './book-access';
import { bookQueryOptions, catalogueKeys } from './queries';
import { ReviewsSection } from '@web/features/reviews/components/reviews-section';

// Below the fold: its code and query come after the book itself.
const MoreLikeThis = lazy(() => import('@web/features/recommendations/components/more-like-this'));

const COVER_WIDTH = 320;
const COVER_HEIGHT = 448;

export default function BookDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const book = useQuery(bookQueryOptions(id));
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const isNotFound = book.isError && isNotFoundError(book.error);

  useSeo('book', {
    title: book.data
      ? `${book.data.title} by ${book.data.author} | Wonderful Books`
      : isNotFound
        ? 'Book not found | Wonderful Books'
        : null,
    description: book.data?.description,
    image: book.data?.coverImageUrl,
    canonicalUrl: book.data ? `${window.location.origin}/book/${book.data.slug}` : null,
  });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-6 sm:px-6 md:pt-10 lg:px-8">
      {book.isPending ? (
        <BookDetailSkeleton />
      ) : isNotFound ? (
        <div className="py-10">
          <StatePanel
            icon={<BookX />}
            title="Book not found"
            action={
              <Button asChild>
                <Link to="/bookstore">Browse the Book Store</Link>
              </Button>
            }
          >
            We couldn't find that book. It may have been moved or removed from the catalogue.
          </StatePanel>
          <h1 className="sr-only">Book not found</h1>
        </div>
      ) : book.isError ? (
        <div className="py-10">
          <h1 className="sr-only">Book</h1>
          <ErrorPanel
            title="We couldn't load this book."
            error={book.error}
            onRetry={() => void book.refetch()}
            isRetrying={book.isFetching}
          />
        </div>
      ) : (
        <BookDetail
          book={book.data}
          earlyAccessLabel={earlyAccessLabel(book.data, user)}
          cta={
            <BookCta
              bookId={book.data.id}
              title={book.data.title}
              requiredTier={book.data.requiredTier}
              previewPageCount={book.data.previewPageCount}
              user={user}
              isUserLoading={isUserLoading}
            />
          }
        />
      )}
    </div>
  );
}

/**
 * Premium early access (docs/product/back-office.md#early-access): "Early access" for a Premium reader, "Coming on
 * <date>" for everyone else, until the public release; nothing after it. The server refuses the reading itself.
 */
function earlyAccessLabel(book: TBookDetail, user: TCurrentUser | null | undefined): string | null {
  const releaseMs = book.publicReleaseAt ? Date.parse(book.publicReleaseAt) : null;
  if (releaseMs === null || releaseMs <= Date.now()) return null;
  return user && effectiveTier(user) === 'premium' ? 'Early access' : comingOnMessage(releaseMs);
}

function BookDetail({
  book,
  cta,
  earlyAccessLabel: earlyLabel,
}: {
  book: TBookDetail;
  cta: ReactNode;
  earlyAccessLabel: string | null;
}) {
  const queryClient = useQueryClient();
  const year = formatPublishedYear(book.publishedYear);
  const facts: { label: string; value: string }[] = [];
  if (year) facts.push({ label: 'Published', value: year });
  if (book.pageCount) facts.push({ label: 'Pages', value: formatNumber(book.pageCount) });
  if (book.totalReviews) facts.push({ label: 'Reviews', value: formatNumber(book.totalReviews) });

  return (
    <article>
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted-foreground">
        <ol className="flex min-w-0 items-center gap-1">
          <li>
            <Link to="/bookstore" className="hover:text-foreground hover:underline">
              Book Store
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4" />
          </li>
          <li className="min-w-0 truncate" aria-current="page">
            {book.title}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 md:grid-cols-[minmax(0,18rem)_1fr] md:gap-12 lg:grid-cols-[minmax(0,20rem)_1fr]">
        <div className="mx-auto w-full max-w-[16rem] md:max-w-none">
          <BookCover
            src={book.coverImageUrl}
            title={book.title}
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            priority
            className="shadow-lg"
          />
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <TierBadge tier={book.requiredTier} />
            {earlyLabel && (
              <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
                {earlyLabel}
              </span>
            )}
            {book.categories.map((category) => (
              <Link
                key={category.id}
                to={bookstorePath({ category: category.slug })}
                className="rounded-full border border-border bg-card px-2.5 py-0.5 text-xs font-medium hover:border-primary hover:bg-secondary"
              >
                {category.name}
              </Link>
            ))}
          </div>

          <div className="flex flex-col gap-2">
            <h1 className="font-serif text-3xl font-bold leading-tight tracking-tight text-balance md:text-5xl">
              {book.title}
            </h1>
            <p className="text-lg text-muted-foreground">
              by{' '}
              <Link
                to={bookstorePath({ author: book.author })}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {book.author}
              </Link>
            </p>
          </div>

          <RatingStars rating={book.rating} totalRatings={book.totalRatings} size="md" showValue />

          <p className="text-base leading-relaxed md:text-lg">{book.description}</p>

          {cta}

          {facts.length > 0 && (
            <dl className="grid grid-cols-3 gap-4 border-y border-border py-4 text-center sm:max-w-md sm:text-left">
              {facts.map((fact) => (
                <div key={fact.label} className="flex flex-col gap-0.5">
                  <dt className="text-xs uppercase tracking-wide text-muted-foreground">{fact.label}</dt>
                  <dd className="font-semibold">{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>

      <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-10">
          {book.longDescription && (
            <DetailSection id="about-book" title="About this book">
              <div className="space-y-4 leading-relaxed">
                {book.longDescription.split(/\n{2,}/).map((paragraph, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text (two may read the same); their order is their identity.
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </DetailSection>
          )}

          {book.keyTakeaways.length > 0 && (
            <DetailSection id="takeaways" title="Key takeaways">
              <ul className="space-y-2">
                {book.keyTakeaways.map((takeaway) => (
                  <li key={takeaway} className="flex gap-3">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
                    <span>{takeaway}</span>
                  </li>
                ))}
              </ul>
            </DetailSection>
          )}

          {book.tableOfContents.length > 0 && (
            <DetailSection id="contents" title="Table of contents">
              <details className="group rounded-lg border border-border bg-card">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
                  <span>
                    {book.tableOfContents.length} {book.tableOfContents.length === 1 ? 'chapter' : 'chapters'}
                  </span>
                  <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
                </summary>
                <ol className="list-decimal space-y-1.5 border-t border-border py-3 pl-10 pr-4">
                  {book.tableOfContents.map((entry, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a chapter's number is its identity (two chapters may share a title) and the list never reorders.
                    <li key={index}>{entry}</li>
                  ))}
                </ol>
              </details>
            </DetailSection>
          )}

          <ReviewsSection
            bookId={book.id}
            bookSlug={book.slug}
            onRatingChanged={() => queryClient.invalidateQueries({ queryKey: catalogueKeys.books })}
          />
        </div>

        <aside className="flex flex-col gap-8" aria-label="More about this book">
          {book.targetAudience && (
            <DetailSection id="audience" title="Who it's for" small>
              <p className="leading-relaxed">{book.targetAudience}</p>
            </DetailSection>
          )}
          {book.authorBio && (
            <DetailSection id="author" title="About the author" small>
              <p className="leading-relaxed">{book.authorBio}</p>
            </DetailSection>
          )}
          {book.tags.length > 0 && (
            <DetailSection id="tags" title="Tags" small>
              <ul className="flex flex-wrap gap-2">
                {book.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={bookstorePath({ search: tag })}
                      className="inline-block rounded-full bg-muted px-3 py-1 text-sm hover:bg-secondary"
                    >
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </DetailSection>
          )}
        </aside>
      </div>

      <Suspense fallback={null}>
        <MoreLikeThis idOrSlug={book.id} />
      </Suspense>
    </article>
  );
}

function DetailSection({
  id,
  title,
  small = false,
  children,
}: {
  id: string;
  title: string;
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2
        id={`${id}-title`}
        className={small ? 'font-serif text-lg font-semibold' : 'font-serif text-2xl font-semibold'}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function BookDetailSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading book...</span>
      <div
        aria-hidden="true"
        className="grid gap-8 md:grid-cols-[minmax(0,18rem)_1fr] md:gap-12 lg:grid-cols-[minmax(0,20rem)_1fr]"
      >
        <Skeleton className="mx-auto aspect-[5/7] w-full max-w-[16rem] md:max-w-none" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-12 w-4/5" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-5 w-36" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    </div>
  );
}
