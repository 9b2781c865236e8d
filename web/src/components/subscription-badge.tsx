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
  className,
}: {
  tier: TSubscriptionTier | null | undefined;
  className?: string;
}) {
  const label = subscriptionBadge(tier);
  return (
    <Badge variant={VARIANT[label]} className={className} title="Your plan" data-badge={label}>
      {label}
    </Badge>
  );
}
