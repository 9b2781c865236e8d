/**
 * The entitlement rules of docs/product/plans-and-picks.md and docs/product/access.md#access-validity, as pure
 * functions (no I/O, no clock of their own: every function takes `now`). The API applies them inside BEGIN IMMEDIATE
 * transactions and the web app may use them for hints; the server's answer is the one that counts.
 *
 * - Tiers are ordered free < trial < basic < premium; a book's requiredTier is the lowest that may read it.
 * - The effective tier is the stored tier while access is valid (shared/access.ts), otherwise free.
 * - Trial: the plan's bookLimit picks for the whole trial (one cycle = the trial period).
 * - Basic: the plan's bookLimit picks per billing cycle, each locked for `basic_lock_days` (lockedUntil).
 *   At every cycle change the counter starts at 0 and selections whose lock has ended drop off; a
 *   selection carried over (still locked) can be chosen again once its lock ends, which counts a pick.
 * - Premium: every book, no picks. Free: previews only.
 * Limits are never constants here: they come from subscription_plans.bookLimit (-1 unlimited).
 */
import { hasValidAccess, type TAccessSubject } from './access';
import type { TBookTier, TSubscriptionTier } from './tiers';

export const DAY_MS = 24 * 60 * 60 * 1000;

type TTimeInput = Date | string | number | null | undefined;

export function toEpochMs(value: TTimeInput): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const ms = typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isNaN(ms) ? null : ms;
}

const TIER_RANK: Record<TSubscriptionTier, number> = { free: 0, trial: 1, basic: 2, premium: 3 };
const TIER_NAMES: Record<TBookTier, string> = { trial: 'Free Trial', basic: 'Basic', premium: 'Premium' };

export function tierRank(tier: TSubscriptionTier): number {
  return TIER_RANK[tier];
}

/** A reader as the rules see it: the access fields plus when the trial started. */
export interface TEntitlementSubject extends TAccessSubject {
  trialStartedAt?: Date | string | null;
  freeTrialStartedAt?: Date | string | null;
}

/** The tier the reader may use now: the stored one while access is valid, otherwise free. */
export function effectiveTier(user: TEntitlementSubject, now: TTimeInput): TSubscriptionTier {
  const at = new Date(toEpochMs(now) ?? Date.now());
  return user.subscriptionTier !== 'free' && hasValidAccess(user, at) ? user.subscriptionTier : 'free';
}

/** When the current access ends: the trial end, or the paid period end (null = open-ended/unknown). */
export function accessValidUntil(user: TEntitlementSubject): number | null {
  if (user.subscriptionTier === 'trial') {
    const ends = [toEpochMs(user.trialEndsAt), toEpochMs(user.freeTrialEndedAt)].filter((t): t is number => t !== null);
    return ends.length > 0 ? Math.max(...ends) : null;
  }
  if (user.subscriptionTier === 'basic' || user.subscriptionTier === 'premium') {
    return toEpochMs(user.subscriptionCurrentPeriodEnd);
  }
  return null;
}

export interface TRefusal {
  ok: false;
  code: TRefusalCode;
  message: string;
}
export type TRefusalCode =
  | 'subscription_required'
  | 'premium_no_selection'
  | 'tier_too_low'
  | 'already_selected'
  | 'trial_pick_limit'
  | 'cycle_pick_limit'
  | 'no_cycle'
  | 'selection_locked'
  | 'selection_required'
  | 'early_access';

const refuse = (code: TRefusalCode, message: string): TRefusal => ({ ok: false, code, message });

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** Dates inside rule messages ("5 April 2026", UTC); clients get the raw instants to render locally. */
export function formatRuleDate(ms: number): string {
  return DATE_FORMAT.format(new Date(ms));
}

/** What a reader without Premium is told about a book still in Premium early access (docs/product/back-office.md#early-access). */
export function comingOnMessage(publicReleaseAt: number): string {
  return `Coming on ${formatRuleDate(publicReleaseAt)}`;
}

/**
 * Premium's early access (docs/product/back-office.md#early-access): before its public release date a book is for
 * Premium readers only. The instant, when in the future; null when the book is public.
 */
export function earlyAccessUntil(book: { publicReleaseAt?: TTimeInput }, now: TTimeInput): number | null {
  const release = toEpochMs(book.publicReleaseAt);
  const at = toEpochMs(now);
  return release !== null && at !== null && at < release ? release : null;
}

export function needsPlanMessage(requiredTier: TBookTier): string {
  return `This book needs the ${TIER_NAMES[requiredTier]} plan`;
}

/** A selection as the rules see it (active rows only). */
export interface TSelectionState {
  id: string;
  bookId: string;
  selectedAt: number;
  /** null: no lock (trial picks). */
  lockedUntil: number | null;
  /** The cycle whose counter this pick used. */
  cycleId: string | null;
}

export interface TCycleState {
  id: string;
  tier: TBookTier;
  cycleStart: number;
  cycleEnd: number;
  booksSelectedCount: number;
  /** -1 = unlimited. */
  maxBooks: number;
}

export function isLocked(selection: Pick<TSelectionState, 'lockedUntil'>, now: number): boolean {
  return selection.lockedUntil !== null && now < selection.lockedUntil;
}

export type TReadDecision = { ok: true; via: 'premium' | 'selection'; loanType: 'trial' | 'subscription' } | TRefusal;

/**
 * Premium reads any book (every requiredTier ≤ premium); trial and basic read only books they hold an
 * active selection for and whose requiredTier ≤ their tier; free reads none (previews only).
 */
export function canReadBook(
  user: TEntitlementSubject,
  book: { id: string; requiredTier: TBookTier; publicReleaseAt?: TTimeInput },
  selections: readonly Pick<TSelectionState, 'bookId'>[],
  now: TTimeInput,
): TReadDecision {
  const tier = effectiveTier(user, now);
  if (tier === 'free') return refuse('subscription_required', 'Start a free trial or choose a plan to read this book');
  const earlyUntil = earlyAccessUntil(book, now);
  if (earlyUntil !== null && tier !== 'premium') return refuse('early_access', comingOnMessage(earlyUntil));
  if (tierRank(book.requiredTier) > tierRank(tier)) return refuse('tier_too_low', needsPlanMessage(book.requiredTier));
  const loanType = tier === 'trial' ? 'trial' : 'subscription';
  if (tier === 'premium') return { ok: true, via: 'premium', loanType };
  if (!selections.some((selection) => selection.bookId === book.id)) {
    return refuse('selection_required', 'Pick this book or upgrade to read it');
  }
  return { ok: true, via: 'selection', loanType };
}

export type TSelectDecision =
  | {
      ok: true;
      /** The active selection to renew (carried over from an earlier cycle, lock ended), or null for a new row. */
      renewSelectionId: string | null;
      lockedUntil: number | null;
    }
  | TRefusal;

/**
 * May the reader pick this book now? `cycle` is the reader's current cycle (after reconcileEntitlements);
 * `lockDays` is system_config basic_lock_days.
 */
export function canSelect(input: {
  user: TEntitlementSubject;
  book: { id: string; requiredTier: TBookTier; publicReleaseAt?: TTimeInput };
  cycle: TCycleState | null;
  selections: readonly TSelectionState[];
  lockDays: number;
  now: number;
}): TSelectDecision {
  const { user, book, cycle, selections, lockDays, now } = input;
  const tier = effectiveTier(user, now);
  if (tier === 'free') return refuse('subscription_required', 'Start a free trial or choose a plan to pick books');
  if (tier === 'premium') return refuse('premium_no_selection', 'Premium includes every book — no need to pick');
  const earlyUntil = earlyAccessUntil(book, now);
  if (earlyUntil !== null) return refuse('early_access', comingOnMessage(earlyUntil));
  if (tierRank(book.requiredTier) > tierRank(tier)) return refuse('tier_too_low', needsPlanMessage(book.requiredTier));

  const existing = selections.find((selection) => selection.bookId === book.id);
  let renewSelectionId: string | null = null;
  if (existing) {
    const carriedOver = cycle !== null && existing.cycleId !== cycle.id;
    if (!carriedOver || isLocked(existing, now)) return refuse('already_selected', 'You have already picked this book');
    renewSelectionId = existing.id;
  }

  if (!cycle || cycle.tier !== tier || now < cycle.cycleStart || now >= cycle.cycleEnd) {
    return refuse('no_cycle', 'Your plan period has not started yet. Please try again in a moment.');
  }
  if (cycle.maxBooks !== -1 && cycle.booksSelectedCount >= cycle.maxBooks) {
    return tier === 'trial'
      ? refuse('trial_pick_limit', `You have used ${cycle.booksSelectedCount} of ${cycle.maxBooks} trial picks`)
      : refuse(
          'cycle_pick_limit',
          `You have used ${cycle.booksSelectedCount} of ${cycle.maxBooks} picks this billing cycle. Your picks reset on ${formatRuleDate(cycle.cycleEnd)}.`,
        );
  }
  return { ok: true, renewSelectionId, lockedUntil: tier === 'basic' ? now + lockDays * DAY_MS : null };
}

/** A pick may be removed once its lock has ended (removing never gives the pick back). */
export function canRemoveSelection(
  selection: Pick<TSelectionState, 'lockedUntil'>,
  now: number,
): { ok: true } | TRefusal {
  if (isLocked(selection, now)) {
    return refuse('selection_locked', `This pick is locked until ${formatRuleDate(selection.lockedUntil!)}`);
  }
  return { ok: true };
}

/** Calendar months in UTC, day clamped to the target month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsUtc(ms: number, months: number): number {
  const date = new Date(ms);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** The monthly window [anchor + (k-1) months, anchor + k months) that contains `now`. */
function monthlyWindowContaining(anchor: number, now: number): { cycleStart: number; cycleEnd: number } {
  // Estimate k from the average month and correct, so far-away anchors cost a few steps, not a loop per month.
  let k = Math.round((now - anchor) / (30.436875 * DAY_MS)) + 1;
  while (addMonthsUtc(anchor, k - 1) > now) k -= 1;
  while (addMonthsUtc(anchor, k) <= now) k += 1;
  return { cycleStart: addMonthsUtc(anchor, k - 1), cycleEnd: addMonthsUtc(anchor, k) };
}

/**
 * The cycle that should be current for this tier now. Trial: trial start .. trial end. Paid: the
 * subscription period (period end minus one month .. period end, rolled to contain now); when the period
 * end is unknown, cycles chain from the previous cycle's end of the same tier, or start now.
 */
export function cycleWindowFor(
  user: TEntitlementSubject,
  tier: TBookTier,
  now: number,
  previous: Pick<TCycleState, 'tier' | 'cycleEnd'> | null,
): { cycleStart: number; cycleEnd: number } {
  if (tier === 'trial') {
    const end = accessValidUntil(user) ?? now + DAY_MS;
    const started = toEpochMs(user.trialStartedAt) ?? toEpochMs(user.freeTrialStartedAt) ?? now;
    return { cycleStart: Math.min(started, now, end - 1), cycleEnd: end };
  }
  const anchor =
    toEpochMs(user.subscriptionCurrentPeriodEnd) ?? (previous && previous.tier === tier ? previous.cycleEnd : now);
  return monthlyWindowContaining(anchor, now);
}

export interface TLoanState {
  id: string;
  bookId: string;
  requiredTier: TBookTier;
}

export type TRevokeReason = 'access_ended' | 'not_entitled';

export interface TEntitlementSync {
  tier: TSubscriptionTier;
  /** The current cycle to close (ended, or the tier changed, or access ended). */
  closeCycleId: string | null;
  /** The cycle to open (counter at 0). */
  openCycle: Omit<TCycleState, 'id'> | null;
  /** Active selections that drop off at this cycle change (lock ended). */
  dropSelectionIds: string[];
  /** Trial picks carried into the first Basic cycle, with the Basic lock they take (docs/product/trial-policy.md#converting-a-trial). */
  carrySelections: { id: string; lockedUntil: number }[];
  /** Active loans the reader may no longer read. */
  revokeLoans: { id: string; reason: TRevokeReason }[];
  /** The state after the changes (the open cycle has id '' until stored). */
  cycle: TCycleState | null;
  selections: TSelectionState[];
}

/**
 * Brings a reader's cycle, selections and loans in line with the rules at `now` (the hourly job and every
 * request touching selections or loans use this). Idempotent: applying the result and calling again with
 * the same `now` yields no changes.
 */
export function reconcileEntitlements(input: {
  user: TEntitlementSubject;
  now: number;
  cycle: TCycleState | null;
  selections: readonly TSelectionState[];
  loans: readonly TLoanState[];
  /** subscription_plans.bookLimit of a tier (-1 unlimited). */
  bookLimitFor: (tier: TBookTier) => number;
  /** basic_lock_days: the lock a carried trial pick takes, from when it was made. */
  lockDays?: number;
}): TEntitlementSync {
  const { user, now, cycle, loans, bookLimitFor } = input;
  const tier = effectiveTier(user, now);
  const cycleIsCurrent =
    cycle !== null && tier !== 'free' && cycle.tier === tier && now >= cycle.cycleStart && now < cycle.cycleEnd;

  let closeCycleId: string | null = null;
  let openCycle: TEntitlementSync['openCycle'] = null;
  let nextCycle: TCycleState | null = cycleIsCurrent ? cycle : null;
  if (!cycleIsCurrent) {
    if (cycle) closeCycleId = cycle.id;
    if (tier !== 'free') {
      const window = cycleWindowFor(user, tier, now, cycle);
      openCycle = { tier, ...window, booksSelectedCount: 0, maxBooks: bookLimitFor(tier) };
      nextCycle = { id: '', ...openCycle };
    }
  }

  const changed = closeCycleId !== null || openCycle !== null;
  // A trial converted to Basic before it ended keeps its picks: they become the first Basic cycle's picks (counted
  // there, locked as Basic picks from when they were made) instead of dropping (docs/product/trial-policy.md#converting-a-trial).
  const carriesTrialPicks =
    openCycle !== null && tier === 'basic' && cycle !== null && cycle.tier === 'trial' && now < cycle.cycleEnd;
  const lockMs = (input.lockDays ?? 0) * DAY_MS;
  const carrySelections = carriesTrialPicks
    ? input.selections.map((s) => ({ id: s.id, lockedUntil: Math.max(s.lockedUntil ?? 0, s.selectedAt + lockMs) }))
    : [];
  if (openCycle && carrySelections.length > 0) {
    openCycle.booksSelectedCount = carrySelections.length;
    if (nextCycle) nextCycle.booksSelectedCount = carrySelections.length;
    for (const carried of carrySelections) {
      const selection = input.selections.find((s) => s.id === carried.id);
      if (selection) selection.lockedUntil = carried.lockedUntil;
    }
  }
  const dropSelectionIds =
    changed && !carriesTrialPicks ? input.selections.filter((s) => !isLocked(s, now)).map((s) => s.id) : [];
  const selections = input.selections.filter((s) => !dropSelectionIds.includes(s.id));

  const revokeLoans = loans.flatMap((loan) => {
    const decision = canReadBook(user, { id: loan.bookId, requiredTier: loan.requiredTier }, selections, now);
    if (decision.ok) return [];
    return [{ id: loan.id, reason: (tier === 'free' ? 'access_ended' : 'not_entitled') as TRevokeReason }];
  });

  return {
    tier,
    closeCycleId,
    openCycle,
    dropSelectionIds,
    carrySelections,
    revokeLoans,
    cycle: nextCycle,
    selections,
  };
}

/** Whole days of trial left (rounded up), or null when the reader is not on a valid trial. */
export function trialDaysLeft(user: TEntitlementSubject, now: number): number | null {
  if (effectiveTier(user, now) !== 'trial') return null;
  const end = accessValidUntil(user);
  return end === null ? null : Math.max(0, Math.ceil((end - now) / DAY_MS));
}

/** Trial readers read online only (docs/product/decisions.md#7). */
export function isOfflineAllowed(tier: TSubscriptionTier): boolean {
  return tier === 'basic' || tier === 'premium';
}
