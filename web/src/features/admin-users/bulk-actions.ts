/** The bulk changes the users table offers, each with the sentence its confirmation shows (docs/product/back-office.md#users). */
import type { TAdminBulkUpdate } from '@shared/admin-users.schemas';
import type { TRole, TSubscriptionTier } from '@shared/tiers';
import { ROLE_LABELS, TIER_NAMES } from './labels';

export interface TBulkAction {
  id: string;
  label: string;
  changes: TAdminBulkUpdate['changes'];
  /** What happens, for `count` users. */
  describe: (count: number) => string;
}

const users = (count: number) => (count === 1 ? '1 user' : `${count} users`);

export const BULK_ACTIONS: TBulkAction[] = [
  {
    id: 'deactivate',
    label: 'Deactivate',
    changes: { isActive: false },
    describe: (count) =>
      `Deactivate ${users(count)}? They are signed out everywhere, their licences are revoked and they cannot sign in until reactivated.`,
  },
  {
    id: 'activate',
    label: 'Reactivate',
    changes: { isActive: true },
    describe: (count) => `Reactivate ${users(count)}? They can sign in again.`,
  },
  ...(['free', 'trial', 'basic', 'premium'] as TSubscriptionTier[]).map((tier) => ({
    id: `tier:${tier}`,
    label: `Set plan: ${TIER_NAMES[tier]}`,
    changes: { subscriptionTier: tier },
    describe: (count: number) =>
      `Set the plan of ${users(count)} to ${TIER_NAMES[tier]}? Their reading access follows the new plan at once; nobody is charged.`,
  })),
  ...(['user', 'moderator', 'admin'] as TRole[]).map((role) => ({
    id: `role:${role}`,
    label: `Set role: ${ROLE_LABELS[role]}`,
    changes: { role },
    describe: (count: number) =>
      `Give ${users(count)} the role ${ROLE_LABELS[role]}? Your own account and protected accounts are skipped.`,
  })),
];
