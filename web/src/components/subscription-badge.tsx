import { subscriptionBadge } from '@shared/auth';
import type { TSubscriptionTier } from '@shared/tiers';
import { Badge, type BadgeProps } from '@web/components/ui/badge';

const VARIANT: Record<ReturnType<typeof subscriptionBadge>, BadgeProps['variant']> = {
  PREMIUM: 'premium',
  BASIC: 'default',
  TRIAL: 'accent',
  FREE: 'outline',
};

/**
 * The header's plan badge (docs/product/plans-and-picks.md#header-badge): PREMIUM, BASIC, TRIAL (also for a missing
 * tier) or FREE.
 */
export function SubscriptionBadge({
  tier,
  trialDaysLeft = null,
  className,
}: {
  tier: TSubscriptionTier | null | undefined;
  /** Whole days left of a valid trial: shown beside TRIAL (docs/product/plans-and-picks.md#header-badge). */
  trialDaysLeft?: number | null;
  className?: string;
}) {
  const label = subscriptionBadge(tier);
  const days = label === 'TRIAL' && trialDaysLeft !== null ? trialDaysLeft : null;
  return (
    <Badge
      variant={VARIANT[label]}
      className={className}
      title={days === null ? 'Your plan' : `Your plan: free trial, ${trialDaysText(days)}`}
      data-badge={label}
    >
      {days === null ? label : <span>{label}</span>}
      {days !== null && (
        <>
          <span aria-hidden="true">&nbsp;· {days}d</span>
          <span className="sr-only">, {trialDaysText(days)}</span>
        </>
      )}
    </Badge>
  );
}

/** "5 days left", "1 day left", "Last day" for a trial's whole days left. */
export function trialDaysText(days: number): string {
  if (days <= 0) return 'Last day';
  return days === 1 ? '1 day left' : `${days} days left`;
}
