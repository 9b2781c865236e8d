/** zod request schemas of the billing feature. */
import { z } from 'zod';
import { PAID_TIERS } from './billing';

export const ZTierRequest = z.object({
  tier: z.enum(PAID_TIERS, { message: 'Choose the Basic or Premium plan' }),
});

export const ZCheckoutSessionParam = z.object({
  sessionId: z.string().uuid({ message: 'Checkout session not found' }),
});

export const ZTestCardPayment = z.object({
  cardNumber: z
    .string({ message: 'Enter a card number' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
  expiry: z
    .string({ message: 'Enter the expiry date' })
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry date as MM/YY'),
  cvc: z.string({ message: 'Enter the security code' }).regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  nameOnCard: z
    .string({ message: 'Enter the name on the card' })
    .trim()
    .min(1, 'Enter the name on the card')
    .max(100, 'Name is too long'),
});

export const ZInvoiceIdParam = z.object({ id: z.string().uuid({ message: 'Invoice not found' }) });

export const ZAdvanceClockRequest = z.object({
  days: z
    .number({ message: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be 1 or more')
    .max(400, 'Days must be at most 400'),
});
