/**
 * Accounts API (docs/API.md: auth). Each route validates with the shared schema, calls one
 * service and shapes the answer; cookies are set here because only routes see the response.
 */
import { Hono } from 'hono';
import type { TLoginResponse, TSignInLockList } from '@shared/auth';
import {
  ZEmergencyLoginRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResendOtpRequest,
  ZResetPasswordRequest,
  ZSignInLockIdParam,
  ZUnlockAccountRequest,
  ZVerifyOtpRequest,
} from '@shared/auth.schemas';
import { ZOutboxIdParam } from '@shared/email.schemas';
import { AUTH_MESSAGES } from '@shared/messages';
import type { AppDeps, AppEnv } from '../../deps';
import { notSignedIn } from '../../lib/app-error';
import { problem, problemBody } from '../../lib/problem';
import { validate } from '../../lib/validate';
import { getRequestMeta, isFromThisMachine } from '../../middleware/client-ip';
import { rateLimit } from '../../middleware/rate-limit';
import { AUTH_RATE_LIMITS } from './auth.limits';
import { requirePermission } from '../../middleware/auth';
import { loginUser, logoutUser, requestPasswordReset, resetPassword, unlockAccount } from './auth.service';
import { readDeviceToken, setDeviceCookie } from './device-cookie';
import { resendOutboxMessage } from './resend-account-email.service';
import { clearSignInLock, listSignInLocks } from './sign-in-throttle.service';
import { toCurrentUser } from './current-user';
import { emergencyLogin, emergencyLoginFor, getEmergencyConfig } from './emergency.service';
import { registerUser, resendVerificationCode, verifyEmailCode } from './registration.service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';

export function createAuthRoutes(deps: AppDeps) {
  const { env, now } = deps;
  return (
    new Hono<AppEnv>()
      .get('/auth/user', (c) => {
        const user = c.get('sessionUser');
        // Signed out is an answer here (the web app reads 401 as "nobody"), with the one 401 of lib/app-error.
        if (!user) throw notSignedIn();
        c.header('Cache-Control', 'no-store');
        return c.json(toCurrentUser(user));
      })
      .post('/auth/register', validate('json', ZRegisterRequest), async (c) => {
        const result = await registerUser({ ...deps, ...getRequestMeta(c, env), input: c.req.valid('json') });
        if (result.session) setSessionCookie(c, env, result.session, now());
        return c.json(result.response, 201);
      })
      .post(
        '/auth/verify-otp',
        rateLimit(deps, AUTH_RATE_LIMITS.verifyOtpPerIp),
        validate('json', ZVerifyOtpRequest),
        async (c) => {
          const result = await verifyEmailCode({
            ...deps,
            ...getRequestMeta(c, env),
            ...c.req.valid('json'),
            previousToken: readSessionToken(c, env),
          });
          if (result.session) setSessionCookie(c, env, result.session, now());
          c.header('Cache-Control', 'no-store');
          return c.json(result.response);
        },
      )
      .post(
        '/auth/resend-otp',
        rateLimit(deps, AUTH_RATE_LIMITS.resendOtpPerIp),
        validate('json', ZResendOtpRequest),
        async (c) => c.json(await resendVerificationCode({ ...deps, userId: c.req.valid('json').userId })),
      )
      .post(
        '/auth/login',
        rateLimit(deps, { ...AUTH_RATE_LIMITS.loginPerIp, message: AUTH_MESSAGES.tooManyLoginAttempts }),
        validate('json', ZLoginRequest),
        async (c) => {
          const result = await loginUser({
            ...deps,
            ...getRequestMeta(c, env),
            ...c.req.valid('json'),
            previousToken: readSessionToken(c, env),
            deviceToken: readDeviceToken(c, env),
          });
          c.header('Cache-Control', 'no-store');
          if (result.kind === 'email_not_verified') {
            // The client needs the id and address to open /auth/verify-email.
            const body = {
              ...problemBody(403, 'email_not_verified', AUTH_MESSAGES.emailNotVerified),
              userId: result.userId,
              email: result.email,
            };
            return c.body(JSON.stringify(body), 403, { 'Content-Type': 'application/problem+json' });
          }
          setSessionCookie(c, env, result.session, now());
          setDeviceCookie(c, env, result.deviceToken);
          return c.json({ user: result.user } satisfies TLoginResponse);
        },
      )
      .post('/auth/logout', (c) => {
        logoutUser({
          ...deps,
          ...getRequestMeta(c, env),
          userId: c.get('sessionUser')?.id ?? null,
          sessionId: c.get('sessionId'),
        });
        clearSessionCookie(c, env);
        return c.body(null, 204);
      })
      .post(
        '/auth/forgot-password',
        rateLimit(deps, AUTH_RATE_LIMITS.forgotPasswordPerIp),
        validate('json', ZForgotPasswordRequest),
        (c) => c.json(requestPasswordReset({ ...deps, ...getRequestMeta(c, env), email: c.req.valid('json').email })),
      )
      .post(
        '/auth/reset-password',
        rateLimit(deps, AUTH_RATE_LIMITS.resetPasswordPerIp),
        validate('json', ZResetPasswordRequest),
        async (c) => {
          const { token, password } = c.req.valid('json');
          return c.json(await resetPassword({ ...deps, ...getRequestMeta(c, env), token, password }));
        },
      )
      .post(
        '/auth/unlock',
        // The token is 32 random bytes; the per-IP limit only keeps a flood cheap.
        rateLimit(deps, AUTH_RATE_LIMITS.resetPasswordPerIp),
        validate('json', ZUnlockAccountRequest),
        (c) => c.json(unlockAccount({ ...deps, ...getRequestMeta(c, env), token: c.req.valid('json').token })),
      )
      .get('/admin/auth/locks', requirePermission('users:manage'), (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ items: listSignInLocks(deps) } satisfies TSignInLockList);
      })
      .delete(
        '/admin/auth/locks/:id',
        requirePermission('users:manage'),
        validate('param', ZSignInLockIdParam),
        (c) => {
          const cleared = clearSignInLock({
            ...deps,
            ...getRequestMeta(c, env),
            id: c.req.valid('param').id,
            adminId: c.var.user.id,
          });
          return cleared ? c.body(null, 204) : problem(c, 404, 'not_found', AUTH_MESSAGES.signInLockNotFound);
        },
      )
      // Lives with the accounts feature because a message that carried a code or link is answered by
      // issuing a new one (the email feature sends, it does not issue credentials).
      .post(
        '/admin/email/outbox/:id/resend',
        requirePermission('email:manage'),
        validate('param', ZOutboxIdParam),
        async (c) =>
          c.json(
            await resendOutboxMessage({
              ...deps,
              ...getRequestMeta(c, env),
              messageId: c.req.valid('param').id,
              adminId: c.var.user.id,
            }),
          ),
      )
      .get('/auth/emergency-config', (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(getEmergencyConfig({ env, fromThisMachine: isFromThisMachine(c) }));
      })
      .post(
        '/auth/admin-emergency',
        // Disabled means absent: 404 before anything else, whatever the body holds. The demo set-up is
        // absent for every caller but this machine.
        async (c, next) =>
          emergencyLoginFor(env, { fromThisMachine: isFromThisMachine(c) })
            ? next()
            : problem(c, 404, 'not_found', AUTH_MESSAGES.emergencyDisabled),
        validate('json', ZEmergencyLoginRequest),
        async (c) => {
          const result = await emergencyLogin({
            ...deps,
            ...getRequestMeta(c, env),
            ...c.req.valid('json'),
            previousToken: readSessionToken(c, env),
          });
          setSessionCookie(c, env, result.session, now());
          c.header('Cache-Control', 'no-store');
          return c.json(result.response);
        },
      )
  );
}
