/** Display helpers for entitlements: dates in the reader's locale (Intl) and the picks sentences. Pure. */
import type { TEntitlements, TSelection } from '@shared/selections';
import type { TBookTier, TSubscriptionTier } from '@shared/tiers';

/** docs/product/decisions.md#7: a Basic pick is locked for 30 days (the server's basic_lock_days decides). */
export const BASIC_LOCK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const dateFormatter = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** '5 April 2026' (or the reader's locale's form); '' for a missing or invalid instant. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter.format(date);
}

/** When a Basic pick made now would unlock (an estimate shown before confirming). */
export function estimatedLockEnd(now = Date.now()): Date {
  return new Date(now + BASIC_LOCK_DAYS * DAY_MS);
}

export const PLAN_NAMES: Record<TSubscriptionTier, string> = {
  free: 'Free',
  trial: 'Free Trial',
  basic: 'Basic',
  premium: 'Premium',
};

/** Readers who choose books: trial and Basic (premium reads everything, free reads previews). */
export function isPickingTier(tier: TSubscriptionTier): tier is 'trial' | 'basic' {
  return tier === 'trial' || tier === 'basic';
}

export function picksRemaining(entitlements: Pick<TEntitlements, 'picksUsed' | 'picksLimit'>): number {
  if (entitlements.picksLimit < 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, entitlements.picksLimit - entitlements.picksUsed);
}

/**
 * "2 of 3 picks used" (trial), "7 of 10 picks used this cycle; resets on 5 May 2026" (Basic),
 * "Unlimited" (premium), "No picks" (free).
 */
export function picksUsedText(
  entitlements: Pick<TEntitlements, 'tier' | 'picksUsed' | 'picksLimit' | 'nextResetAt'>,
): string {
  const { tier, picksUsed, picksLimit, nextResetAt } = entitlements;
  if (picksLimit < 0 || tier === 'premium') return 'Unlimited';
  if (tier === 'free') return 'No picks';
  const base = `${picksUsed} of ${picksLimit} picks used`;
  if (tier !== 'basic') return base;
  const reset = formatDate(nextResetAt);
  return reset ? `${base} this cycle; resets on ${reset}` : `${base} this cycle`;
}

/** The reader's tier allows the book (requiredTier is the lowest tier that may read it). */
export function tierAllows(tier: TSubscriptionTier, requiredTier: TBookTier): boolean {
  const rank: Record<TSubscriptionTier, number> = { free: 0, trial: 1, basic: 2, premium: 3 };
  return tier !== 'free' && rank[tier] >= rank[requiredTier];
}

export function findSelection(
  entitlements: Pick<TEntitlements, 'selections'> | null | undefined,
  bookId: string,
): TSelection | undefined {
  return entitlements?.selections.find((selection) => selection.bookId === bookId || selection.slug === bookId);
}
