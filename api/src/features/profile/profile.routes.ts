/**
 * The signed-in reader's account (docs/API.md: me): GET/PATCH /api/me, PUT /api/me/password,
 * PUT/DELETE /api/me/avatar, GET /api/me/export, DELETE /api/me, and the public
 * GET /api/avatars/:userId/:file that serves uploaded pictures.
 */
import { Hono } from 'hono';
import type { TActionResponse } from '@shared/auth';
import { ZChangePasswordRequest, ZDeleteAccountRequest, ZUpdateProfileRequest } from '@shared/auth.schemas';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@shared/profile';
import { ZAvatarUploadForm } from '@shared/profile.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { problem } from '../../lib/problem';
import { validate } from '../../lib/validate';
import { requireAuth, type SignedInEnv } from '../../middleware/auth';
import { getRequestMeta } from '../../middleware/client-ip';
import { routeBodyLimit } from '../../middleware/body-limit';
import { allowMultipartUpload } from '../../middleware/csrf';
import { rateLimit, type TRateLimitRule } from '../../middleware/rate-limit';
import { clearSessionCookie } from '../auth/session-cookie';
import { readAvatar, removeAvatar, setAvatar } from './avatar.service';
import { exportUserData } from './export.service';
import { changePassword, deleteAccount, updateProfile } from './profile.service';
import { toProfile } from './profile-view';

const MINUTE = 60_000;

/** Both routes check a password, so they are guessing oracles for whoever holds a stolen session. */
export const PROFILE_RATE_LIMITS = {
  changePasswordPerUser: { name: 'change-password:user', limit: 10, windowMs: 15 * MINUTE },
  deleteAccountPerUser: { name: 'delete-account:user', limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, TRateLimitRule>;

/** Room for the multipart framing around a maximum-size image; bigger bodies are cut off unread. */
const AVATAR_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;

export function createProfileRoutes(deps: AppDeps) {
  const { db, env, now } = deps;
  // Behind requireAuth, so the subject is always the signed-in user.
  const perUser = (rule: TRateLimitRule) => rateLimit<SignedInEnv>(deps, { ...rule, subject: (c) => c.var.user.id });

  return new Hono<AppEnv>()
    .get('/me', requireAuth(), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(toProfile(c.var.user));
    })
    .patch('/me', requireAuth(), validate('json', ZUpdateProfileRequest), (c) =>
      c.json(updateProfile({ db, user: c.var.user, changes: c.req.valid('json'), now: now() })),
    )
    .put(
      '/me/password',
      requireAuth(),
      perUser(PROFILE_RATE_LIMITS.changePasswordPerUser),
      validate('json', ZChangePasswordRequest),
      async (c) => {
        const result = await changePassword(deps, {
          user: c.var.user,
          currentSessionId: c.var.sessionId,
          request: c.req.valid('json'),
          meta: getRequestMeta(c, env),
        });
        return c.json({ success: result.success, message: result.message } satisfies TActionResponse);
      },
    )
    .put(
      '/me/avatar',
      allowMultipartUpload,
      requireAuth(),
      routeBodyLimit(AVATAR_BODY_LIMIT, (c) =>
        problem(c, 413, 'avatar_too_large', AVATAR_MESSAGES.tooLarge, [
          { field: 'avatar', message: AVATAR_MESSAGES.tooLarge },
        ]),
      ),
      validate('form', ZAvatarUploadForm),
      async (c) => {
        const { avatar } = c.req.valid('form');
        if (avatar.size > AVATAR_MAX_BYTES) {
          return problem(c, 413, 'avatar_too_large', AVATAR_MESSAGES.tooLarge, [
            { field: 'avatar', message: AVATAR_MESSAGES.tooLarge },
          ]);
        }
        return c.json(await setAvatar(deps, { user: c.var.user, bytes: new Uint8Array(await avatar.arrayBuffer()) }));
      },
    )
    .delete('/me/avatar', requireAuth(), async (c) => c.json(await removeAvatar(deps, { user: c.var.user })))
    .get('/me/export', requireAuth(), (c) => {
      const data = exportUserData({ db, user: c.var.user, now: now() });
      const day = data.exportedAt.slice(0, 10);
      return c.body(JSON.stringify(data, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="wonderful-books-my-data-${day}.json"`,
        'Cache-Control': 'no-store',
      });
    })
    .delete(
      '/me',
      requireAuth(),
      perUser(PROFILE_RATE_LIMITS.deleteAccountPerUser),
      validate('json', ZDeleteAccountRequest),
      async (c) => {
        await deleteAccount(deps, {
          user: c.var.user,
          password: c.req.valid('json').password,
          currentSessionId: c.var.sessionId,
          meta: getRequestMeta(c, env),
        });
        clearSessionCookie(c, env);
        return c.json({ success: true, message: 'Your account has been deleted.' } satisfies TActionResponse);
      },
    )
    .get('/avatars/:userId/:file', async (c) => {
      const { bytes, mimeType } = await readAvatar(deps, { userId: c.req.param('userId'), file: c.req.param('file') });
      return c.body(bytes, 200, {
        'Content-Type': mimeType,
        'X-Content-Type-Options': 'nosniff',
        // File names are random and never reused, so the bytes behind a URL never change.
        'Cache-Control': 'public, max-age=31536000, immutable',
        // Opened directly, an image must never run anything, whatever a browser thinks it is.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-origin',
      });
    });
}
