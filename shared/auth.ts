/**
 * The signed-in user as the API returns it from GET /api/auth/user
 * (docs/product/data-model.md#client-visible-entities). Pure: no I/O.
 */
import type { TRole, TSubscriptionTier } from './tiers';

export type TSubscriptionStatus = 'active' | 'inactive' | 'cancelled' | 'past_due';

export interface TCurrentUser {
  id: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: TRole;
  subscriptionTier: TSubscriptionTier;
  subscriptionStatus: TSubscriptionStatus;
  emailVerified: boolean;
  /** ISO timestamps (UTC) or null. */
  trialEndsAt: string | null;
  freeTrialEndedAt: string | null;
  subscriptionCurrentPeriodEnd: string | null;
  /** The account was created without a free trial (docs/product/trial-policy.md); the screens say why. */
  trialDeclined: boolean;
}

export type TSubscriptionBadge = 'PREMIUM' | 'BASIC' | 'TRIAL' | 'FREE';

/**
 * Header badge (docs/product/plans-and-picks.md#header-badge): PREMIUM for premium, BASIC for basic, TRIAL for trial or
 * a missing tier. 'free' (no valid trial, no paid plan; docs/product/decisions.md#7) is shown as FREE rather than TRIAL
 * so an expired reader is not told they are on a trial.
 */
export function subscriptionBadge(tier: TSubscriptionTier | null | undefined): TSubscriptionBadge {
  switch (tier) {
    case 'premium':
      return 'PREMIUM';
    case 'basic':
      return 'BASIC';
    case 'free':
      return 'FREE';
    default:
      return 'TRIAL';
  }
}

/** POST /api/auth/register answer (docs/product/data-model.md#client-visible-entities). */
export interface TRegisterResponse {
  requiresVerification: boolean;
  userId: string;
  email: string;
}

/** GET /api/admin/auth/locks item: a sign-in lock in force (docs/product/accounts.md#sign-in-lockout). */
export interface TSignInLock {
  id: string;
  /** Null when the identifier typed names no account (those are throttled alike). */
  userId: string | null;
  email: string | null;
  /** 'account': failures from all sources lock out unknown sources; 'source': one source's back-off. */
  scope: 'account' | 'source';
  sourceIp: string | null;
  failures: number;
  lockedUntil: string;
}

export interface TSignInLockList {
  items: TSignInLock[];
}

/** Answers of verify-otp, resend-otp, forgot/reset password and similar actions. */
export interface TActionResponse {
  success: boolean;
  message: string;
}

/** POST /api/auth/verify-otp: a right code also signs the reader in (docs/product/accounts.md#verification-codes). */
export interface TVerifyOtpResponse extends TActionResponse {
  /** A session cookie came with this answer. */
  signedIn: boolean;
}

export interface TLoginResponse {
  user: TCurrentUser;
}

/** POST /api/auth/admin-emergency answer (docs/product/data-model.md#client-visible-entities). */
export interface TEmergencyLoginResponse {
  success: boolean;
  message: string;
  user: { firstName: string | null };
}

/** GET /api/auth/emergency-config: whether the break-glass login is on, and demo credentials to pre-fill (demo only). */
export interface TEmergencyConfigResponse {
  enabled: boolean;
  demo: { email: string; password: string } | null;
}

/**
 * The 403 problem body of POST /api/auth/login for a correct password on an unverified account
 * (`code: 'email_not_verified'`): the client goes to /auth/verify-email with these.
 */
export interface TEmailNotVerifiedProblem {
  type: string;
  title: string;
  status: 403;
  detail: string;
  code: 'email_not_verified';
  userId: string;
  email: string;
}
