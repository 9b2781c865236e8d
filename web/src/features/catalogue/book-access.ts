/**
 * Which call to action a book's page offers a visitor (docs/product/access.md#access-validity,
 * docs/product/decisions.md#7). This is guidance for the reader only; the server decides on every read.
 */
import type { TCurrentUser } from '@shared/auth';
import { BOOK_TIERS, type TBookTier, type TSubscriptionTier } from '@shared/tiers';

export type TBookCta =
  | { kind: 'signed-out' }
  | { kind: 'subscribe' }
  | { kind: 'upgrade'; tier: Exclude<TBookTier, 'trial'> }
  | { kind: 'read' };

function isInFuture(iso: string | null, now: number): boolean {
  return iso !== null && Date.parse(iso) > now;
}

/**
 * The tier the user can actually read with now: a trial counts while trialEndsAt or freeTrialEndedAt
 * is in the future (or no end is recorded yet — the server knows); basic and premium only while the
 * subscription is active. Anything else is 'free'.
 */
export function effectiveTier(user: TCurrentUser, now = Date.now()): TSubscriptionTier {
  switch (user.subscriptionTier) {
    case 'basic':
    case 'premium':
      return user.subscriptionStatus === 'active' ? user.subscriptionTier : 'free';
    case 'trial': {
      const hasEnd = user.trialEndsAt !== null || user.freeTrialEndedAt !== null;
      const isValid = !hasEnd || isInFuture(user.trialEndsAt, now) || isInFuture(user.freeTrialEndedAt, now);
      return isValid ? 'trial' : 'free';
    }
    default:
      return 'free';
  }
}

export function tierRank(tier: TBookTier): number {
  return BOOK_TIERS.indexOf(tier);
}

export function bookCtaFor(user: TCurrentUser | null, requiredTier: TBookTier, now = Date.now()): TBookCta {
  if (!user) return { kind: 'signed-out' };
  const tier = effectiveTier(user, now);
  if (tier === 'free') return { kind: 'subscribe' };
  if (tierRank(tier) >= tierRank(requiredTier)) return { kind: 'read' };
  return { kind: 'upgrade', tier: requiredTier === 'premium' ? 'premium' : 'basic' };
}
