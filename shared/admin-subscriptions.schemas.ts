/** zod request schemas of the admin subscriptions API (docs/product/admin-money.md#subscriptions). */
import { z } from 'zod';
import { adminListQuery, optionalText } from './admin-list';
import { SUBSCRIPTION_STATES } from './admin-subscriptions';

const DAYS_MESSAGE = 'Days must be a whole number from 1 to 90';

export const ZAdminSubscriptionQuery = adminListQuery(['email', 'periodEnd', 'trialEnd', 'mrr'], {
  sort: 'email',
  order: 'asc',
}).extend({
  /** Part of the e-mail address or name. */
  search: optionalText(254, 'Search is too long'),
  tier: z
    .enum(['free', 'trial', 'basic', 'premium'], { message: 'Tier must be free, trial, basic or premium' })
    .optional(),
  state: z.enum(SUBSCRIPTION_STATES, { message: 'Choose a listed status' }).optional(),
  /** Trials running that end within this many days. */
  trialEndingInDays: z.coerce
    .number({ message: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(1, DAYS_MESSAGE)
    .max(90, DAYS_MESSAGE)
    .optional(),
});
export type TAdminSubscriptionQuery = z.infer<typeof ZAdminSubscriptionQuery>;

export const ZUserIdParam = z.object({ userId: z.string().uuid({ message: 'Reader not found' }) });
export const ZAdminInvoiceParam = z.object({ id: z.string().uuid({ message: 'Invoice not found' }) });

export const ZAdminCancelRequest = z.object({
  when: z.enum(['period_end', 'now'], { message: 'Choose to cancel at the period end or now' }),
});
export type TAdminCancelRequest = z.infer<typeof ZAdminCancelRequest>;

export const ZExtendTrialRequest = z.object({
  days: z.number({ message: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(90, DAYS_MESSAGE),
});
export type TExtendTrialRequest = z.infer<typeof ZExtendTrialRequest>;

const AMOUNT_MESSAGE = 'Enter an amount in pence of at least 1';
export const ZRefundRequest = z.object({
  /** Minor units (pence). */
  amount: z
    .number({ message: AMOUNT_MESSAGE })
    .int(AMOUNT_MESSAGE)
    .min(1, AMOUNT_MESSAGE)
    .max(100_000_000, 'Amount is too large'),
  reason: z
    .string({ message: 'Reason must be text' })
    .trim()
    .max(500, 'Reason must be at most 500 characters')
    .optional(),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;
