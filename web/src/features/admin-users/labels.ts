/** Display names of roles, tiers and statuses in the back office. */
import type { TSubscriptionStatus } from '@shared/auth';
import type { TRole, TSubscriptionTier } from '@shared/tiers';

export const ROLE_LABELS: Record<TRole, string> = {
  user: 'Reader',
  moderator: 'Moderator',
  admin: 'Admin',
  super_admin: 'Super admin',
};
export const TIER_NAMES: Record<TSubscriptionTier, string> = {
  free: 'Free',
  trial: 'Trial',
  basic: 'Basic',
  premium: 'Premium',
};
export const STATUS_LABELS: Record<TSubscriptionStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  cancelled: 'Cancelled',
  past_due: 'Past due',
};

export const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

export function displayName(user: { firstName: string | null; lastName: string | null; email: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}
