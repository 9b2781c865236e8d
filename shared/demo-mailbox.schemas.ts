/** zod request schemas of the demo mailbox (docs/product/accounts.md#demo-mailbox). */
import { z } from 'zod';

/** Delivered files are named `<epoch ms>-<uuid>.json` by the outbox mailer (api/src/adapters/mailer/mailer.ts). */
export const MAILBOX_MESSAGE_ID_PATTERN =
  /^\d{13}-(?:\d{9}-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const ZMailboxQuery = z.object({
  to: z.string().trim().max(254, 'Address filter is too long').optional(),
});
export type TMailboxQuery = z.infer<typeof ZMailboxQuery>;

export const ZMailboxMessageParam = z.object({
  id: z.string().regex(MAILBOX_MESSAGE_ID_PATTERN, 'Message not found'),
});
