/** Subscription tiers and book tiers, ordered from least to most access (docs/product/decisions.md#7). */
export const SUBSCRIPTION_TIERS = ['free', 'trial', 'basic', 'premium'] as const;
export type TSubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** A book's requiredTier is the lowest tier that may read it. */
export const BOOK_TIERS = ['trial', 'basic', 'premium'] as const;
export type TBookTier = (typeof BOOK_TIERS)[number];

export const ROLES = ['user', 'moderator', 'admin', 'super_admin'] as const;
export type TRole = (typeof ROLES)[number];

export const TIER_LABELS: Record<TBookTier, string> = {
  trial: 'Free Trial',
  basic: 'Basic',
  premium: 'Premium',
};
