import { Crown, Sparkles, BookOpen } from 'lucide-react';
import type { TBookTier } from '@shared/tiers';
import { Badge } from '@web/components/ui/badge';
import { tierLabel } from '../format';

const VARIANT: Record<TBookTier, 'secondary' | 'accent' | 'premium'> = {
  trial: 'secondary',
  basic: 'accent',
  premium: 'premium',
};

const ICON = { trial: BookOpen, basic: Sparkles, premium: Crown } as const;

/** The lowest plan that may read the book. */
export function TierBadge({ tier, className }: { tier: TBookTier; className?: string }) {
  const Icon = ICON[tier];
  return (
    <Badge variant={VARIANT[tier]} className={className}>
      <Icon className="mr-1 size-3" aria-hidden="true" />
      <span className="sr-only">Required plan: </span>
      {tierLabel(tier)}
    </Badge>
  );
}
