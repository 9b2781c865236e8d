/**
 * /dashboard (signed in; docs/product/routes-and-screens.md#sign-in-screen: where sign-in and 'Start Reading Now'
 * land): a greeting, "Continue where you left off", the reader's figures from the server (books in progress and
 * finished, pages and time read, from positions and reading snapshots) and their most recent bookmarks.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { BookMarked, BookOpen, CheckCircle2, Clock, FileText, Headphones, Library } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/features/auth/queries';
import { useEntitlements } from '@web/features/selections/queries';
import { trialDaysText } from '@web/components/subscription-badge';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { readerPath } from '@web/lib/paths';
import { ContinueReadingCard } from '@web/features/library/components/continue-reading-card';
import { readingStatsQueryOptions } from '@web/features/library/queries';
import { formatDate } from '@web/features/selections/format';
import { recentBookmarksQueryOptions } from '@web/features/sync/queries';
import { useSyncEngine } from '@web/features/sync/use-sync';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useOnlineStatus } from '@web/lib/use-online-status';
import { isWaitingForNetwork } from '@web/lib/query-helpers';
import { NeedsConnection, OfflineNotice } from '@web/components/offline-notice';
import { InstallHintSlot } from '@web/features/install/install-hint-slot';
import { ReviewWidget } from '@web/features/highlights/components/review-widget';
import { ReadingStatsSection } from '@web/features/reading-stats/reading-stats-section';
import RecommendationRows from '@web/features/recommendations/components/recommendation-rows';
import { formatCount, formatReadingTime } from '@web/features/reading-stats/format';

export const RECENT_BOOKMARKS = 5;

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  useSyncEngine();
  const { user } = useCurrentUser();
  const stats = useQuery(readingStatsQueryOptions);
  const entitlements = useEntitlements();
  // Someone who has never opened a book is new here: "Welcome", not "Welcome back" (docs/product/accounts.md#greetings).
  const hasRead = stats.data ? stats.data.sessions > 0 || stats.data.pagesRead > 0 || stats.data.inProgress > 0 : null;
  const greeting =
    user?.firstName && hasRead !== null ? `${hasRead ? 'Welcome back' : 'Welcome'}, ${user.firstName}. ` : '';
  const trialDaysLeft = entitlements.data?.trialDaysLeft ?? null;
  const isOnline = useOnlineStatus();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Dashboard</h1>
      <p className="mt-2 text-muted-foreground">
        {greeting}
        {hasRead === false
          ? 'Pick a book from the store and your first page is one tap away.'
          : 'Your reading at a glance.'}
      </p>
      <InstallHintSlot className="mt-4" />
      {!isOnline && (
        <OfflineNotice className="mt-4">
          {stats.data
            ? 'Your figures are shown as they were when you were last online.'
            : 'Your dashboard needs a connection to load.'}{' '}
          Books downloaded to this browser open from your downloads.
        </OfflineNotice>
      )}
      {trialDaysLeft !== null && (
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-border bg-card px-4 py-3 text-sm shadow-sm">
          <span>
            <strong className="font-semibold">{trialDaysText(trialDaysLeft)}</strong> of your free trial.
          </span>
          <Link to="/subscribe" className="font-medium text-primary underline-offset-4 hover:underline">
            See plans
          </Link>
        </p>
      )}

      <ContinueReadingCard
        className="mt-6"
        emptyState={
          <div className="mt-6">
            <StatePanel
              icon={<BookOpen />}
              title="Nothing in progress"
              action={
                <Button asChild>
                  <Link to="/bookstore">Browse the Book Store</Link>
                </Button>
              }
            >
              Open a book and your place is kept here, on every device you read on.
            </StatePanel>
          </div>
        }
      />

      <RecommendationRows />
      <ReviewWidget className="mt-6" />
      <ReadingStats />
      <ReadingStatsSection />
      <RecentBookmarks />

      <nav aria-label="Quick links" className="mt-10 flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <Link to="/library">
            <Library aria-hidden="true" />
            My Library
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/bookstore">Browse Books</Link>
        </Button>
      </nav>
    </div>
  );
}

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <span className="text-primary [&_svg]:size-6" aria-hidden="true">
        {icon}
      </span>
      <dl className="flex flex-col-reverse">
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="font-serif text-2xl font-semibold tabular-nums">{value}</dd>
      </dl>
    </div>
  );
}

function ReadingStats() {
  const stats = useQuery(readingStatsQueryOptions);
  return (
    <section aria-labelledby="stats-title" className="mt-10">
      <h2 id="stats-title" className="font-serif text-2xl font-semibold">
        Your reading
      </h2>
      <div className="mt-4">
        {isWaitingForNetwork(stats) ? (
          <NeedsConnection what="Your reading figures" />
        ) : stats.isPending ? (
          <div role="status" className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <span className="sr-only">Loading your reading figures...</span>
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-20 w-full" />
            ))}
          </div>
        ) : stats.isError ? (
          <ErrorPanel
            title="We couldn't load your reading figures."
            error={stats.error}
            onRetry={() => void stats.refetch()}
            isRetrying={stats.isFetching}
          />
        ) : (
          <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <Figure icon={<BookOpen />} label="Books in progress" value={formatCount(stats.data.inProgress)} />
            <Figure icon={<CheckCircle2 />} label="Books finished" value={formatCount(stats.data.finished)} />
            <Figure icon={<FileText />} label="Pages read" value={formatCount(stats.data.pagesRead)} />
            <Figure icon={<Clock />} label="Time read" value={formatReadingTime(stats.data.timeReadMs)} />
            {stats.data.listenedMs > 0 && (
              <Figure icon={<Headphones />} label="Listened" value={formatReadingTime(stats.data.listenedMs)} />
            )}
            <Figure icon={<Library />} label="In your library" value={formatCount(stats.data.booksInLibrary)} />
          </div>
        )}
      </div>
    </section>
  );
}

function RecentBookmarks() {
  const bookmarks = useQuery(recentBookmarksQueryOptions(RECENT_BOOKMARKS));
  return (
    <section aria-labelledby="bookmarks-title" className="mt-10">
      <h2 id="bookmarks-title" className="font-serif text-2xl font-semibold">
        Recent bookmarks
      </h2>
      <div className="mt-4">
        {isWaitingForNetwork(bookmarks) ? (
          <NeedsConnection what="Your bookmarks" />
        ) : bookmarks.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading your bookmarks...</span>
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : bookmarks.isError ? (
          <ErrorPanel
            title="We couldn't load your bookmarks."
            error={bookmarks.error}
            onRetry={() => void bookmarks.refetch()}
            isRetrying={bookmarks.isFetching}
          />
        ) : bookmarks.data.length === 0 ? (
          <StatePanel icon={<BookMarked />} title="No bookmarks yet">
            Bookmark a page in the reader, with a note if you like, and it will show here.
          </StatePanel>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border bg-card shadow-sm">
            {bookmarks.data.map((bookmark) => (
              <li key={bookmark.id}>
                <Link
                  to={`${readerPath(bookmark.bookId)}?page=${bookmark.page}`}
                  className="flex flex-col gap-0.5 p-4 hover:bg-muted"
                >
                  <span className="font-medium">
                    {bookmark.bookTitle} · Page {bookmark.page}
                  </span>
                  {bookmark.note && <span className="line-clamp-2 text-sm text-muted-foreground">{bookmark.note}</span>}
                  <span className="text-xs text-muted-foreground">{formatDate(bookmark.updatedAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
