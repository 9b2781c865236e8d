/**
 * /book/:id/preview (public): the book's generated preview PDF (its first pages, GET
 * /api/books/:id/preview) in the same reader, without the subscriber features (bookmarks, saved
 * position, copy allowance, server search), and after the last preview page a prompt to start a
 * trial or subscribe.
 */
import { useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BookX } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useCurrentUser } from '@web/features/auth/queries';
import { bookCtaFor } from '@web/features/catalogue/book-access';
import { bookDetailPath } from '@web/lib/paths';
import { bookQueryOptions } from '@web/features/catalogue/queries';
import { isNotFoundError } from '@web/lib/query-helpers';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { PreviewEndPrompt } from './components/preview-end-prompt';
import { ReaderErrorScreen } from './components/reader-error-screen';
import { pageFromSearch } from './page-number';
import type { TPdfSource } from './pdf/use-pdf-viewer';
import { previewFileUrl } from './queries';
import { ReaderShell } from './reader-shell';

function isMissingFile(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { status?: unknown }).status === 404;
}

function NoPreview({ bookRef, title, message }: { bookRef: string; title: string; message: string }) {
  return (
    <section
      aria-labelledby="no-preview-title"
      data-testid="reader-error"
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <BookX className="size-7" aria-hidden="true" />
      </span>
      <h1 id="no-preview-title" className="font-serif text-2xl font-bold md:text-3xl">
        {title}
      </h1>
      <p role="alert" className="text-muted-foreground">
        {message}
      </p>
      {bookRef && (
        <Button asChild size="lg" variant="outline">
          <Link to={bookDetailPath(bookRef)}>
            <ArrowLeft aria-hidden="true" />
            Back to the book
          </Link>
        </Button>
      )}
    </section>
  );
}

export default function PreviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const location = useLocation();
  const book = useQuery(bookQueryOptions(id));
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const initialPage = useMemo(() => pageFromSearch(location.search) ?? 1, [location.search]);
  const source = useMemo<TPdfSource>(() => ({ kind: 'url', url: previewFileUrl(id) }), [id]);
  useDocumentTitle(book.data ? `Preview of ${book.data.title}` : 'Preview');

  if (book.isPending) return <Spinner label="Loading..." className="min-h-[60vh] py-16" />;
  if (book.isError) {
    return isNotFoundError(book.error) ? (
      <NoPreview
        bookRef=""
        title="Book not found"
        message="We couldn't find that book. It may have been moved or removed from the catalogue."
      />
    ) : (
      <ReaderErrorScreen error={book.error} bookRef={id} />
    );
  }
  const detail = book.data;
  if (detail.previewPageCount <= 0) {
    return <NoPreview bookRef={detail.slug} title="No preview yet" message="This book has no free preview yet." />;
  }
  const cta = isUserLoading ? null : bookCtaFor(user, detail.requiredTier);
  return (
    <ReaderShell
      title={`${detail.title} (preview)`}
      backTo={bookDetailPath(detail.slug)}
      backLabel="Back to the book"
      source={source}
      initialPage={initialPage}
      watermark={null}
      afterLastPage={<PreviewEndPrompt cta={cta} bookId={detail.id} title={detail.title} />}
      renderLoadError={(error) =>
        isMissingFile(error) ? (
          <NoPreview bookRef={detail.slug} title="No preview yet" message="This book has no free preview yet." />
        ) : (
          <ReaderErrorScreen error={error} bookRef={detail.slug} />
        )
      }
    />
  );
}
