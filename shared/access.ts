/**
 * Access validity (docs/product/access.md#access-validity, docs/product/decisions.md#7), as one pure rule used by the
 * API's entitlement middleware and by the web app's guards (the server's answer is the one that counts).
 */
import type { TSubscriptionTier } from './tiers';

export interface TAccessSubject {
  subscriptionTier: TSubscriptionTier;
  subscriptionStatus: string;
  trialEndsAt: Date | string | null;
  freeTrialEndedAt: Date | string | null;
  subscriptionCurrentPeriodEnd?: Date | string | null;
}

const toTime = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? Date.parse(value) : value.getTime();

/**
 * A trial is valid while trialEndsAt (or freeTrialEndedAt) is in the future; basic and premium are
 * valid while the subscription is active, and a cancelled one keeps access until its paid period ends.
 */
export function hasValidAccess(subject: TAccessSubject, now: Date): boolean {
  const nowMs = now.getTime();
  switch (subject.subscriptionTier) {
    case 'trial': {
      const ends = [toTime(subject.trialEndsAt), toTime(subject.freeTrialEndedAt)].filter(
        (t): t is number => t !== null,
      );
      return ends.some((end) => end > nowMs);
    }
    case 'basic':
    case 'premium': {
      if (subject.subscriptionStatus === 'active') return true;
      const periodEnd = toTime(subject.subscriptionCurrentPeriodEnd);
      return subject.subscriptionStatus === 'cancelled' && periodEnd !== null && periodEnd > nowMs;
    }
    default:
      return false;
  }
}
