/** Display helpers for catalogue data. Pure: no I/O. */
import { TIER_LABELS, type TBookTier } from '@shared/tiers';

const countFormatter = new Intl.NumberFormat('en-GB');

/** '1,000 books', '1 book'. */
export function formatBookCount(count: number): string {
  return `${countFormatter.format(count)} ${count === 1 ? 'book' : 'books'}`;
}

export function formatNumber(value: number): string {
  return countFormatter.format(value);
}

/** Published years before the common era are stored as negative numbers and shown as '500 BC'. */
export function formatPublishedYear(year: number | null | undefined): string | null {
  if (year === null || year === undefined || !Number.isFinite(year) || year === 0) return null;
  return year < 0 ? `${Math.abs(year)} BC` : String(year);
}

export function tierLabel(tier: TBookTier): string {
  return TIER_LABELS[tier];
}
