/**
 * Rate limits of the accounts API (docs/ARCHITECTURE.md#security), counted in the database by middleware/rate-limit.ts.
 * Windows are sliding and per-IP rules count every request. Failed sign-ins per account are not a
 * rate limit but the throttle of SIGN_IN_THROTTLE below (sign-in-throttle.service.ts).
 * Per-subject rules (e-mail, user id) count the same whether or not the account exists, so hitting
 * them reveals nothing about which accounts exist.
 */
import type { TRateLimitRule } from '../../middleware/rate-limit';

const MINUTE = 60_000;

export const AUTH_RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', limit: 20, windowMs: 15 * MINUTE },
  verifyOtpPerIp: { name: 'verify-otp:ip', limit: 30, windowMs: 15 * MINUTE },
  resendOtpPerIp: { name: 'resend-otp:ip', limit: 10, windowMs: 15 * MINUTE },
  /**
   * At most one new code a minute per user; registration counts as the first send
   * (docs/product/accounts.md#verification-codes).
   */
  resendOtpPerUser: { name: 'resend-otp:user', limit: 1, windowMs: MINUTE },
  forgotPasswordPerIp: { name: 'forgot-password:ip', limit: 10, windowMs: 15 * MINUTE },
  forgotPasswordPerEmail: { name: 'forgot-password:email', limit: 3, windowMs: 60 * MINUTE },
  resetPasswordPerIp: { name: 'reset-password:ip', limit: 10, windowMs: 15 * MINUTE },
  emergencyPerIp: { name: 'emergency:ip', limit: 5, windowMs: 60 * MINUTE },
  /** Break-glass access is rare: a low ceiling across all sources keeps a distributed guesser slow. */
  emergencyGlobal: { name: 'emergency:global', limit: 20, windowMs: 60 * MINUTE },
} as const satisfies Record<string, TRateLimitRule>;

/**
 * Sign-in throttling (docs/product/accounts.md#sign-in-lockout), kept in `login_lockouts`.
 * An account is locked for unknown sources after `accountFailures` failures inside `accountWindowMs`;
 * one account + source pair backs off after `pairFailures`, for `pairBaseDelayMs` doubling with every
 * further failure up to `pairMaxDelayMs`, and forgets its failures after `pairMemoryMs` of quiet.
 */
export const SIGN_IN_THROTTLE = {
  accountFailures: 5,
  accountWindowMs: 15 * MINUTE,
  accountLockMs: 15 * MINUTE,
  pairFailures: 5,
  pairBaseDelayMs: MINUTE,
  pairMaxDelayMs: 24 * 60 * MINUTE,
  pairMemoryMs: 24 * 60 * MINUTE,
  unlockLinkTtlMs: 60 * MINUTE,
} as const;

/** One-time e-mail codes (docs/ARCHITECTURE.md#security): 10-minute life, 5 wrong tries. */
export const VERIFICATION_CODE_TTL_MS = 10 * MINUTE;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** Password reset links live one hour. */
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE;
