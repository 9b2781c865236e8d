/**
 * Emergency (break-glass) login, docs/product/decisions.md#4. Off unless EMERGENCY_LOGIN_ENABLED,
 * EMERGENCY_LOGIN_EMAIL and EMERGENCY_LOGIN_PASSWORD_HASH are configured (the API answers 404
 * otherwise); the configured account must exist and be an active super admin. Every attempt is
 * rate-limited and audited with severity critical, and a successful one e-mails every super admin.
 * The local demo enables it for the demo super admin (`demoEmergencyLogin`, wired in index.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TEmergencyConfigResponse, TEmergencyLoginResponse } from '@shared/auth';
import { AUTH_MESSAGES } from '@shared/messages';
import type { TEmergencyLoginConfig, TEnv } from '../../env';
import type { Logger } from '../../logger';
import { immediateTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { consumeRateLimit, rateLimitedError } from '../../middleware/rate-limit';
import { recordAudit } from '../audit/audit.service';
import { AUTH_RATE_LIMITS } from './auth.limits';
import { mailEmergencyLoginAlert, type TMailDeps } from './auth-emails';
import { hashPassword, verifyPassword } from '../../lib/password';
import { createSession, deleteSession, hashSessionToken } from './session.service';

/**
 * The emergency login as a given caller may see it. The demo set-up (demo credentials) exists only for
 * requests from this machine; anyone else gets the answer of a server where nothing is configured.
 */
export function emergencyLoginFor(
  env: Pick<TEnv, 'emergencyLogin'>,
  caller: { fromThisMachine: boolean },
): TEmergencyLoginConfig | null {
  const config = env.emergencyLogin;
  if (config?.demo && !caller.fromThisMachine) return null;
  return config;
}

export function getEmergencyConfig(options: {
  env: Pick<TEnv, 'emergencyLogin'>;
  fromThisMachine: boolean;
}): TEmergencyConfigResponse {
  const config = emergencyLoginFor(options.env, options);
  return { enabled: config !== null, demo: config?.demo ?? null };
}

/** Equal-time comparison of two strings of any length (hash first, then compare the digests). */
function sameText(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

export interface TEmergencyLoginResult {
  response: TEmergencyLoginResponse;
  session: { token: string; expiresAt: Date };
}

export async function emergencyLogin(
  options: TMailDeps & TRequestMeta & { email: string; password: string; previousToken: string | null },
): Promise<TEmergencyLoginResult> {
  const { db, env, now, logger, ipAddress, userAgent } = options;
  const config = env.emergencyLogin;
  if (!config) throw new AppError('not_found', 404, AUTH_MESSAGES.emergencyDisabled);
  const at = now();
  const email = options.email.trim().toLowerCase();
  const audit = (
    status: 'success' | 'failure',
    details: Record<string, unknown>,
    userId: string | null = null,
    sessionId?: string,
  ) =>
    recordAudit(
      { db, now },
      {
        action: 'auth.emergency_login',
        resource: 'user',
        resourceId: userId,
        userId,
        severity: 'critical',
        status,
        details: { attemptedEmail: email.slice(0, 254), ...details },
        ipAddress,
        userAgent,
        sessionId,
      },
    );

  for (const [rule, subject] of [
    [AUTH_RATE_LIMITS.emergencyPerIp, ipAddress ?? 'unknown'],
    [AUTH_RATE_LIMITS.emergencyGlobal, 'all'],
  ] as const) {
    const limit = consumeRateLimit({ db, rule, subject, now: at });
    if (!limit.allowed) {
      audit('failure', { reason: 'rate_limited', rule: rule.name });
      throw rateLimitedError(limit.retryAfterSeconds, AUTH_MESSAGES.emergencyTooMany);
    }
  }

  // Both checks always run, so a wrong e-mail takes as long as a wrong password.
  const emailMatches = sameText(email, config.email);
  const passwordMatches = await verifyPassword(config.passwordHash, options.password);
  if (!emailMatches || !passwordMatches) {
    audit('failure', { reason: 'invalid_credentials' });
    throw new AppError('invalid_credentials', 401, AUTH_MESSAGES.emergencyInvalid);
  }

  const user = db.select().from(users).where(eq(users.email, config.email)).get();
  if (user?.role !== 'super_admin' || !user.isActive) {
    audit('failure', { reason: user ? 'not_an_active_super_admin' : 'account_missing' }, user?.id ?? null);
    logger.warn(
      { email: config.email },
      'emergency login is configured for an account that is missing or not an active super admin',
    );
    throw new AppError('forbidden', 403, AUTH_MESSAGES.emergencyNotAllowed);
  }

  const session = immediateTransaction(db, () => {
    if (options.previousToken) deleteSession({ db, token: options.previousToken });
    db.update(users).set({ lastLoginAt: at }).where(eq(users.id, user.id)).run();
    const created = createSession({ db, userId: user.id, now: at, ipAddress, userAgent });
    audit('success', {}, user.id, hashSessionToken(created.token));
    return created;
  });

  const recipients = db
    .select()
    .from(users)
    .where(and(eq(users.role, 'super_admin'), eq(users.isActive, true)))
    .all();
  await mailEmergencyLoginAlert(options, { recipients, accountEmail: user.email, ipAddress, at });

  const name = user.firstName ? `, ${user.firstName}` : '';
  return {
    response: {
      success: true,
      message: `Welcome${name}. Emergency access granted.`,
      user: { firstName: user.firstName },
    },
    session,
  };
}

/**
 * Demo mode (docs/product/decisions.md#4): emergency login for the seeded super admin, with its generated
 * password shown as demo credentials on /emergency-login to requests from this machine only
 * (`emergencyLoginFor`). An explicit configuration wins; production never gets it.
 */
export async function demoEmergencyLogin(options: {
  env: Pick<TEnv, 'NODE_ENV' | 'emergencyLogin'>;
  logger: Logger;
  demoAccounts: { email: string; password: string; role: string }[];
}): Promise<TEmergencyLoginConfig | null> {
  const { env, logger } = options;
  if (env.emergencyLogin) return env.emergencyLogin;
  if (env.NODE_ENV === 'production') {
    logger.warn('DEMO_SEED is on in production: emergency login stays off (configure EMERGENCY_LOGIN_* to enable it)');
    return null;
  }
  const account = options.demoAccounts.find((candidate) => candidate.role === 'super_admin');
  if (!account) return null;
  return {
    email: account.email.toLowerCase(),
    passwordHash: await hashPassword(account.password),
    demo: { email: account.email, password: account.password },
  };
}
