/** zod request schemas of the admin e-mail API (docs/product/admin-money.md#e-mail-management). */
import { z } from 'zod';

export const ZTemplateIdParam = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,64}$/, 'E-mail template not found'),
});

export const ZCampaignIdParam = z.object({ id: z.string().uuid({ message: 'Campaign not found' }) });

export const ZCampaignRequest = z.object({
  subject: z
    .string({ message: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(150, 'Subject must be at most 150 characters'),
  body: z
    .string({ message: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(10_000, 'Message must be at most 10,000 characters'),
});
export type TCampaignRequest = z.infer<typeof ZCampaignRequest>;
