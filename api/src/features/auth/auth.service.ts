/**
 * Sign-in, sign-out and password reset (docs/product/accounts.md#sign-in, docs/product/accounts.md#passwords;
 * docs/ARCHITECTURE.md#security).
 *
 * Sign-in answers the same 401 for an unknown account and a wrong password, and takes the same time:
 * unknown accounts are verified against a dummy argon2 hash. Each sign-in rotates the session (a new
 * token; the one the browser sent is deleted). A password reset ends every session of the account.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { TActionResponse, TCurrentUser } from '@shared/auth';
import { AUTH_MESSAGES } from '@shared/messages';
import { immediateTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { enforceRateLimit, rateLimitedError } from '../../middleware/rate-limit';
import { recordAudit } from '../audit/audit.service';
import { AUTH_RATE_LIMITS, PASSWORD_RESET_TTL_MS } from './auth.limits';
import { appUrl, mailAccountLocked, mailPasswordReset, type TMailDeps } from './auth-emails';
import { generateDeviceToken } from './device-cookie';
import {
  beginSignInAttempt,
  clearSignInThrottle,
  settleFailedSignIn,
  settleSuccessfulSignIn,
  unlockWithToken,
} from './sign-in-throttle.service';
import { toCurrentUser } from './current-user';
import { generateResetToken, hashResetToken } from './one-time-code';
import { getDummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import {
  createSession,
  deleteSession,
  deleteSessionBySid,
  deleteUserSessions,
  hashSessionToken,
} from './session.service';

type TUserRow = typeof users.$inferSelect;
type TDeps = Pick<TMailDeps, 'db' | 'now'>;

export type TLoginResult =
  | { kind: 'signed_in'; user: TCurrentUser; session: { token: string; expiresAt: Date }; deviceToken: string }
  | { kind: 'email_not_verified'; userId: string; email: string };

function findByEmailOrUsername(db: TDeps['db'], identifier: string): TUserRow | undefined {
  const lower = identifier.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(or(eq(users.email, lower), sql`lower(${users.username}) = ${lower}`))
    .get();
}

export async function loginUser(
  options: TMailDeps &
    TRequestMeta & {
      emailOrUsername: string;
      password: string;
      previousToken: string | null;
      deviceToken: string | null;
    },
): Promise<TLoginResult> {
  const { db, now, password, ipAddress, userAgent } = options;
  const at = now();
  const user = findByEmailOrUsername(db, options.emailOrUsername);
  // Keyed by the account's e-mail when it exists, else by what was typed: unknown and known
  // identifiers lock out alike, so the lock reveals nothing.
  const accountSubject = user?.email ?? options.emailOrUsername.trim().toLowerCase();
  const audit = (status: 'success' | 'failure', details: Record<string, unknown> = {}, sessionId?: string) =>
    recordAudit(
      { db, now },
      {
        action: 'auth.login',
        resource: 'user',
        resourceId: user?.id ?? null,
        userId: user?.id ?? null,
        status,
        severity: status === 'success' ? 'info' : 'warning',
        details,
        ipAddress,
        userAgent,
        sessionId,
      },
    );

  const attempt = beginSignInAttempt({
    db,
    now,
    subject: accountSubject,
    userId: user?.id ?? null,
    ipAddress,
    deviceToken: options.deviceToken,
  });
  if (!attempt.allowed) {
    audit('failure', { reason: attempt.reason });
    throw rateLimitedError(attempt.retryAfterSeconds, AUTH_MESSAGES.tooManyLoginAttempts);
  }

  let passwordMatches = false;
  if (user?.passwordHash) {
    passwordMatches = await verifyPassword(user.passwordHash, password);
  } else {
    // Same work as a real check, so response time does not tell whether the account exists.
    await verifyPassword(await getDummyPasswordHash(), password);
  }
  if (!user || !passwordMatches) {
    audit('failure', { reason: user ? 'wrong_password' : 'unknown_account' });
    const { unlockToken } = settleFailedSignIn({ db, now, attempt, userId: user?.id ?? null, ipAddress, userAgent });
    if (user && unlockToken) {
      void mailAccountLocked(options, user, appUrl(options, `/auth/unlock?token=${encodeURIComponent(unlockToken)}`));
    }
    throw new AppError('invalid_credentials', 401, AUTH_MESSAGES.invalidCredentials);
  }
  // Only someone who knows the password learns these two states.
  if (!user.isActive) {
    audit('failure', { reason: 'account_disabled' });
    throw new AppError('account_disabled', 403, AUTH_MESSAGES.accountDisabled);
  }
  if (!user.emailVerified) {
    audit('failure', { reason: 'email_not_verified' });
    return { kind: 'email_not_verified', userId: user.id, email: user.email };
  }

  // The browser keeps its device token, so each device is one known source however often it signs in.
  const deviceToken = options.deviceToken ?? generateDeviceToken();
  // Raised hashing parameters reach existing accounts at their next sign-in.
  const upgradedHash = user.passwordHash && needsRehash(user.passwordHash) ? await hashPassword(password) : null;
  const session = immediateTransaction(db, () => {
    if (options.previousToken) deleteSession({ db, token: options.previousToken });
    db.update(users)
      .set({ lastLoginAt: at, ...(upgradedHash ? { passwordHash: upgradedHash } : {}) })
      .where(eq(users.id, user.id))
      .run();
    settleSuccessfulSignIn({ db, now, attempt, userId: user.id, ipAddress, deviceToken });
    const created = createSession({ db, userId: user.id, now: at, ipAddress, userAgent });
    audit('success', upgradedHash ? { passwordRehashed: true } : {}, hashSessionToken(created.token));
    return created;
  });
  return { kind: 'signed_in', user: toCurrentUser({ ...user, lastLoginAt: at }), session, deviceToken };
}

export function logoutUser(options: TDeps & TRequestMeta & { userId: string | null; sessionId: string | null }): void {
  const { db, now, userId, sessionId } = options;
  if (!sessionId) return;
  deleteSessionBySid({ db, sid: sessionId });
  if (userId) {
    recordAudit(
      { db, now },
      {
        action: 'auth.logout',
        resource: 'user',
        resourceId: userId,
        userId,
        sessionId,
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      },
    );
  }
}

/**
 * Always the same answer. The per-address limit applies to unknown addresses too, and the e-mail is
 * sent after the answer is decided (not awaited), so neither status, body nor timing tells whether an
 * account exists.
 */
export function requestPasswordReset(options: TMailDeps & TRequestMeta & { email: string }): TActionResponse {
  const { db, env, now, ipAddress, userAgent } = options;
  const at = now();
  const email = options.email.trim().toLowerCase();
  enforceRateLimit({
    db,
    rule: AUTH_RATE_LIMITS.forgotPasswordPerEmail,
    subject: email,
    now: at,
    message: AUTH_MESSAGES.tooManyRequests,
  });

  const user = db.select().from(users).where(eq(users.email, email)).get();
  if (user?.isActive) {
    const { token, tokenHash } = generateResetToken();
    db.update(users)
      .set({
        passwordResetToken: tokenHash,
        passwordResetExpires: new Date(at.getTime() + PASSWORD_RESET_TTL_MS),
        updatedAt: at,
      })
      .where(eq(users.id, user.id))
      .run();
    recordAudit(
      { db, now },
      {
        action: 'auth.password_reset.requested',
        resource: 'user',
        resourceId: user.id,
        userId: user.id,
        ipAddress,
        userAgent,
      },
    );
    const resetUrl = `${env.publicUrl.replace(/\/+$/, '')}/auth/reset-password?token=${encodeURIComponent(token)}`;
    void mailPasswordReset(options, user, resetUrl);
  }
  return { success: true, message: AUTH_MESSAGES.resetLinkSent };
}

export async function resetPassword(
  options: TDeps & TRequestMeta & { token: string; password: string },
): Promise<TActionResponse> {
  const { db, now, ipAddress, userAgent } = options;
  const at = now();
  const tokenHash = hashResetToken(options.token);
  const invalid = () =>
    new AppError('invalid_reset_token', 400, AUTH_MESSAGES.resetLinkInvalid, [
      { field: 'token', message: AUTH_MESSAGES.resetLinkInvalid },
    ]);
  const isValid = () =>
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.passwordResetToken, tokenHash), gt(users.passwordResetExpires, at), eq(users.isActive, true)))
      .get();
  // Checked before hashing so a bad link costs no argon2 work, and again inside the write below.
  if (!isValid()) throw invalid();
  const passwordHash = await hashPassword(options.password);

  const userId = immediateTransaction(db, () => {
    const user = isValid();
    if (!user) return null;
    db.update(users)
      .set({
        passwordHash,
        passwordResetToken: null,
        passwordResetExpires: null,
        // The link arrived by e-mail, which proves the address as well as a code would.
        emailVerified: true,
        verificationCode: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        updatedAt: at,
      })
      .where(eq(users.id, user.id))
      .run();
    deleteUserSessions({ db, userId: user.id });
    // The owner just proved control of the address: earlier failed sign-ins no longer hold them back.
    clearSignInThrottle(db, user.email);
    recordAudit(
      { db, now },
      {
        action: 'auth.password_reset.completed',
        resource: 'user',
        resourceId: user.id,
        userId: user.id,
        severity: 'warning',
        details: { sessionsEnded: true },
        ipAddress,
        userAgent,
      },
    );
    return user.id;
  });
  if (!userId) throw invalid();
  return { success: true, message: AUTH_MESSAGES.passwordReset };
}

/** The e-mailed unlock link. A bad link says so; a good one lifts every lock of the account. */
export function unlockAccount(options: TDeps & TRequestMeta & { token: string }): TActionResponse {
  if (!unlockWithToken(options)) {
    throw new AppError('invalid_unlock_token', 400, AUTH_MESSAGES.unlockLinkInvalid, [
      { field: 'token', message: AUTH_MESSAGES.unlockLinkInvalid },
    ]);
  }
  return { success: true, message: AUTH_MESSAGES.accountUnlocked };
}
