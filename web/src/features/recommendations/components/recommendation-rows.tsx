/**
 * The reader's recommendation rows (docs/product/recommendations.md#rows) on /dashboard and the bookstore: "Because
 * you read X", "More in Y", "Quick reads", "Highly rated", each card saying why it is shown. "Not interested" hides
 * the card at once; opening a card records the click.
 */
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import type { TRecommendationRow } from '@shared/recommendations';
import { Skeleton } from '@web/components/ui/skeleton';
import { ErrorPanel } from '@web/components/error-panel';
import { NeedsConnection } from '@web/components/offline-notice';
import { isWaitingForNetwork } from '@web/lib/query-helpers';
import { cn } from '@web/lib/cn';
import { recommendationRowsQueryOptions, recordRecommendationClick, useDismissRecommendation } from '../queries';
import { RecommendationCard } from './recommendation-card';

export default function RecommendationRows({
  className,
  emptyText = 'Read or rate a book or two and books chosen for you appear here, each with the reason it was chosen.',
}: {
  className?: string;
  emptyText?: string | null;
}) {
  const rows = useQuery(recommendationRowsQueryOptions);
  const dismiss = useDismissRecommendation();
  const isEmpty = rows.data !== undefined && rows.data.rows.length === 0;
  if (isEmpty && emptyText === null) return null;
  return (
    <section aria-labelledby="recommendations-title" className={cn('mt-10', className)}>
      <h2 id="recommendations-title" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden="true" />
        Recommended for you
      </h2>
      <div className="mt-4 flex flex-col gap-8">
        {isWaitingForNetwork(rows) ? (
          <NeedsConnection what="Your recommendations" />
        ) : rows.isPending ? (
          <div role="status" className="flex gap-4 overflow-hidden">
            <span className="sr-only">Loading your recommendations...</span>
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-72 w-40 shrink-0" />
            ))}
          </div>
        ) : rows.isError ? (
          <ErrorPanel
            title="We couldn't load your recommendations."
            error={rows.error}
            onRetry={() => void rows.refetch()}
            isRetrying={rows.isFetching}
          />
        ) : isEmpty ? (
          <p className="rounded-xl border border-dashed border-border bg-card px-4 py-4 text-sm text-muted-foreground">
            {emptyText}
          </p>
        ) : (
          rows.data.rows.map((row) => (
            <RecommendationRow
              key={row.type}
              row={row}
              onDismiss={(bookId, title) => dismiss.mutate({ bookId, title })}
            />
          ))
        )}
      </div>
    </section>
  );
}

function RecommendationRow({
  row,
  onDismiss,
}: {
  row: TRecommendationRow;
  onDismiss: (bookId: string, title: string) => void;
}) {
  const titleId = `recommendation-row-${row.type}`;
  return (
    <section aria-labelledby={titleId} data-testid={`recommendation-row-${row.type}`}>
      <h3 id={titleId} className="font-serif text-lg font-semibold">
        {row.title}
      </h3>
      <ul className="mt-3 flex snap-x gap-4 overflow-x-auto pb-3">
        {row.items.map((item) => (
          <li key={item.book.id} className="w-40 shrink-0 snap-start sm:w-44">
            <RecommendationCard
              item={item}
              headingLevel={4}
              onOpen={() => recordRecommendationClick(item.book.id)}
              onDismiss={() => onDismiss(item.book.id, item.book.title)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
