/** Response types and texts of the admin e-mail API (docs/product/admin-money.md#e-mail-management). Pure: no I/O. */

export interface TEmailTemplateSummary {
  id: string;
  name: string;
  /** transactional mail ignores preferences; the others follow them. */
  category: 'transactional' | 'marketing' | 'trialReminders' | 'subscriptionUpdates' | 'readingReminders';
}

export interface TEmailTemplatePreview extends TEmailTemplateSummary {
  subject: string;
  html: string;
  text: string;
}

export type TCampaignStatus = 'sending' | 'completed' | 'cancelled';

export interface TCampaign {
  id: string;
  subject: string;
  body: string;
  status: TCampaignStatus;
  audienceCount: number;
  sentCount: number;
  failedCount: number;
  suppressedCount: number;
  /** Recipients still waiting, including those waiting for a retry. */
  pendingCount: number;
  retryingCount: number;
  /** Recipients who were still waiting when an admin cancelled the campaign: never sent. */
  cancelledCount: number;
  createdAt: string;
  completedAt: string | null;
  cancelledAt: string | null;
}

export interface TCampaignFailure {
  email: string;
  status: 'pending' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
}

export interface TCampaignDetail extends TCampaign {
  failures: TCampaignFailure[];
}

export interface TCampaignAudience {
  count: number;
}

export const ADMIN_EMAIL_MESSAGES = {
  noAudience: 'No reader has opted in to marketing e-mail, so there is nobody to send this to.',
  testSent: (name: string) => `A test of “${name}” was sent to your own address.`,
  templateNotFound: 'E-mail template not found',
  campaignAlreadyCancelled: 'This campaign has already been cancelled.',
  campaignCompleted: 'This campaign has finished sending, so there is nothing left to cancel.',
} as const;

/** Delivery attempts per recipient and the waits between them (docs/product/admin-money.md#campaigns). */
export const CAMPAIGN_MAX_ATTEMPTS = 4;
export const CAMPAIGN_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/** At most this many campaign messages a second. */
export const CAMPAIGN_MESSAGES_PER_SECOND = 5;
