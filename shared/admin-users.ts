/** Answer types of the back office's users API (docs/product/back-office.md#users). */
import type { TSubscriptionStatus } from './auth';
import type { TRole, TSubscriptionTier } from './tiers';

export const SUBSCRIPTION_STATUSES = [
  'active',
  'inactive',
  'cancelled',
  'past_due',
] as const satisfies readonly TSubscriptionStatus[];

export const ADMIN_USER_SORTS = ['createdAt', 'email', 'name', 'lastLoginAt', 'role', 'tier'] as const;

export interface TAdminUserRow {
  id: string;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  role: TRole;
  subscriptionTier: TSubscriptionTier;
  subscriptionStatus: TSubscriptionStatus;
  isActive: boolean;
  emailVerified: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface TAdminUserSession {
  /** A stable handle for ending this session; not the session token nor its stored hash. */
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface TAdminUserDetail extends TAdminUserRow {
  phoneNumber: string | null;
  countryCode: string | null;
  trialEndsAt: string | null;
  subscriptionCurrentPeriodEnd: string | null;
  subscription: {
    provider: string;
    tier: string;
    status: string;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
    cardBrand: string | null;
    cardLast4: string | null;
  } | null;
  invoices: {
    id: string;
    number: string;
    tier: string;
    description: string;
    amountDue: number;
    amountPaid: number;
    currency: string;
    status: string;
    issuedAt: string;
  }[];
  selections: { id: string; bookId: string; title: string; selectedAt: string; lockedUntil: string | null }[];
  selectionsLockedUntil: string | null;
  loans: {
    id: string;
    bookId: string;
    title: string;
    status: string;
    loanType: string;
    startedAt: string;
    revokedAt: string | null;
    revokeReason: string | null;
  }[];
  devices: {
    id: string;
    name: string;
    userAgent: string | null;
    isActive: boolean;
    offlineRegisteredAt: string | null;
    lastActiveAt: string | null;
    activeLicenses: number;
  }[];
  sessions: TAdminUserSession[];
  audit: { id: string; action: string; severity: string; status: string; createdAt: string; actorId: string | null }[];
  /** Sign-in locks of the account (see GET /api/admin/auth/locks). */
  isLocked: boolean;
}

export interface TAdminBulkResult {
  updated: number;
  /** Users left unchanged, with why (own account, last super admin, not allowed). */
  skipped: { id: string; reason: string }[];
}
