/**
 * E-mail endpoints (docs/API.md: me / admin): the reader's preferences (session), unsubscribe links
 * (token, no session) and the admin outbox of stored messages (permission email:manage).
 */
import { Hono } from 'hono';
import { ZEmailPreferences, ZUnsubscribeRequest } from '@shared/auth.schemas';
import { ZOutboxIdParam, ZOutboxQuery, ZUnsubscribeTokenQuery } from '@shared/email.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth, requirePermission } from '../../middleware/auth';
import { allowOneClickUnsubscribe } from '../../middleware/csrf';
import { getOutboxMessage, listOutbox } from './outbox.service';
import {
  getEmailPreferences,
  getUnsubscribeInfo,
  unsubscribeByToken,
  updateEmailPreferences,
} from './preferences.service';

export function createEmailRoutes({ db, now }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/me/email-preferences', requireAuth(), (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(getEmailPreferences({ db, user: c.var.user, now: now() }));
      })
      .put('/me/email-preferences', requireAuth(), validate('json', ZEmailPreferences), (c) =>
        c.json(updateEmailPreferences({ db, user: c.var.user, preferences: c.req.valid('json'), now: now() })),
      )
      // Token links work without signing in: the token (32 random bytes) is the credential.
      .get('/email/unsubscribe', validate('query', ZUnsubscribeTokenQuery), (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(getUnsubscribeInfo({ db, token: c.req.valid('query').token }));
      })
      .post('/email/unsubscribe', validate('json', ZUnsubscribeRequest), (c) =>
        c.json(unsubscribeByToken({ db, request: c.req.valid('json'), now: now() })),
      )
      // RFC 8058 one-click: the mail provider POSTs `List-Unsubscribe=One-Click` (form-encoded) to the URL of the
      // List-Unsubscribe header; it switches marketing mail off (docs/product/admin-money.md#campaigns).
      .post(
        '/email/unsubscribe/one-click',
        allowOneClickUnsubscribe,
        validate('query', ZUnsubscribeTokenQuery),
        (c) => {
          unsubscribeByToken({
            db,
            request: { token: c.req.valid('query').token, marketingEmails: false },
            now: now(),
          });
          return c.body(null, 204);
        },
      )
      .get('/admin/email/outbox', requirePermission('email:manage'), validate('query', ZOutboxQuery), (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(listOutbox({ db, query: c.req.valid('query') }));
      })
      .get('/admin/email/outbox/:id', requirePermission('email:manage'), validate('param', ZOutboxIdParam), (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(getOutboxMessage({ db, id: c.req.valid('param').id }));
      })
  );
}
