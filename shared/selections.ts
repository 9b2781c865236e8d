/**
 * Answers of the selections, entitlements and loans API (docs/product/decisions.md#7). Times are ISO 8601 UTC
 * strings; the web app renders them in the reader's locale.
 */
import type { TBookTier, TSubscriptionTier } from './tiers';

export interface TSelection {
  id: string;
  bookId: string;
  title: string;
  slug: string;
  coverImageUrl: string | null;
  requiredTier: TBookTier;
  subscriptionTier: TBookTier;
  selectedAt: string;
  /** null: no lock (trial picks). */
  lockedUntil: string | null;
  canRemove: boolean;
}

export interface TSelectionList {
  items: TSelection[];
}

export interface TEntitlements {
  /** The effective tier now: free when the trial or subscription is no longer valid. */
  tier: TSubscriptionTier;
  /** The stored subscription tier and status (what billing says). */
  subscriptionTier: TSubscriptionTier;
  status: string;
  /** When access ends (trial end or paid period end); null when open-ended or unknown. */
  validUntil: string | null;
  picksUsed: number;
  /** -1 = unlimited (premium); 0 for free. */
  picksLimit: number;
  cycleStart: string | null;
  cycleEnd: string | null;
  /** When the pick counter next resets (Basic); null for trial (one allowance), premium and free. */
  nextResetAt: string | null;
  trialDaysLeft: number | null;
  selections: TSelection[];
  offlineAllowed: boolean;
  /** Offline devices allowed (system_config offline_device_cap_<tier>); 0 for free and trial. */
  deviceCap: number;
}

export const LOAN_STATUS_VALUES = ['active', 'returned', 'revoked'] as const;
export const LOAN_TYPE_VALUES = ['subscription', 'trial'] as const;

export interface TLoan {
  id: string;
  bookId: string;
  title: string;
  slug: string;
  coverImageUrl: string | null;
  status: (typeof LOAN_STATUS_VALUES)[number];
  loanType: (typeof LOAN_TYPE_VALUES)[number];
  startedAt: string;
  expiresAt: string | null;
  returnedAt: string | null;
  revokedAt: string | null;
  revokeReason: string | null;
}

export interface TLoanList {
  items: TLoan[];
}
