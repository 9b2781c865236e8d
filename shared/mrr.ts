/**
 * Monthly recurring revenue rules shared by the billing reconcile, the demo seed and the reports
 * (docs/product/metrics.md#mrr). Pure: no I/O.
 */

export const MRR_MOVEMENT_KINDS = ['new', 'expansion', 'contraction', 'churn'] as const;
export type TMrrMovementKind = (typeof MRR_MOVEMENT_KINDS)[number];

/**
 * The kind of a change of one reader's MRR from `before` to `after` (minor units), or null when nothing moved:
 * from nothing is new (first or returning subscriber), to nothing is churn, otherwise up is expansion and down
 * contraction (docs/product/metrics.md#mrr-movements).
 */
export function mrrMovementKind(before: number, after: number): TMrrMovementKind | null {
  if (before === after) return null;
  if (before === 0) return 'new';
  if (after === 0) return 'churn';
  return after > before ? 'expansion' : 'contraction';
}

/**
 * What one paid subscription adds to MRR: its plan's monthly price without tax. Trials and free plans add nothing.
 * The service sells no discounts, so none lowers it; a discount that lasts forever would be the only kind that may
 * (docs/product/metrics.md#mrr).
 */
export function monthlyRecurringAmount(input: { priceAmount: number; period: string }): number {
  const period = input.period.trim().toLowerCase();
  if (/year|annual/.test(period)) return Math.round(input.priceAmount / 12);
  return Math.max(0, input.priceAmount);
}
