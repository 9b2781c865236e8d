/** zod request schemas of the e-mail API (kept apart from shared/email.ts so types never pull in zod). */
import { z } from 'zod';

const UNSUBSCRIBE_LINK_INVALID = 'Unsubscribe link is invalid';
const PAGE_MESSAGE = 'Page must be a whole number of at least 1';
const LIMIT_MESSAGE = 'Limit must be between 1 and 100';

export const ZUnsubscribeTokenQuery = z.object({
  token: z
    .string({ message: UNSUBSCRIBE_LINK_INVALID })
    .trim()
    .min(16, UNSUBSCRIBE_LINK_INVALID)
    .max(256, UNSUBSCRIBE_LINK_INVALID),
});
export type TUnsubscribeTokenQuery = z.infer<typeof ZUnsubscribeTokenQuery>;

export const ZOutboxQuery = z.object({
  page: z.coerce
    .number({ message: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(100_000, PAGE_MESSAGE)
    .default(1),
  limit: z.coerce
    .number({ message: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(20),
  /** Part of the recipient address, case-insensitive. */
  email: z.string().trim().max(254, 'Email filter is too long').optional(),
  /** Exact emailType such as verification_code. */
  type: z
    .string()
    .trim()
    .max(64, 'Type filter is too long')
    .regex(/^[a-z0-9_]*$/, 'Type may contain only lower-case letters, digits and underscores')
    .optional(),
  status: z
    .enum(['queued', 'sent', 'failed', 'suppressed'], { message: 'Status must be queued, sent, failed or suppressed' })
    .optional(),
  /** Stored on or after this day (YYYY-MM-DD, UTC). */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
    .optional(),
  /** Stored on or before this day (YYYY-MM-DD, UTC). */
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
    .optional(),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuery>;

export const ZOutboxIdParam = z.object({
  id: z.string().trim().min(1, 'Message not found').max(64, 'Message not found'),
});
