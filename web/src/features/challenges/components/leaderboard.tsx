/**
 * The leaderboard (docs/product/reviews-and-challenges.md#leaderboard): rank (ties share one), name or "A reader",
 * progress, with a line at the target between those who reached it and the rest; and the activity feed.
 */
import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatAmount, type TLeaderboard } from '@shared/challenges';
import { Skeleton } from '@web/components/ui/skeleton';
import { ErrorPanel } from '@web/components/error-panel';
import { useCurrentUser } from '@web/features/auth/queries';
import { cn } from '@web/lib/cn';
import { activitiesQueryOptions, leaderboardQueryOptions } from '../queries';

const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export function Leaderboard({ challengeId }: { challengeId: string }) {
  const { user } = useCurrentUser();
  const board = useQuery(leaderboardQueryOptions(challengeId, user?.id ?? null));
  return (
    <section aria-labelledby="leaderboard-heading" className="flex flex-col gap-3">
      <h2 id="leaderboard-heading" className="font-serif text-xl font-semibold">
        Leaderboard
      </h2>
      {board.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : board.isError ? (
        <ErrorPanel
          title="We couldn't load the leaderboard."
          error={board.error}
          onRetry={() => void board.refetch()}
        />
      ) : board.data.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody has joined yet.</p>
      ) : (
        <LeaderboardList board={board.data} />
      )}
    </section>
  );
}

function LeaderboardList({ board }: { board: TLeaderboard }) {
  // The line goes after the last reader who reached the target, or above everyone when nobody has.
  const lastReached = board.entries.findLastIndex((entry) => entry.reachedTarget);
  const targetLine = (
    <li className="flex items-center gap-2 py-1 text-xs font-semibold uppercase tracking-wide text-primary">
      <span className="h-px flex-1 bg-primary" />
      Target: {formatAmount(board.type, board.targetValue)}
      <span className="h-px flex-1 bg-primary" />
    </li>
  );
  return (
    <ol className="flex flex-col rounded-xl border border-border bg-card p-2" aria-label="Leaderboard by progress">
      {lastReached === -1 && targetLine}
      {board.entries.map((entry, index) => (
        <Fragment key={entry.position}>
          <li
            className={cn(
              'flex items-center gap-3 rounded-md px-2 py-2 text-sm',
              entry.isYou && 'bg-secondary font-semibold',
            )}
          >
            <span className="w-8 shrink-0 text-right font-mono tabular-nums">
              <span className="sr-only">Rank </span>
              {entry.rank}
            </span>
            <span className="min-w-0 flex-1 truncate">
              {entry.name}
              {entry.isYou && ' (you)'}
            </span>
            <span className="tabular-nums">{formatAmount(board.type, entry.progress)}</span>
            <span className="sr-only">
              {entry.reachedTarget ? ', reached the target' : `, ${entry.percent}% of the target`}
            </span>
          </li>
          {index === lastReached && targetLine}
        </Fragment>
      ))}
      {board.total > board.entries.length && (
        <li className="px-2 py-1 text-xs text-muted-foreground">
          and {board.total - board.entries.length} more readers
        </li>
      )}
    </ol>
  );
}

export function ActivityFeed({ challengeId }: { challengeId: string }) {
  const feed = useQuery(activitiesQueryOptions(challengeId));
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-3">
      <h2 id="activity-heading" className="font-serif text-xl font-semibold">
        Activity
      </h2>
      {feed.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : feed.isError ? (
        <ErrorPanel title="We couldn't load the activity." error={feed.error} onRetry={() => void feed.refetch()} />
      ) : feed.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ul className="flex flex-col gap-2 rounded-xl border border-border bg-card p-3">
          {feed.data.map((activity) => (
            // The words wrap and the time keeps its column, so a long line never drops its time alone underneath.
            <li key={activity.id} className="flex items-baseline gap-x-3 text-sm">
              <p className="min-w-0 flex-1">
                <span className="font-medium">{activity.name}</span> {activity.message}
              </p>
              <time className="shrink-0 whitespace-nowrap text-xs text-muted-foreground" dateTime={activity.createdAt}>
                {TIME_FORMAT.format(new Date(activity.createdAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
