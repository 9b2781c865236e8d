import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TPlan } from '@shared/catalogue';
import { ErrorPanel } from '@web/components/error-panel';
import { PLAN_GRID, PlanCardSkeleton } from './plan-card';

/** Loading skeletons and the retryable error panel shared by every place that lists the plans. */
export function PlanQueryState({
  plans,
  children,
}: {
  plans: UseQueryResult<TPlan[]>;
  children: (plans: TPlan[]) => ReactNode;
}) {
  if (plans.isPending) {
    return (
      <div className={PLAN_GRID} role="status">
        <span className="sr-only">Loading plans...</span>
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without data: a slot's position is all that tells them apart, and they never reorder.
          <PlanCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (plans.isError) {
    return (
      <ErrorPanel
        title="We couldn't load the plans."
        error={plans.error}
        onRetry={() => void plans.refetch()}
        isRetrying={plans.isFetching}
      />
    );
  }
  return <>{children(plans.data)}</>;
}
