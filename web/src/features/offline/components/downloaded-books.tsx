/**
 * The books downloaded to this browser, as a short list with a Read link each, for screens that need the network
 * and have lost it (docs/product/offline-and-devices.md#screens-without-a-connection). Managing the downloads
 * (renew, remove, storage) stays on /offline. Loaded on demand (lazy-downloaded-books.tsx): it reads the offline
 * engine's store, which pages shown online never need.
 */
import { Link } from 'react-router-dom';
import { BookOpen } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useCurrentUser } from '@web/features/auth/queries';
import { cn } from '@web/lib/cn';
import { readerPath } from '@web/lib/paths';
import { availableUntilText } from '../format';
import { useOfflineBooks } from '../use-offline';

export function DownloadedBooks({ className }: { className?: string }) {
  const { user } = useCurrentUser();
  const books = useOfflineBooks(user?.id ?? null);
  if (!books.data) return null;
  return (
    <section
      aria-labelledby="downloaded-title"
      className={cn('rounded-xl border border-border bg-card p-4', className)}
    >
      <h2 id="downloaded-title" className="font-serif text-xl font-semibold">
        On this device
      </h2>
      {books.data.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          No books are downloaded to this browser. Once you are online, “Download for offline” on a book keeps it
          readable here without a connection.
        </p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-border" aria-labelledby="downloaded-title">
          {books.data.map((book) => (
            <li key={book.bookId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium">{book.title}</p>
                <p className="text-xs text-muted-foreground">
                  {book.status === 'expired' ? 'Offline access has expired' : availableUntilText(book.expiresAt)}
                </p>
              </div>
              {book.status !== 'expired' && (
                <Button asChild size="sm">
                  <Link to={readerPath(book.bookId)} aria-label={`Read ${book.title}`}>
                    <BookOpen aria-hidden="true" />
                    Read
                  </Link>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
