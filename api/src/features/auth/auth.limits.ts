/**
 * Rate limits of the accounts API (DESIGN §6), counted in the database by middleware/rate-limit.ts.
 * Windows are sliding. Per-IP rules count every request; the per-account sign-in rule counts attempts
 * and is cleared when the owner signs in, so only failures accumulate, and it expires after 15 minutes:
 * an attacker can slow an account down but never lock its owner out for longer than that.
 * Per-subject rules (e-mail, user id) count the same whether or not the account exists, so hitting
 * them reveals nothing about which accounts exist.
 */
import type { TRateLimitRule } from '../../middleware/rate-limit';

const MINUTE = 60_000;

export const AUTH_RATE_LIMITS = {
  loginPerIp: { name: 'login:ip', limit: 20, windowMs: 15 * MINUTE },
  loginPerAccount: { name: 'login:account', limit: 5, windowMs: 15 * MINUTE },
  verifyOtpPerIp: { name: 'verify-otp:ip', limit: 30, windowMs: 15 * MINUTE },
  resendOtpPerIp: { name: 'resend-otp:ip', limit: 10, windowMs: 15 * MINUTE },
  /** SPEC: a new code at most once a minute per user (registration counts as the first send). */
  resendOtpPerUser: { name: 'resend-otp:user', limit: 1, windowMs: MINUTE },
  forgotPasswordPerIp: { name: 'forgot-password:ip', limit: 10, windowMs: 15 * MINUTE },
  forgotPasswordPerEmail: { name: 'forgot-password:email', limit: 3, windowMs: 60 * MINUTE },
  resetPasswordPerIp: { name: 'reset-password:ip', limit: 10, windowMs: 15 * MINUTE },
  emergencyPerIp: { name: 'emergency:ip', limit: 5, windowMs: 60 * MINUTE },
  /** Break-glass access is rare: a low ceiling across all sources keeps a distributed guesser slow. */
  emergencyGlobal: { name: 'emergency:global', limit: 20, windowMs: 60 * MINUTE },
} as const satisfies Record<string, TRateLimitRule>;

/** One-time e-mail codes (DESIGN §6): 10-minute life, 5 wrong tries. */
export const VERIFICATION_CODE_TTL_MS = 10 * MINUTE;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** Password reset links live one hour. */
export const PASSWORD_RESET_TTL_MS = 60 * MINUTE;
