/**
 * The demo mailbox API (docs/API.md: demo mailbox; docs/product/accounts.md#demo-mailbox). Absent (404, as any unknown
 * path) outside demo mode and for every caller but this machine: the loopback socket decides, never a forwarded header.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { ZMailboxMessageParam, ZMailboxQuery } from '@shared/demo-mailbox.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { notFound } from '../../lib/app-error';
import { validate } from '../../lib/validate';
import { isFromThisMachine } from '../../middleware/client-ip';
import { demoMailboxFolder, listDemoMailbox, readDemoMailboxMessage } from './demo-mailbox.service';

export function createDemoMailboxRoutes(deps: AppDeps) {
  const folder = demoMailboxFolder(deps.env);
  /** Before validation, so a caller who may not see the mailbox cannot learn that it exists. */
  const onlyHere: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!folder || !isFromThisMachine(c)) throw notFound('Page');
    c.header('Cache-Control', 'no-store');
    await next();
  };
  return new Hono<AppEnv>()
    .get('/demo/mailbox', onlyHere, validate('query', ZMailboxQuery), (c) =>
      c.json(listDemoMailbox({ folder: folder as string, to: c.req.valid('query').to })),
    )
    .get('/demo/mailbox/:id', onlyHere, validate('param', ZMailboxMessageParam), (c) =>
      c.json(readDemoMailboxMessage({ folder: folder as string, id: c.req.valid('param').id })),
    );
}
