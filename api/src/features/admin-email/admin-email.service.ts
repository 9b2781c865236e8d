/**
 * The admin side of e-mail (docs/product/admin-money.md#e-mail-management): template previews with sample data, a test
 * of any template sent to the admin's own address, and marketing campaigns.
 *
 * A campaign stores its audience when it is sent (email_campaign_recipients: readers who opted in to marketing, with a
 * verified address, active account and no "unsubscribe from everything"); `deliverCampaigns` then sends recipient by
 * recipient, at most CAMPAIGN_MESSAGES_PER_SECOND, each through sendEmail (marketing category: preferences are checked
 * again at send time, the List-Unsubscribe one-click headers go with it, the outbox keeps a copy). A failed delivery is
 * retried after 1, 5 and 30 minutes and then given up, every attempt visible in the outbox and the campaign's failures.
 * Recipients are claimed by pushing next_attempt_at forward in one UPDATE, so two workers (or the job and the
 * in-process pump) never send one message twice, and a crash mid-send only delays that recipient by the lease. An
 * admin's cancel turns every waiting recipient into 'cancelled' in one transaction, so nothing is claimed after it.
 */
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  ADMIN_EMAIL_MESSAGES,
  CAMPAIGN_MAX_ATTEMPTS,
  CAMPAIGN_MESSAGES_PER_SECOND,
  CAMPAIGN_RETRY_DELAYS_MS,
  type TCampaign,
  type TCampaignAudience,
  type TCampaignDetail,
  type TEmailTemplatePreview,
  type TEmailTemplateSummary,
} from '@shared/admin-email';
import type { TActionResponse } from '@shared/auth';
import type { TCampaignRequest } from '@shared/admin-email.schemas';
import type { AppDeps } from '../../deps';
import { immediateTransaction, type Db } from '../../db/client';
import { emailCampaignRecipients, emailCampaigns, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { sendEmail, unsubscribeUrlFor, type TEmailDeps } from '../email/email.service';
import { campaignEmail } from '../email/templates';
import { findTemplateSample, TEMPLATE_SAMPLES } from './template-samples';

export const CAMPAIGN_EMAIL_TYPE = 'marketing_campaign';
export const TEMPLATE_TEST_EMAIL_TYPE = 'template_test';
/** A claimed recipient is left alone this long; a worker that died mid-send gives it back when it passes. */
const CLAIM_LEASE_MS = 5 * 60_000;
const FAILURES_SHOWN = 100;

type TActor = TRequestMeta & { adminId: string };

export function listTemplates(): TEmailTemplateSummary[] {
  return TEMPLATE_SAMPLES.map(({ id, name, category }) => ({ id, name, category }));
}

function sampleOrThrow(id: string) {
  const sample = findTemplateSample(id);
  if (!sample) throw new AppError('not_found', 404, ADMIN_EMAIL_MESSAGES.templateNotFound);
  return sample;
}

export function previewTemplate(
  deps: Pick<AppDeps, 'env' | 'now'>,
  input: { id: string; firstName: string | null },
): TEmailTemplatePreview {
  const sample = sampleOrThrow(input.id);
  const publicUrl = deps.env.publicUrl;
  const rendered = sample.render({ publicUrl, firstName: input.firstName ?? 'Ada', at: deps.now() })({
    publicUrl,
    unsubscribeUrl: unsubscribeUrlFor(publicUrl, 'sample-token-opens-nothing'),
    isTransactional: sample.category === 'transactional',
    redactSecrets: false,
  });
  return { id: sample.id, name: sample.name, category: sample.category, ...rendered };
}

/** The sample goes to the admin's own current address, never anyone else's; the outbox records it as a test. */
export async function sendTemplateTest(deps: TEmailDeps, input: TActor & { id: string }): Promise<TActionResponse> {
  const sample = sampleOrThrow(input.id);
  const admin = deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, input.adminId))
    .get();
  if (!admin) throw notFound('Account');
  const result = await sendEmail(deps, {
    user: admin,
    emailType: TEMPLATE_TEST_EMAIL_TYPE,
    // A test is asked for by its recipient, so it is sent whatever their preferences say.
    category: 'transactional',
    template: sample.render({ publicUrl: deps.env.publicUrl, firstName: admin.firstName, at: deps.now() }),
  });
  recordAudit(deps, {
    action: 'admin.email.template_test',
    resource: 'email_template',
    resourceId: sample.id,
    userId: admin.id,
    details: { status: result.status },
    ipAddress: input.ipAddress,
    userAgent: input.userAgent,
  });
  if (result.status === 'failed')
    throw new AppError(
      'delivery_failed',
      409,
      `The test could not be delivered: ${result.errorMessage ?? 'unknown error'}`,
    );
  return { success: true, message: ADMIN_EMAIL_MESSAGES.testSent(sample.name) };
}

/** Readers a campaign would go to now (docs/product/admin-money.md#campaigns). */
const AUDIENCE_SQL = sql`
  from users u join email_preferences p on p.user_id = u.id
  where p.marketing_emails = 1 and p.is_unsubscribed_all = 0 and u.is_active = 1 and u.email_verified = 1
    and u.email not like '%.invalid'`;

export function countAudience(deps: Pick<AppDeps, 'db'>): TCampaignAudience {
  return { count: deps.db.get<{ n: number }>(sql`select count(*) as n ${AUDIENCE_SQL}`)?.n ?? 0 };
}

function toCampaign(db: Db, row: typeof emailCampaigns.$inferSelect): TCampaign {
  const waiting = db.get<{ pending: number | null; retrying: number | null; cancelled: number | null }>(sql`
    select sum(status = 'pending') as pending, sum(status = 'pending' and attempts > 0) as retrying,
      sum(status = 'cancelled') as cancelled
    from email_campaign_recipients where campaign_id = ${row.id} and status in ('pending', 'cancelled')`);
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    status: row.status,
    audienceCount: row.audienceCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    suppressedCount: row.suppressedCount,
    pendingCount: waiting?.pending ?? 0,
    retryingCount: waiting?.retrying ?? 0,
    cancelledCount: waiting?.cancelled ?? 0,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

export function createCampaign(
  deps: Pick<AppDeps, 'db' | 'now'>,
  input: TActor & { request: TCampaignRequest },
): TCampaign {
  const now = deps.now();
  const row = immediateTransaction(deps.db, () => {
    const audience = countAudience(deps).count;
    if (audience === 0) throw new AppError('no_audience', 409, ADMIN_EMAIL_MESSAGES.noAudience);
    const campaign = deps.db
      .insert(emailCampaigns)
      .values({
        subject: input.request.subject,
        body: input.request.body,
        audienceCount: audience,
        createdBy: input.adminId,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    deps.db.run(sql`
      insert into email_campaign_recipients (id, campaign_id, user_id, email, status, attempts, next_attempt_at, created_at, updated_at)
      select lower(hex(randomblob(16))), ${campaign.id}, u.id, u.email, 'pending', 0, ${now.getTime()}, ${now.getTime()}, ${now.getTime()}
      ${AUDIENCE_SQL}`);
    recordAudit(deps, {
      action: 'admin.email.campaign_sent',
      resource: 'email_campaign',
      resourceId: campaign.id,
      userId: input.adminId,
      details: { subject: campaign.subject, audience },
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
    });
    return campaign;
  });
  return toCampaign(deps.db, row);
}

export function listCampaigns(deps: Pick<AppDeps, 'db'>): TCampaign[] {
  return deps.db
    .select()
    .from(emailCampaigns)
    .orderBy(desc(emailCampaigns.createdAt))
    .limit(50)
    .all()
    .map((row) => toCampaign(deps.db, row));
}

export function getCampaign(deps: Pick<AppDeps, 'db'>, input: { id: string }): TCampaignDetail {
  const row = deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, input.id)).get();
  if (!row) throw notFound('Campaign');
  const failures = deps.db
    .select()
    .from(emailCampaignRecipients)
    .where(
      and(
        eq(emailCampaignRecipients.campaignId, row.id),
        sql`(${emailCampaignRecipients.status} = 'failed' or (${emailCampaignRecipients.status} = 'pending' and ${emailCampaignRecipients.attempts} > 0))`,
      ),
    )
    .orderBy(desc(emailCampaignRecipients.updatedAt))
    .limit(FAILURES_SHOWN)
    .all()
    .map((recipient) => ({
      email: recipient.email,
      status: recipient.status as 'pending' | 'failed',
      attempts: recipient.attempts,
      lastError: recipient.lastError,
      nextAttemptAt: recipient.status === 'pending' ? recipient.nextAttemptAt.toISOString() : null,
    }));
  return { ...toCampaign(deps.db, row), failures };
}

/**
 * Stops a campaign that is still sending (docs/product/admin-money.md#campaigns): in one write transaction every
 * recipient still waiting (retries included) becomes 'cancelled' and the campaign 'cancelled', so no worker can claim
 * another of its messages once this commits. A message a worker already handed to the mail server is not called back:
 * it counts as sent when its delivery returns. Cancelling again, or a campaign that finished, is refused (409).
 */
export function cancelCampaign(deps: Pick<AppDeps, 'db' | 'now'>, input: TActor & { id: string }): TCampaign {
  const now = deps.now();
  const row = immediateTransaction(deps.db, () => {
    const campaign = deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, input.id)).get();
    if (!campaign) throw notFound('Campaign');
    if (campaign.status === 'cancelled')
      throw new AppError('campaign_cancelled', 409, ADMIN_EMAIL_MESSAGES.campaignAlreadyCancelled);
    if (campaign.status === 'completed')
      throw new AppError('campaign_completed', 409, ADMIN_EMAIL_MESSAGES.campaignCompleted);
    const stopped = deps.db
      .update(emailCampaignRecipients)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(emailCampaignRecipients.campaignId, campaign.id), eq(emailCampaignRecipients.status, 'pending')))
      .run().changes;
    const cancelled = deps.db
      .update(emailCampaigns)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: input.adminId, updatedAt: now })
      .where(eq(emailCampaigns.id, campaign.id))
      .returning()
      .get();
    recordAudit(deps, {
      action: 'admin.email.campaign_cancelled',
      resource: 'email_campaign',
      resourceId: campaign.id,
      userId: input.adminId,
      severity: 'warning',
      details: {
        subject: campaign.subject,
        audience: campaign.audienceCount,
        sent: campaign.sentCount,
        notSent: stopped,
      },
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
    });
    return cancelled;
  });
  return toCampaign(deps.db, row);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims one due recipient for this worker (or none): the lease moves its next attempt out of everyone's reach. */
function claimNext(db: Db, now: Date) {
  return immediateTransaction(db, () => {
    const due = db
      .select()
      .from(emailCampaignRecipients)
      .where(and(eq(emailCampaignRecipients.status, 'pending'), lte(emailCampaignRecipients.nextAttemptAt, now)))
      .orderBy(asc(emailCampaignRecipients.nextAttemptAt))
      .limit(1)
      .get();
    if (!due) return null;
    db.update(emailCampaignRecipients)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS), updatedAt: now })
      .where(eq(emailCampaignRecipients.id, due.id))
      .run();
    return due;
  });
}

/**
 * Sends due campaign messages, throttled, until none is due or `maxMessages` were tried; then marks finished
 * campaigns completed. Returns how many deliveries it attempted. The 'email-campaigns' job and the pump started when
 * a campaign is sent both call it.
 */
export async function deliverCampaigns(
  deps: TEmailDeps,
  options: { maxMessages?: number; messagesPerSecond?: number } = {},
): Promise<number> {
  const { db } = deps;
  const interval = 1000 / (options.messagesPerSecond ?? CAMPAIGN_MESSAGES_PER_SECOND);
  const max = options.maxMessages ?? 500;
  let attempted = 0;
  while (attempted < max) {
    const started = Date.now();
    const recipient = claimNext(db, deps.now());
    if (!recipient) break;
    attempted += 1;
    const campaign = db.select().from(emailCampaigns).where(eq(emailCampaigns.id, recipient.campaignId)).get();
    const user = recipient.userId
      ? db
          .select({ id: users.id, email: users.email, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, recipient.userId))
          .get()
      : undefined;
    const now = deps.now();
    // Nothing is awaited between the claim, this check and handing the message to the mailer, so a cancel that has
    // committed is always seen here.
    if (campaign?.status !== 'sending' || !user) {
      settle(db, recipient, { status: 'suppressed', lastError: 'The account or the campaign no longer exists' }, now);
      continue;
    }
    const result = await sendEmail(deps, {
      user,
      emailType: CAMPAIGN_EMAIL_TYPE,
      category: 'marketing',
      template: campaignEmail({ firstName: user.firstName, subject: campaign.subject, body: campaign.body }),
    });
    const attempts = recipient.attempts + 1;
    const done = deps.now();
    if (result.status === 'sent') settle(db, recipient, { status: 'sent', emailLogId: result.id, attempts }, done);
    else if (result.status === 'suppressed')
      settle(
        db,
        recipient,
        { status: 'suppressed', emailLogId: result.id, attempts, lastError: result.errorMessage },
        done,
      );
    else if (attempts >= CAMPAIGN_MAX_ATTEMPTS)
      settle(
        db,
        recipient,
        { status: 'failed', emailLogId: result.id, attempts, lastError: result.errorMessage },
        done,
      );
    else {
      db.update(emailCampaignRecipients)
        .set({
          attempts,
          lastError: result.errorMessage,
          emailLogId: result.id,
          nextAttemptAt: new Date(done.getTime() + CAMPAIGN_RETRY_DELAYS_MS[attempts - 1]),
          updatedAt: done,
        })
        .where(eq(emailCampaignRecipients.id, recipient.id))
        .run();
    }
    const wait = interval - (Date.now() - started);
    if (wait > 0) await sleep(wait);
  }
  completeFinishedCampaigns(db, deps.now());
  return attempted;
}

function settle(
  db: Db,
  recipient: typeof emailCampaignRecipients.$inferSelect,
  outcome: {
    status: 'sent' | 'failed' | 'suppressed';
    emailLogId?: string;
    attempts?: number;
    lastError?: string | null;
  },
  now: Date,
) {
  const counter = ({ sent: 'sentCount', failed: 'failedCount', suppressed: 'suppressedCount' } as const)[
    outcome.status
  ];
  immediateTransaction(db, () => {
    db.update(emailCampaignRecipients)
      .set({
        status: outcome.status,
        attempts: outcome.attempts ?? recipient.attempts,
        emailLogId: outcome.emailLogId ?? recipient.emailLogId,
        lastError: outcome.lastError ?? null,
        sentAt: outcome.status === 'sent' ? now : null,
        updatedAt: now,
      })
      .where(eq(emailCampaignRecipients.id, recipient.id))
      .run();
    db.update(emailCampaigns)
      .set({ [counter]: sql`${emailCampaigns[counter]} + 1`, updatedAt: now })
      .where(eq(emailCampaigns.id, recipient.campaignId))
      .run();
  });
}

function completeFinishedCampaigns(db: Db, now: Date) {
  const sending = db
    .select({ id: emailCampaigns.id })
    .from(emailCampaigns)
    .where(eq(emailCampaigns.status, 'sending'))
    .all()
    .map((row) => row.id);
  if (sending.length === 0) return;
  const stillPending = new Set(
    db
      .selectDistinct({ id: emailCampaignRecipients.campaignId })
      .from(emailCampaignRecipients)
      .where(and(inArray(emailCampaignRecipients.campaignId, sending), eq(emailCampaignRecipients.status, 'pending')))
      .all()
      .map((row) => row.id),
  );
  for (const id of sending.filter((candidate) => !stillPending.has(candidate))) {
    db.update(emailCampaigns)
      .set({ status: 'completed', completedAt: now, updatedAt: now })
      .where(and(eq(emailCampaigns.id, id), eq(emailCampaigns.status, 'sending')))
      .run();
  }
}

let pump: Promise<void> | null = null;

/**
 * Starts delivering in the background of this process (at most one pump per process), so a campaign starts at once
 * instead of at the job's next run; the job picks up whatever a restart left behind.
 */
export function startCampaignPump(deps: TEmailDeps): Promise<void> {
  if (!pump) {
    pump = (async () => {
      try {
        while ((await deliverCampaigns(deps, { maxMessages: 100 })) > 0) {
          // keep going while there is work due
        }
      } catch (error) {
        deps.logger.error({ err: error }, 'campaign delivery failed');
      } finally {
        pump = null;
      }
    })();
  }
  return pump;
}
