/** Fixtures of the entitlements and selections answers for the web tests. */
import type { TEntitlements, TLoan, TSelection } from '@shared/selections';

export function makeSelection(overrides: Partial<TSelection> = {}): TSelection {
  const bookId = overrides.bookId ?? 'book-1';
  return {
    id: `sel-${bookId}`,
    bookId,
    title: 'Deep Work',
    slug: `slug-${bookId}`,
    coverImageUrl: null,
    requiredTier: 'trial',
    subscriptionTier: 'trial',
    selectedAt: '2026-03-01T10:00:00.000Z',
    lockedUntil: null,
    canRemove: true,
    ...overrides,
  };
}

export function makeEntitlements(overrides: Partial<TEntitlements> = {}): TEntitlements {
  const tier = overrides.tier ?? 'trial';
  const base: TEntitlements = {
    tier,
    subscriptionTier: tier,
    status: 'active',
    validUntil: '2026-03-08T10:00:00.000Z',
    picksUsed: 0,
    picksLimit: tier === 'premium' ? -1 : tier === 'basic' ? 10 : tier === 'trial' ? 3 : 0,
    cycleStart: null,
    cycleEnd: null,
    nextResetAt: null,
    trialDaysLeft: tier === 'trial' ? 5 : null,
    selections: [],
    offlineAllowed: tier === 'basic' || tier === 'premium',
    deviceCap: 0,
  };
  return { ...base, ...overrides };
}

export function makeLoan(overrides: Partial<TLoan> = {}): TLoan {
  const id = overrides.id ?? '11111111-1111-4111-8111-111111111111';
  return {
    id,
    bookId: 'book-1',
    title: 'Deep Work',
    slug: 'deep-work',
    coverImageUrl: null,
    status: 'active',
    loanType: 'trial',
    startedAt: '2026-03-01T10:00:00.000Z',
    expiresAt: null,
    returnedAt: null,
    revokedAt: null,
    revokeReason: null,
    ...overrides,
  };
}
