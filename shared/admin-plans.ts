/** Types and request schemas of the back office's plans API (docs/product/back-office.md#plans). */
import { z } from 'zod';
import type { TPlan } from './catalogue';

export const ADMIN_PLAN_MESSAGES = {
  nameEmpty: 'Name cannot be empty',
  priceEmpty: 'Price cannot be empty',
  currencyEmpty: 'Currency cannot be empty',
  currencyCode: 'Currency must be a three-letter code such as GBP',
  periodEmpty: 'Period cannot be empty',
  priceAmount: 'Price amount must be a whole number of pence, 0 or more',
  bookLimit: 'Book limit must be -1 (unlimited) or a whole number of 0 or more',
  displayOrder: 'Display order must be a whole number of 1 or more',
  feature: 'A feature cannot be empty',
  tooLong: 'Must be at most 200 characters',
  nothingToChange: 'Choose at least one change',
  notFound: 'Plan not found',
  /** Shown before saving a price change, and stored in the audit entry. */
  priceChangeNotice: 'A new price applies to current subscribers from their next renewal; nobody is charged now.',
} as const;

const text = (empty: string) => z.string({ message: empty }).trim().min(1, empty).max(200, ADMIN_PLAN_MESSAGES.tooLong);

export const ZAdminPlanUpdate = z
  .object({
    name: text(ADMIN_PLAN_MESSAGES.nameEmpty).optional(),
    price: text(ADMIN_PLAN_MESSAGES.priceEmpty).optional(),
    currency: text(ADMIN_PLAN_MESSAGES.currencyEmpty)
      .regex(/^[A-Za-z]{3}$/, ADMIN_PLAN_MESSAGES.currencyCode)
      .transform((code) => code.toUpperCase())
      .optional(),
    period: text(ADMIN_PLAN_MESSAGES.periodEmpty).optional(),
    description: z.string().trim().max(1000, 'Must be at most 1000 characters').nullable().optional(),
    priceAmount: z
      .number({ message: ADMIN_PLAN_MESSAGES.priceAmount })
      .int(ADMIN_PLAN_MESSAGES.priceAmount)
      .min(0, ADMIN_PLAN_MESSAGES.priceAmount)
      .max(10_000_000, ADMIN_PLAN_MESSAGES.priceAmount)
      .optional(),
    bookLimit: z
      .number({ message: ADMIN_PLAN_MESSAGES.bookLimit })
      .int(ADMIN_PLAN_MESSAGES.bookLimit)
      .min(-1, ADMIN_PLAN_MESSAGES.bookLimit)
      .max(100_000, ADMIN_PLAN_MESSAGES.bookLimit)
      .optional(),
    displayOrder: z
      .number({ message: ADMIN_PLAN_MESSAGES.displayOrder })
      .int(ADMIN_PLAN_MESSAGES.displayOrder)
      .min(1, ADMIN_PLAN_MESSAGES.displayOrder)
      .max(1000, ADMIN_PLAN_MESSAGES.displayOrder)
      .optional(),
    features: z
      .array(z.string().trim().min(1, ADMIN_PLAN_MESSAGES.feature).max(200, ADMIN_PLAN_MESSAGES.tooLong), {
        message: 'Features must be a list of texts',
      })
      .max(20, 'At most 20 features')
      .optional(),
    badge: z.string().trim().max(40, 'Must be at most 40 characters').nullable().optional(),
    isActive: z.boolean({ message: 'Active must be true or false' }).optional(),
    stripePriceId: z
      .string()
      .trim()
      .max(100, 'Must be at most 100 characters')
      .regex(/^(price_[A-Za-z0-9]+)?$/, 'A Stripe price id starts with price_')
      .nullable()
      .optional()
      .transform((value) => (value === '' ? null : value)),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: ADMIN_PLAN_MESSAGES.nothingToChange,
  });
export type TAdminPlanUpdate = z.infer<typeof ZAdminPlanUpdate>;

export const ZAdminPlanIdParam = z.object({
  id: z.string().trim().min(1, ADMIN_PLAN_MESSAGES.notFound).max(64, ADMIN_PLAN_MESSAGES.notFound),
});

export interface TAdminPlan extends TPlan {
  isActive: boolean;
  stripePriceId: string | null;
  /** Readers on this plan now (tier and an active or cancelling subscription, or a running trial). */
  subscribers: number;
  updatedAt: string;
}
