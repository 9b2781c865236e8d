/** Display helpers for the Devices page: relative "last active" times and the cap sentence. Pure. */
import type { TSubscriptionTier } from '@shared/tiers';
import { formatDate, PLAN_NAMES } from '@web/features/selections/format';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Beyond a week a date reads better than "23 days ago". */
const RELATIVE_LIMIT_MS = 7 * DAY_MS;

const relativeFormatter = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", or the date when longer ago than a week; '' when unknown. */
export function formatLastActive(value: string | null | undefined, now = Date.now()): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return relativeFormatter.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return relativeFormatter.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < RELATIVE_LIMIT_MS) return relativeFormatter.format(-Math.floor(elapsed / DAY_MS), 'day');
  return formatDate(time);
}

/** "2 of 2 devices used on the Basic plan". */
export function deviceCapSentence(used: number, cap: number, tier: TSubscriptionTier): string {
  // After a downgrade more devices can be registered than the plan allows.
  if (used > cap) return `${used} devices registered; the ${PLAN_NAMES[tier]} plan allows ${cap}`;
  return `${used} of ${cap} ${cap === 1 ? 'device' : 'devices'} used on the ${PLAN_NAMES[tier]} plan`;
}

/** "1 book" / "3 books". */
export function booksCount(count: number): string {
  return `${count} ${count === 1 ? 'book' : 'books'}`;
}

/** On the Devices page, when every device of the plan is registered: "All 2 devices of the Basic plan are registered. ..." */
export function deviceCapFullMessage(cap: number, tier: TSubscriptionTier): string {
  const devices = cap === 1 ? 'The 1 device' : `All ${cap} devices`;
  return `${devices} of the ${PLAN_NAMES[tier]} plan ${cap === 1 ? 'is' : 'are'} registered. Remove one below to register this browser.`;
}
