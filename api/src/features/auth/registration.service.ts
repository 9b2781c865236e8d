/**
 * Sign-up and e-mail verification (docs/product/accounts.md#registration, docs/product/accounts.md#verification-codes,
 * docs/product/validation-messages.md#registration, docs/product/errors.md#toasts).
 *
 * Registration writes, in one BEGIN IMMEDIATE transaction: the signup attempt, the user (a 7-day trial
 * unless docs/product/trial-policy.md declines it, E.164 phone, country from the number), the trial
 * record, the user's e-mail preferences and the audit entry. An address that already has an account
 * gets the same answer as a new one (the password is hashed either way) and an e-mail saying so. The password is hashed before the transaction (argon2 is async), so the transaction
 * itself never awaits and concurrent sign-ups are serialised: of ten identical requests exactly one
 * creates the account. The unique indexes on e-mail and username are the backstop.
 * With e-mail verification switched off (an admin setting), a new account is signed in at once, which
 * an existing address cannot mimic: that setting gives up hiding which addresses have accounts.
 */
import { eq, sql } from 'drizzle-orm';
import type { TActionResponse, TRegisterResponse, TVerifyOtpResponse } from '@shared/auth';
import type { TRegisterRequest } from '@shared/auth.schemas';
import { AUTH_MESSAGES } from '@shared/messages';
import { DEFAULT_PHONE_COUNTRY } from '@shared/limits';
import { normalisePhone } from '@shared/phone';
import { immediateTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { consumeRateLimit, rateLimitedError, recordRateLimitHit } from '../../middleware/rate-limit';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { ensureEmailPreferences } from '../email/email.service';
import { AUTH_RATE_LIMITS, VERIFICATION_CODE_MAX_ATTEMPTS, VERIFICATION_CODE_TTL_MS } from './auth.limits';
import { isEmailVerificationRequired, trialDays } from './auth-config';
import { mailAlreadyRegistered, mailVerificationCode, mailWelcome, type TMailDeps } from './auth-emails';
import { generateVerificationCode, hashVerificationCode, verificationCodeMatches } from './one-time-code';
import { hashPassword } from '../../lib/password';
import { createSession, deleteSession, hashSessionToken } from './session.service';
import {
  evaluateSignupGate,
  findTrialConflict,
  markSignupAttemptSuccessful,
  normaliseEmailForTrial,
  recordSignupAttempt,
  recordTrialGranted,
} from './trial-abuse.service';

const DAY_MS = 86_400_000;
type TUserRow = typeof users.$inferSelect;

export interface TVerifyResult {
  response: TVerifyOtpResponse;
  /** The new session of the reader who just proved their address (null: already verified, or a disabled account). */
  session: { token: string; expiresAt: Date } | null;
}

export interface TRegisterResult {
  response: TRegisterResponse;
  /** A session for the account when no verification is needed ('Start Reading Now' works at once). */
  session: { token: string; expiresAt: Date } | null;
}

type TRegisterRefusal = { kind: 'too_many' | 'blocked'; retryAfterSeconds: number } | { kind: 'username_taken' };
type TRegisterOutcome =
  | { kind: 'created'; user: TUserRow; code: string | null }
  /** Answered exactly like 'created'; only the address's owner hears, by e-mail, that it has an account. */
  | { kind: 'email_exists'; user: TUserRow }
  | TRegisterRefusal;

/** SQLite's unique-index failure, whether drizzle hands it over bare or wrapped. */
function uniqueViolation(error: unknown): string | null {
  for (
    let current = error, depth = 0;
    current && depth < 3;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string') return message;
  }
  return null;
}

/** Usernames are public handles, so saying one is taken reveals nothing private. */
function usernameTakenError(): AppError {
  return new AppError('username_taken', 409, AUTH_MESSAGES.usernameTaken, [
    { field: 'username', message: AUTH_MESSAGES.usernameTaken },
  ]);
}

function throwRefusal(outcome: TRegisterRefusal): never {
  switch (outcome.kind) {
    case 'blocked':
      throw rateLimitedError(outcome.retryAfterSeconds, AUTH_MESSAGES.registrationBlocked, 'registration_blocked');
    case 'too_many':
      throw rateLimitedError(outcome.retryAfterSeconds, AUTH_MESSAGES.tooManyRegistrations, 'too_many_registrations');
    case 'username_taken':
      throw usernameTakenError();
  }
}

export async function registerUser(
  options: TMailDeps & TRequestMeta & { input: TRegisterRequest },
): Promise<TRegisterResult> {
  const { db, env, now, input, ipAddress, userAgent } = options;
  const at = now();
  const deviceFingerprint = input.deviceFingerprint?.trim() || null;
  const source = { ipAddress, deviceFingerprint };

  /** Counts this attempt; answers the refusal when the source is over its limits or blocked. */
  const countAttempt = (): { attemptId: string; refusal: TRegisterRefusal | null } => {
    const gate = evaluateSignupGate({ db, env, now: at, ...source });
    const attemptId = recordSignupAttempt({
      db,
      env,
      now: at,
      email: input.email.toLowerCase(),
      escalate: gate.escalate,
      ...source,
    });
    if (gate.status === 'ok') return { attemptId, refusal: null };
    if (gate.status === 'too_many' || gate.escalate) {
      recordAudit(
        { db, now },
        {
          action: 'auth.register',
          status: 'failure',
          severity: 'warning',
          details: { reason: gate.escalate ? 'blocked' : 'too_many_attempts' },
          ipAddress,
          userAgent,
        },
      );
    }
    return { attemptId, refusal: { kind: gate.status, retryAfterSeconds: gate.retryAfterSeconds } };
  };

  // Refuse before the expensive hash, so a flood of sign-ups cannot buy argon2 time.
  if (evaluateSignupGate({ db, env, now: at, ...source }).status !== 'ok') {
    const early = immediateTransaction(db, countAttempt).refusal;
    if (early) throwRefusal(early);
  }

  const passwordHash = await hashPassword(input.password);
  const phone = normalisePhone(input.phoneNumber, input.countryCode ?? DEFAULT_PHONE_COUNTRY);
  const { email: trialEmail, domain } = normaliseEmailForTrial(input.email);
  const email = input.email.toLowerCase();
  const username = input.username.trim();
  const verificationRequired = isEmailVerificationRequired(db);
  const trialEndsAt = new Date(at.getTime() + trialDays(db) * DAY_MS);
  const isBootstrapSuperAdmin = env.SUPER_ADMIN_EMAILS.includes(email);

  let outcome: TRegisterOutcome;
  try {
    outcome = immediateTransaction(db, (): TRegisterOutcome => {
      const { attemptId, refusal } = countAttempt();
      if (refusal) return refusal;

      // Usernames sign people in, so 'Ada' and 'ada' must not be two accounts.
      if (
        db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).get()
      ) {
        return { kind: 'username_taken' };
      }
      const existing = db.select().from(users).where(eq(users.email, email)).get();
      if (existing) {
        recordAudit(
          { db, now },
          {
            action: 'auth.register',
            resource: 'user',
            resourceId: existing.id,
            status: 'failure',
            severity: 'info',
            details: { reason: 'email_exists' },
            ipAddress,
            userAgent,
          },
        );
        return { kind: 'email_exists', user: existing };
      }

      // A declined trial still makes the account: the reader can subscribe (docs/product/trial-policy.md).
      const trialDeclined = findTrialConflict({
        db,
        env,
        now: at,
        trialEmail,
        phoneNumber: phone?.e164 ?? null,
        ...source,
      });
      const trialColumns = trialDeclined
        ? {
            subscriptionTier: 'free' as const,
            subscriptionStatus: 'inactive' as const,
            freeTrialUsed: true,
            trialDeclinedAt: at,
          }
        : {
            subscriptionTier: 'trial' as const,
            subscriptionStatus: 'active' as const,
            freeTrialUsed: true,
            freeTrialStartedAt: at,
            freeTrialEndedAt: trialEndsAt,
            trialStartedAt: at,
            trialEndsAt,
          };

      const userId = crypto.randomUUID();
      const code = verificationRequired ? generateVerificationCode() : null;
      const user = db
        .insert(users)
        .values({
          id: userId,
          email,
          username,
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: phone?.e164 ?? input.phoneNumber,
          countryCode: phone?.countryCode ?? input.countryCode ?? null,
          passwordHash,
          emailVerified: !verificationRequired,
          verificationCode: code ? hashVerificationCode(userId, code) : null,
          codeExpiresAt: code ? new Date(at.getTime() + VERIFICATION_CODE_TTL_MS) : null,
          codeAttempts: 0,
          codeSentAt: code ? at : null,
          authProvider: 'local',
          role: isBootstrapSuperAdmin ? 'super_admin' : 'user',
          ...trialColumns,
          registrationIp: ipAddress,
          deviceFingerprint,
          createdAt: at,
          updatedAt: at,
        })
        .returning()
        .get();
      if (!trialDeclined) {
        recordTrialGranted({
          db,
          now: at,
          trialEmail,
          domain,
          phoneNumber: phone?.e164 ?? null,
          userId,
          trialEndsAt,
          ...source,
        });
      }
      ensureEmailPreferences({ db, user, now: at });
      markSignupAttemptSuccessful({ db, attemptId });
      // Registration sent the first code: "resend at most once a minute" starts now.
      if (code) recordRateLimitHit({ db, rule: AUTH_RATE_LIMITS.resendOtpPerUser, subject: userId, now: at });
      recordAudit(
        { db, now },
        {
          action: 'auth.register',
          resource: 'user',
          resourceId: userId,
          userId,
          details: {
            requiresVerification: verificationRequired,
            countryCode: user.countryCode,
            trial: trialDeclined ? 'declined' : 'granted',
            ...(trialDeclined ? { trialDeclinedOn: trialDeclined } : {}),
          },
          ipAddress,
          userAgent,
        },
      );
      if (isBootstrapSuperAdmin) {
        recordAudit(
          { db, now },
          {
            action: 'role.bootstrap_promote',
            resource: 'user',
            resourceId: userId,
            userId,
            details: { role: 'super_admin', source: 'SUPER_ADMIN_EMAILS' },
            severity: 'warning',
          },
        );
      }
      return { kind: 'created', user, code };
    });
  } catch (error) {
    const violation = uniqueViolation(error);
    if (violation?.includes('username')) throw usernameTakenError();
    if (!violation) throw error;
    // The address was registered between our check and our insert: answer as for any existing address.
    const existing = db.select().from(users).where(eq(users.email, email)).get();
    if (!existing) throw error;
    outcome = { kind: 'email_exists', user: existing };
  }

  if (outcome.kind === 'email_exists') {
    await mailAlreadyRegistered(options, outcome.user);
    // A fresh random id: verify-otp and resend-otp answer for it exactly as for a real one.
    return { response: { requiresVerification: true, userId: crypto.randomUUID(), email }, session: null };
  }
  if (outcome.kind !== 'created') throwRefusal(outcome);
  const { user, code } = outcome;
  if (code) {
    await mailVerificationCode(options, user, code);
    return { response: { requiresVerification: true, userId: user.id, email: user.email }, session: null };
  }
  await mailWelcome(options, user);
  const session = createSession({ db, userId: user.id, now: at, ipAddress, userAgent });
  return { response: { requiresVerification: false, userId: user.id, email: user.email }, session };
}

/**
 * Checks a 6-digit code. Wrong codes count; the fifth wrong one destroys the code, so guessing needs a
 * new e-mail every five tries (and the per-IP limit caps how fast that can go).
 */
export async function verifyEmailCode(
  options: TMailDeps & TRequestMeta & { userId: string; code: string; previousToken?: string | null },
): Promise<TVerifyResult> {
  const { db, now, userId, code, ipAddress, userAgent } = options;
  const at = now();
  const result = immediateTransaction(db, () => {
    const user = db.select().from(users).where(eq(users.id, userId)).get();
    if (!user)
      return {
        error: new AppError('invalid_code', 400, AUTH_MESSAGES.invalidCode, [
          { field: 'code', message: AUTH_MESSAGES.invalidCode },
        ]),
      };
    if (user.emailVerified) return { alreadyVerified: true as const };
    const fail = (errorCode: string, message: string) => ({
      error: new AppError(errorCode, 400, message, [{ field: 'code', message }]),
    });
    if (!user.verificationCode) {
      return user.codeAttempts >= VERIFICATION_CODE_MAX_ATTEMPTS
        ? fail('code_locked', AUTH_MESSAGES.codeLocked)
        : fail('no_active_code', AUTH_MESSAGES.noActiveCode);
    }
    if (!user.codeExpiresAt || user.codeExpiresAt.getTime() <= at.getTime())
      return fail('code_expired', AUTH_MESSAGES.codeExpired);
    if (!verificationCodeMatches({ userId, code, storedHash: user.verificationCode })) {
      const attempts = user.codeAttempts + 1;
      const locked = attempts >= VERIFICATION_CODE_MAX_ATTEMPTS;
      db.update(users)
        .set(
          locked ? { codeAttempts: attempts, verificationCode: null, codeExpiresAt: null } : { codeAttempts: attempts },
        )
        .where(eq(users.id, userId))
        .run();
      recordAudit(
        { db, now },
        {
          action: 'auth.email_verification',
          resource: 'user',
          resourceId: userId,
          userId,
          status: 'failure',
          severity: locked ? 'warning' : 'info',
          details: { attempts, locked },
          ipAddress,
          userAgent,
        },
      );
      return locked ? fail('code_locked', AUTH_MESSAGES.codeLocked) : fail('invalid_code', AUTH_MESSAGES.invalidCode);
    }
    const verified = db
      .update(users)
      .set({ emailVerified: true, verificationCode: null, codeExpiresAt: null, codeAttempts: 0, updatedAt: at })
      .where(eq(users.id, userId))
      .returning()
      .get();
    recordAudit(
      { db, now },
      { action: 'auth.email_verification', resource: 'user', resourceId: userId, userId, ipAddress, userAgent },
    );
    // The right code proves the address, and only the person who registered (and so chose the password) was sent
    // to this screen: they are signed in now, with a new session, instead of typing the password again
    // (docs/product/accounts.md#verification-codes). A disabled account is verified but not signed in.
    if (!verified.isActive) return { verified, session: null };
    if (options.previousToken) deleteSession({ db, token: options.previousToken });
    db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId)).run();
    const session = createSession({ db, userId, now: at, ipAddress, userAgent });
    recordAudit(
      { db, now },
      {
        action: 'auth.login',
        resource: 'user',
        resourceId: userId,
        userId,
        details: { method: 'verification_code' },
        ipAddress,
        userAgent,
        sessionId: hashSessionToken(session.token),
      },
    );
    return { verified, session };
  });

  if ('error' in result) throw result.error;
  if ('alreadyVerified' in result)
    return { response: { success: true, message: AUTH_MESSAGES.alreadyVerified, signedIn: false }, session: null };
  await mailWelcome(options, result.verified);
  return {
    response: { success: true, message: AUTH_MESSAGES.emailVerified, signedIn: result.session !== null },
    session: result.session,
  };
}

/**
 * Sends a fresh code. The answer is the same whether the user exists, is already verified or not, and
 * the once-a-minute limit is keyed by the submitted id either way, so nothing is revealed.
 */
export async function resendVerificationCode(options: TMailDeps & { userId: string }): Promise<TActionResponse> {
  const { db, now, userId } = options;
  const at = now();
  const limit = consumeRateLimit({ db, rule: AUTH_RATE_LIMITS.resendOtpPerUser, subject: userId, now: at });
  if (!limit.allowed) throw rateLimitedError(limit.retryAfterSeconds, AUTH_MESSAGES.resendTooSoon);

  const code = generateVerificationCode();
  const user = db
    .update(users)
    .set({
      verificationCode: hashVerificationCode(userId, code),
      codeExpiresAt: new Date(at.getTime() + VERIFICATION_CODE_TTL_MS),
      codeAttempts: 0,
      codeSentAt: at,
      updatedAt: at,
    })
    .where(sql`${users.id} = ${userId} and ${users.emailVerified} = 0 and ${users.isActive} = 1`)
    .returning()
    .get();
  if (user) await mailVerificationCode(options, user, code);
  return { success: true, message: AUTH_MESSAGES.codeResent };
}
