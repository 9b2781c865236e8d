/**
 * /offline (signed in, docs/product/routes-and-screens.md#route-table): the books downloaded to this browser with their
 * size, how long they stay readable offline and their state, with Read, Renew now and Remove; total storage used, the
 * browser's usage against its quota and whether storage is persistent. Everything shown comes from IndexedDB and the
 * storage manager through the offline engine, so the page works with no network and makes no API call to render.
 */
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { CloudOff, DownloadCloud } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/features/auth/queries';
import { StatePanel } from '@web/components/state-panel';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { OfflineBookRow, PartialDownloadRow } from './components/offline-book-row';
import { StoragePanel } from './components/storage-panel';
import { partialDownloadsQueryOptions, storageSummaryQueryOptions } from './queries';
import { useOfflineBooks } from './use-offline';
import { useOnlineStatus } from '@web/lib/use-online-status';

export default function OfflinePage() {
  useDocumentTitle('Offline reading');
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const isOnline = useOnlineStatus();
  const books = useOfflineBooks(userId);
  const partials = useQuery(partialDownloadsQueryOptions(userId));
  const storage = useQuery(storageSummaryQueryOptions);
  const items = books.data ?? [];
  const unfinished = partials.data ?? [];
  const booksBytes = items.reduce((total, book) => total + (book.sizeBytes || 0), 0);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Offline reading</h1>
      <p className="mt-2 text-muted-foreground">
        Books downloaded to this browser open without a connection until their offline licence ends.
      </p>
      {!isOnline && (
        <p
          role="status"
          className="mt-4 flex items-start gap-2 rounded-lg border border-border bg-muted px-3 py-2 text-sm"
        >
          <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          You're offline. Your downloaded books still open here; renewing a licence needs a connection.
        </p>
      )}

      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
        <section aria-labelledby="offline-books-heading" className="min-w-0 md:order-1">
          <h2 id="offline-books-heading" className="font-serif text-xl font-semibold">
            Downloaded books
          </h2>
          {unfinished.length > 0 && (
            <section aria-labelledby="unfinished-heading" className="mt-4">
              <h3 id="unfinished-heading" className="text-sm font-semibold text-muted-foreground">
                Unfinished downloads
              </h3>
              <ul className="mt-2 flex flex-col gap-3" aria-labelledby="unfinished-heading">
                {unfinished.map((book) => (
                  <PartialDownloadRow key={book.bookId} book={book} />
                ))}
              </ul>
            </section>
          )}
          <div className="mt-4">
            {books.isPending && userId !== null ? (
              <div role="status" className="flex flex-col gap-3">
                <span className="sr-only">Loading your downloaded books...</span>
                <Skeleton className="h-28 w-full" />
                <Skeleton className="h-28 w-full" />
              </div>
            ) : books.isError ? (
              <StatePanel role="alert" icon={<CloudOff />} title="Downloaded books could not be read">
                This browser's storage did not answer. Reload the page; if it keeps happening, your browser may have
                cleared its storage.
              </StatePanel>
            ) : items.length === 0 && unfinished.length === 0 ? (
              <StatePanel
                icon={<DownloadCloud />}
                title="No books downloaded yet"
                action={
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Button asChild>
                      <Link to="/library">Go to your library</Link>
                    </Button>
                    <Button asChild variant="outline">
                      <Link to="/devices">Manage devices</Link>
                    </Button>
                  </div>
                }
              >
                Use “Download for offline” on a book in your library or on its page. Offline reading needs this browser
                registered on the Devices page.
              </StatePanel>
            ) : items.length === 0 ? null : (
              <ul className="flex flex-col gap-3" aria-labelledby="offline-books-heading">
                {items.map((book) => (
                  <OfflineBookRow key={book.bookId} book={book} isOnline={isOnline} />
                ))}
              </ul>
            )}
          </div>
        </section>
        <div className="flex flex-col gap-4 md:order-2">
          <StoragePanel booksBytes={booksBytes} summary={storage.data} isPending={storage.isPending} />
          <p className="text-sm text-muted-foreground">
            Registered browsers and their books are listed on the{' '}
            <Link to="/devices" className="font-medium text-primary underline-offset-4 hover:underline">
              Devices page
            </Link>
            .
          </p>
        </div>
      </div>
    </div>
  );
}
