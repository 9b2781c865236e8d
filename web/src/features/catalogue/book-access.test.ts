import { describe, expect, it } from 'vitest';
import { bookCtaFor, effectiveTier } from './book-access';
import { makeUser } from './test-utils';

const NOW = Date.parse('2025-06-01T00:00:00Z');
const FUTURE = '2025-06-05T00:00:00Z';
const PAST = '2025-05-01T00:00:00Z';

describe('effectiveTier', () => {
  it('keeps a trial while its end is in the future', () => {
    expect(effectiveTier(makeUser({ subscriptionTier: 'trial', trialEndsAt: FUTURE }), NOW)).toBe('trial');
    expect(effectiveTier(makeUser({ subscriptionTier: 'trial', trialEndsAt: PAST, freeTrialEndedAt: null }), NOW)).toBe(
      'free',
    );
  });

  it('counts paid plans only while active', () => {
    expect(effectiveTier(makeUser({ subscriptionTier: 'premium', subscriptionStatus: 'active' }), NOW)).toBe('premium');
    expect(effectiveTier(makeUser({ subscriptionTier: 'basic', subscriptionStatus: 'cancelled' }), NOW)).toBe('free');
  });
});

describe('bookCtaFor', () => {
  it('covers each kind of visitor', () => {
    expect(bookCtaFor(null, 'trial', NOW)).toEqual({ kind: 'signed-out' });
    expect(bookCtaFor(makeUser({ subscriptionTier: 'free' }), 'trial', NOW)).toEqual({ kind: 'subscribe' });
    expect(bookCtaFor(makeUser({ subscriptionTier: 'trial', trialEndsAt: FUTURE }), 'basic', NOW)).toEqual({
      kind: 'upgrade',
      tier: 'basic',
    });
    expect(bookCtaFor(makeUser({ subscriptionTier: 'basic' }), 'premium', NOW)).toEqual({
      kind: 'upgrade',
      tier: 'premium',
    });
    expect(bookCtaFor(makeUser({ subscriptionTier: 'basic' }), 'basic', NOW)).toEqual({ kind: 'read' });
    expect(bookCtaFor(makeUser({ subscriptionTier: 'premium' }), 'trial', NOW)).toEqual({ kind: 'read' });
  });
});
