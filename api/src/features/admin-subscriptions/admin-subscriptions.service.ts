/**
 * The admin view and actions of readers' subscriptions (docs/product/admin-money.md#subscriptions): a filtered,
 * server-paginated list of trials and paid subscriptions and its CSV export, one reader's subscription with invoices
 * and history, and the actions an admin takes for a reader: cancel at the period end or now, resume, extend a trial,
 * refund an invoice fully or partly. Subscription changes go through the payments provider and come back through the
 * billing reconcile exactly as the reader's own would; refunds are recorded in `refunds` and `invoices.amount_refunded`
 * once the provider accepted them. Every action is audited with the admin as actor and the reader as resource.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  TAccountTier,
  TAdminInvoice,
  TAdminSubscriptionDetail,
  TAdminSubscriptionPage,
  TAdminSubscriptionRow,
  TBillingProviderInfo,
  THistoryEntry,
  TSubscriptionState,
} from '@shared/admin-subscriptions';
import { ADMIN_SUBSCRIPTION_MESSAGES } from '@shared/admin-subscriptions';
import type { TAdminCancelRequest, TAdminSubscriptionQuery, TRefundRequest } from '@shared/admin-subscriptions.schemas';
import { formatMoney } from '@shared/billing';
import { DAY_MS } from '@shared/entitlement';
import type { AppDeps } from '../../deps';
import { immediateTransaction } from '../../db/client';
import { cachedStatement } from '../../db/statement-cache';
import {
  auditLogs,
  billingSubscriptions,
  invoices,
  mrrMovements,
  payments,
  refunds,
  systemConfig,
  users,
} from '../../db/schema';
import { isSimulatedProvider, CLOCK_OFFSET_KEY } from '../../adapters/payments/simulated-provider';
import { AppError, notFound } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { callProvider, loadPlans, reconcileNow } from '../billing/billing.service';
import { sendSubscriptionCancelledEmail } from '../email/email.service';
import { syncEntitlements } from '../selections/entitlement-state';

type TUserRow = typeof users.$inferSelect;
type TMirrorRow = typeof billingSubscriptions.$inferSelect;
type TActor = TRequestMeta & { adminId: string };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);
const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
const fullName = (row: { firstName: string | null; lastName: string | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || null;

/** The end of a reader's trial: the later of the two trial columns (shared/access.ts reads both). */
const TRIAL_END_SQL = sql`max(coalesce(${users.trialEndsAt}, 0), coalesce(${users.freeTrialEndedAt}, 0))`;

function stateSql(now: number): SQL<TSubscriptionState> {
  return sql<TSubscriptionState>`case
    when ${billingSubscriptions.id} is not null and ${billingSubscriptions.status} = 'past_due' then 'past_due'
    when ${billingSubscriptions.id} is not null and ${billingSubscriptions.status} = 'active' and ${billingSubscriptions.cancelAtPeriodEnd} = 1 then 'cancelling'
    when ${billingSubscriptions.id} is not null and ${billingSubscriptions.status} = 'active' then 'renewing'
    when ${users.subscriptionTier} = 'trial' and ${TRIAL_END_SQL} > ${now} then 'trialing'
    when ${users.subscriptionTier} = 'trial' then 'trial_ended'
    else 'ended' end`;
}

/** The reader's MRR now: the latest movement's amount (mrr_movements_user_idx answers it per row). */
const CURRENT_MRR_SQL = sql<number>`coalesce((select m.mrr_after from mrr_movements m where m.user_id = ${users.id} order by m.occurred_at desc limit 1), 0)`;

type TListDeps = Pick<AppDeps, 'db' | 'now'>;
type TListFilters = Omit<TAdminSubscriptionQuery, 'page' | 'pageSize'>;

/** The list's WHERE and ORDER BY for one query: the page, its count and the CSV export all read these. */
function subscriptionListShape(query: TListFilters, now: number) {
  const state = stateSql(now);
  // Trials are accounts on the trial tier with a trial end (staff accounts carry the tier's default without one).
  const conditions: SQL[] = [
    or(
      sql`${billingSubscriptions.id} is not null`,
      sql`${users.subscriptionTier} = 'trial' and ${TRIAL_END_SQL} > 0`,
    ) as SQL,
  ];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      sql`(${users.email} like ${pattern} escape '\\' or (coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${pattern} escape '\\')`,
    );
  }
  if (query.tier) conditions.push(eq(users.subscriptionTier, query.tier));
  if (query.state) conditions.push(sql`${state} = ${query.state}`);
  if (query.trialEndingInDays !== undefined) {
    conditions.push(
      sql`${users.subscriptionTier} = 'trial' and ${TRIAL_END_SQL} > ${now} and ${TRIAL_END_SQL} <= ${now + query.trialEndingInDays * DAY_MS}`,
    );
  }
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const orderBy = {
    email: sql`${users.email} ${direction}`,
    periodEnd: sql`${billingSubscriptions.currentPeriodEnd} is null, ${billingSubscriptions.currentPeriodEnd} ${direction}`,
    trialEnd: sql`${TRIAL_END_SQL} ${direction}`,
    mrr: sql`${CURRENT_MRR_SQL} ${direction}`,
  }[query.sort];
  return { state, where: and(...conditions), orderBy };
}

/** Rows of the filtered list in its order, `limit` from `offset`, as the API shows them. */
function selectSubscriptionRows(
  deps: TListDeps,
  query: TListFilters,
  window: { limit: number; offset: number },
): TAdminSubscriptionRow[] {
  const { state, where, orderBy } = subscriptionListShape(query, deps.now().getTime());
  const rows = deps.db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      tier: users.subscriptionTier,
      trialEnd: TRIAL_END_SQL.mapWith(Number),
      state,
      provider: billingSubscriptions.provider,
      currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
      pendingTier: billingSubscriptions.pendingTier,
      mrr: CURRENT_MRR_SQL.mapWith(Number),
    })
    .from(users)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.userId, users.id))
    .where(where)
    .orderBy(orderBy, users.id)
    .limit(window.limit)
    .offset(window.offset)
    .all();
  const currency = loadPlans(deps).basic.currency;
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    name: fullName(row),
    tier: row.tier,
    state: row.state,
    provider: row.provider,
    currentPeriodEnd: iso(row.currentPeriodEnd),
    trialEndsAt: row.trialEnd > 0 ? new Date(row.trialEnd).toISOString() : null,
    pendingTier: row.pendingTier,
    mrr: row.mrr,
    currency,
  }));
}

/**
 * The size of the unfiltered list, counted without reading every account: every subscription record (each belongs to
 * one reader, the foreign key sees to it) plus the trial accounts without one, read from users_trial_accounts_idx,
 * which holds only trial accounts and uses the list's own definition of one (`TRIAL_END_SQL > 0`).
 */
const UNFILTERED_TOTAL_SQL = `select (select count(*) from billing_subscriptions)
  + (select count(*) from users u indexed by users_trial_accounts_idx
     where u.subscription_tier = 'trial' and max(coalesce(u.trial_ends_at, 0), coalesce(u.free_trial_ended_at, 0)) > 0
       and not exists (select 1 from billing_subscriptions b where b.user_id = u.id)) as n`;

export function listSubscriptions(deps: TListDeps, input: { query: TAdminSubscriptionQuery }): TAdminSubscriptionPage {
  const { query } = input;
  const { where } = subscriptionListShape(query, deps.now().getTime());
  const unfiltered = !query.search && !query.tier && !query.state && query.trialEndingInDays === undefined;
  const total = unfiltered
    ? (cachedStatement(deps.db, UNFILTERED_TOTAL_SQL).get() as { n: number }).n
    : (deps.db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .leftJoin(billingSubscriptions, eq(billingSubscriptions.userId, users.id))
        .where(where)
        .get()?.n ?? 0);
  const items = selectSubscriptionRows(deps, query, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export const SUBSCRIPTION_CSV_HEADER = [
  'user_id',
  'email',
  'name',
  'plan',
  'status',
  'provider',
  'renews_or_ends',
  'trial_ends',
  'pending_plan',
  'mrr',
  'currency',
] as const;

/**
 * The filtered list as CSV in the list's order (docs/product/back-office.md#lists), at most `limit` rows; MRR in
 * major units with two decimals so a spreadsheet sums it as money. The export is audited by the caller's route.
 */
export function exportSubscriptionsCsv(deps: TListDeps, input: { query: TListFilters; limit: number }): string {
  const rows = selectSubscriptionRows(deps, input.query, { limit: input.limit, offset: 0 });
  return toCsv(
    SUBSCRIPTION_CSV_HEADER,
    rows.map((row) => [
      row.userId,
      row.email,
      row.name,
      row.tier,
      row.state,
      row.provider,
      row.currentPeriodEnd,
      row.trialEndsAt,
      row.pendingTier,
      (row.mrr / 100).toFixed(2),
      row.currency,
    ]),
  );
}

function loadReader(deps: Pick<AppDeps, 'db'>, userId: string): TUserRow {
  const user = deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound('Reader');
  return user;
}

const mirrorOf = (deps: Pick<AppDeps, 'db'>, userId: string): TMirrorRow | undefined =>
  deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).get();

function trialEndOf(user: TUserRow): Date | null {
  const ends = [user.trialEndsAt, user.freeTrialEndedAt].filter((d): d is Date => d !== null).map((d) => d.getTime());
  return ends.length > 0 ? new Date(Math.max(...ends)) : null;
}

function stateOf(user: TUserRow, mirror: TMirrorRow | undefined, now: Date): TSubscriptionState {
  if (mirror?.status === 'past_due') return 'past_due';
  if (mirror?.status === 'active') return mirror.cancelAtPeriodEnd ? 'cancelling' : 'renewing';
  if (user.subscriptionTier === 'trial') {
    const end = trialEndOf(user);
    return end && end > now ? 'trialing' : 'trial_ended';
  }
  return 'ended';
}

const ACTION_TITLES: Record<string, string> = {
  'billing.subscription_started': 'Subscription started',
  'billing.trial_converted': 'Trial converted to a paid plan',
  'billing.plan_upgraded': 'Plan upgraded',
  'billing.plan_downgraded': 'Plan downgraded',
  'billing.downgrade_scheduled': 'Downgrade scheduled for the period end',
  'billing.subscription_ended': 'Subscription ended',
  'admin.subscription.cancelled_at_period_end': 'Admin set the subscription to cancel at the period end',
  'admin.subscription.cancelled_now': 'Admin cancelled the subscription at once',
  'admin.subscription.resumed': 'Admin resumed the subscription',
  'admin.subscription.trial_extended': 'Admin extended the trial',
  'admin.invoice.refunded': 'Admin refunded an invoice',
};

function describeDetails(details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  const parts: string[] = [];
  if (typeof details.from === 'string' && typeof details.to === 'string') parts.push(`${details.from} → ${details.to}`);
  else if (typeof details.tier === 'string') parts.push(details.tier);
  if (typeof details.days === 'number') parts.push(`${details.days} days, to ${String(details.trialEndsAt ?? '')}`);
  if (typeof details.amountText === 'string') parts.push(`${details.amountText} of ${String(details.invoiceNumber)}`);
  if (typeof details.reason === 'string' && details.reason) parts.push(`reason: ${details.reason}`);
  return parts.length > 0 ? parts.join(', ') : null;
}

function historyOf(deps: Pick<AppDeps, 'db'>, user: TUserRow): THistoryEntry[] {
  const { db } = deps;
  const audits = db
    .select()
    .from(auditLogs)
    .where(
      or(
        and(eq(auditLogs.userId, user.id), eq(auditLogs.resource, 'subscription')),
        and(eq(auditLogs.resource, 'user'), eq(auditLogs.resourceId, user.id), sql`${auditLogs.action} like 'admin.%'`),
      ),
    )
    .orderBy(desc(auditLogs.createdAt))
    .limit(200)
    .all()
    .filter((row) => row.action in ACTION_TITLES)
    .map((row) => ({
      at: row.createdAt.toISOString(),
      title: ACTION_TITLES[row.action],
      detail: describeDetails(row.details),
    }));
  const renewals = db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, user.id))
    .orderBy(desc(invoices.issuedAt))
    .limit(100)
    .all()
    .map((row) => ({
      at: row.issuedAt.toISOString(),
      title: `Invoice ${row.number} ${row.status === 'paid' ? 'paid' : row.status}`,
      detail: `${row.description}: ${formatMoney(row.amountDue, row.currency)}`,
    }));
  return [...audits, ...renewals].sort((a, b) => b.at.localeCompare(a.at));
}

function adminInvoices(deps: Pick<AppDeps, 'db' | 'payments'>, userId: string): TAdminInvoice[] {
  const rows = deps.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .all();
  const refundRows =
    rows.length > 0
      ? deps.db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.invoiceId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(refunds.createdAt)
          .all()
      : [];
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    description: row.description,
    tier: row.tier,
    provider: row.provider,
    amountDue: row.amountDue,
    amountPaid: row.amountPaid,
    amountRefunded: row.amountRefunded,
    currency: row.currency,
    status: row.status,
    issuedAt: row.issuedAt.toISOString(),
    paidAt: iso(row.paidAt),
    refunds: refundRows
      .filter((refund) => refund.invoiceId === row.id)
      .map((refund) => ({
        id: refund.id,
        amount: refund.amount,
        currency: refund.currency,
        reason: refund.reason,
        createdAt: refund.createdAt.toISOString(),
      })),
    canRefund: row.status === 'paid' && row.amountPaid > row.amountRefunded && row.provider === deps.payments.name,
  }));
}

export function getSubscriptionDetail(
  deps: Pick<AppDeps, 'db' | 'now' | 'payments'>,
  input: { userId: string },
): TAdminSubscriptionDetail {
  const user = loadReader(deps, input.userId);
  const mirror = mirrorOf(deps, user.id);
  const latest = deps.db
    .select({ mrr: mrrMovements.mrrAfter, currency: mrrMovements.currency })
    .from(mrrMovements)
    .where(eq(mrrMovements.userId, user.id))
    .orderBy(desc(mrrMovements.occurredAt))
    .limit(1)
    .get();
  return {
    account: {
      id: user.id,
      email: user.email,
      name: fullName(user),
      tier: user.subscriptionTier as TAccountTier,
      trialEndsAt: iso(trialEndOf(user)),
      isActive: user.isActive,
    },
    state: stateOf(user, mirror, deps.now()),
    subscription: mirror
      ? {
          provider: mirror.provider,
          subscriptionId: mirror.subscriptionId,
          tier: mirror.tier,
          status: mirror.status,
          currentPeriodStart: mirror.currentPeriodStart.toISOString(),
          currentPeriodEnd: mirror.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: mirror.cancelAtPeriodEnd,
          pendingTier: mirror.pendingTier,
          card: mirror.cardBrand && mirror.cardLast4 ? { brand: mirror.cardBrand, last4: mirror.cardLast4 } : null,
          graceEndsAt: iso(mirror.graceEndsAt),
        }
      : null,
    mrr: latest?.mrr ?? 0,
    currency: latest?.currency ?? 'GBP',
    invoices: adminInvoices(deps, user.id),
    history: historyOf(deps, user),
  };
}

function audit(deps: Pick<AppDeps, 'db' | 'now'>, actor: TActor, action: string, readerId: string, details: object) {
  recordAudit(deps, {
    action,
    resource: 'user',
    resourceId: readerId,
    userId: actor.adminId,
    details: details as Record<string, unknown>,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
  });
}

function liveMirror(deps: Pick<AppDeps, 'db'>, userId: string): TMirrorRow {
  const mirror = mirrorOf(deps, userId);
  if (!mirror || mirror.status === 'canceled')
    throw new AppError('no_subscription', 409, ADMIN_SUBSCRIPTION_MESSAGES.noSubscription);
  return mirror;
}

export async function cancelForReader(
  deps: AppDeps,
  input: TActor & { userId: string; request: TAdminCancelRequest },
): Promise<TAdminSubscriptionDetail> {
  const user = loadReader(deps, input.userId);
  const mirror = liveMirror(deps, user.id);
  if (input.request.when === 'period_end') {
    if (mirror.cancelAtPeriodEnd)
      throw new AppError('already_cancelled', 409, ADMIN_SUBSCRIPTION_MESSAGES.alreadyCancelling);
    await callProvider(() => deps.payments.cancelAtPeriodEnd(mirror.subscriptionId));
  } else {
    await callProvider(() => deps.payments.cancelNow(mirror.subscriptionId));
  }
  await reconcileNow(deps, mirror.subscriptionId, user.id);
  audit(
    deps,
    input,
    input.request.when === 'now' ? 'admin.subscription.cancelled_now' : 'admin.subscription.cancelled_at_period_end',
    user.id,
    { subscriptionId: mirror.subscriptionId, tier: mirror.tier, provider: mirror.provider },
  );
  await sendSubscriptionCancelledEmail(deps, {
    user,
    input: {
      planName: loadPlans(deps)[mirror.tier].name,
      accessUntil: input.request.when === 'now' ? deps.now() : mirror.currentPeriodEnd,
    },
  });
  return getSubscriptionDetail(deps, { userId: user.id });
}

export async function resumeForReader(
  deps: AppDeps,
  input: TActor & { userId: string },
): Promise<TAdminSubscriptionDetail> {
  const user = loadReader(deps, input.userId);
  const mirror = liveMirror(deps, user.id);
  if (!mirror.cancelAtPeriodEnd) throw new AppError('not_cancelled', 409, ADMIN_SUBSCRIPTION_MESSAGES.notCancelling);
  await callProvider(() => deps.payments.resume(mirror.subscriptionId));
  await reconcileNow(deps, mirror.subscriptionId, user.id);
  audit(deps, input, 'admin.subscription.resumed', user.id, { subscriptionId: mirror.subscriptionId });
  return getSubscriptionDetail(deps, { userId: user.id });
}

/**
 * Moves the trial's end `days` later, counted from its current end, or from now when it has already ended
 * (docs/product/admin-money.md#subscriptions).
 */
export function extendTrial(deps: AppDeps, input: TActor & { userId: string; days: number }): TAdminSubscriptionDetail {
  const now = deps.now();
  immediateTransaction(deps.db, () => {
    const user = loadReader(deps, input.userId);
    if (user.subscriptionTier !== 'trial')
      throw new AppError('not_on_trial', 409, ADMIN_SUBSCRIPTION_MESSAGES.notOnTrial);
    const currentEnd = trialEndOf(user);
    const from = currentEnd && currentEnd > now ? currentEnd : now;
    const trialEndsAt = new Date(from.getTime() + input.days * DAY_MS);
    deps.db
      .update(users)
      .set({ trialEndsAt, freeTrialEndedAt: trialEndsAt, updatedAt: now })
      .where(eq(users.id, user.id))
      .run();
    syncEntitlements({ db: deps.db, userId: user.id, now, write: true });
    audit(deps, input, 'admin.subscription.trial_extended', user.id, {
      days: input.days,
      previousTrialEndsAt: iso(currentEnd),
      trialEndsAt: trialEndsAt.toISOString(),
    });
  });
  return getSubscriptionDetail(deps, { userId: input.userId });
}

/**
 * Refunds part or all of a paid invoice through the provider that took the payment, then records it: a refunds row,
 * the invoice's refunded total and, once nothing is left, the payment marked refunded
 * (docs/product/admin-money.md#refunds). The subscription itself is not changed.
 */
export async function refundInvoice(
  deps: AppDeps,
  input: TActor & { invoiceId: string; request: TRefundRequest },
): Promise<TAdminSubscriptionDetail> {
  const invoice = deps.db.select().from(invoices).where(eq(invoices.id, input.invoiceId)).get();
  if (!invoice) throw notFound('Invoice');
  const refusal = refundRefusal(deps, invoice, input.request.amount);
  if (refusal) throw refusal;
  const { providerRefundId } = await callProvider(() =>
    deps.payments.refundInvoice({
      providerInvoiceId: invoice.providerInvoiceId ?? '',
      amount: input.request.amount,
      reason: input.request.reason ?? null,
    }),
  );
  const now = deps.now();
  immediateTransaction(deps.db, () => {
    // Read again under the write lock: a refund that raced this one may have used up what was left.
    const current = deps.db.select().from(invoices).where(eq(invoices.id, invoice.id)).get()!;
    const late = refundRefusal(deps, current, input.request.amount);
    if (late) throw late;
    const refunded = current.amountRefunded + input.request.amount;
    deps.db
      .insert(refunds)
      .values({
        invoiceId: current.id,
        userId: current.userId,
        provider: current.provider,
        providerRefundId,
        tier: current.tier,
        amount: input.request.amount,
        currency: current.currency,
        reason: input.request.reason || null,
        refundedBy: input.adminId,
        createdAt: now,
      })
      .run();
    deps.db.update(invoices).set({ amountRefunded: refunded, updatedAt: now }).where(eq(invoices.id, current.id)).run();
    if (refunded >= current.amountPaid) {
      deps.db
        .update(payments)
        .set({ status: 'refunded', refundedAt: now, updatedAt: now })
        .where(and(eq(payments.invoiceId, current.id), eq(payments.status, 'succeeded')))
        .run();
    }
    recordAudit(deps, {
      action: 'admin.invoice.refunded',
      resource: 'user',
      resourceId: current.userId,
      userId: input.adminId,
      severity: 'warning',
      details: {
        invoiceId: current.id,
        invoiceNumber: current.number,
        amount: input.request.amount,
        amountText: formatMoney(input.request.amount, current.currency),
        refundedTotal: refunded,
        reason: input.request.reason ?? null,
        provider: current.provider,
      },
      ipAddress: input.ipAddress,
      userAgent: input.userAgent,
    });
  });
  if (!invoice.userId) throw notFound('Reader');
  return getSubscriptionDetail(deps, { userId: invoice.userId });
}

function refundRefusal(
  deps: Pick<AppDeps, 'payments'>,
  invoice: typeof invoices.$inferSelect,
  amount: number,
): AppError | null {
  if (invoice.status !== 'paid') return new AppError('not_refundable', 409, ADMIN_SUBSCRIPTION_MESSAGES.invoiceNotPaid);
  if (invoice.provider !== deps.payments.name)
    return new AppError('not_refundable', 409, ADMIN_SUBSCRIPTION_MESSAGES.otherProvider);
  // A £0.00 invoice (the rest of a free trial after buying a plan) took nothing (docs/product/admin-money.md#refunds).
  if (invoice.amountPaid === 0) return new AppError('not_refundable', 409, ADMIN_SUBSCRIPTION_MESSAGES.nothingCharged);
  const left = invoice.amountPaid - invoice.amountRefunded;
  if (left <= 0) return new AppError('not_refundable', 409, ADMIN_SUBSCRIPTION_MESSAGES.nothingToRefund);
  if (amount > left) {
    const message = ADMIN_SUBSCRIPTION_MESSAGES.refundTooLarge(formatMoney(left, invoice.currency));
    return new AppError('validation_failed', 422, message, [{ field: 'amount', message }]);
  }
  return null;
}

export function getProviderInfo(deps: Pick<AppDeps, 'db' | 'payments'>): TBillingProviderInfo {
  if (!isSimulatedProvider(deps.payments)) return { provider: deps.payments.name, testClock: null };
  const offset = Number(
    deps.db.select({ value: systemConfig.value }).from(systemConfig).where(eq(systemConfig.key, CLOCK_OFFSET_KEY)).get()
      ?.value ?? 0,
  );
  return {
    provider: 'test',
    testClock: {
      providerNow: deps.payments.providerNow().toISOString(),
      offsetDays: Math.round((Number.isFinite(offset) ? offset : 0) / DAY_MS),
    },
  };
}
