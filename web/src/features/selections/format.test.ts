import { describe, expect, it } from 'vitest';
import { makeEntitlements, makeSelection } from './test-fixtures';
import { findSelection, formatDate, picksRemaining, picksUsedText, tierAllows } from './format';

describe('picksUsedText', () => {
  it('counts trial picks', () => {
    expect(picksUsedText(makeEntitlements({ tier: 'trial', picksUsed: 2, picksLimit: 3 }))).toBe('2 of 3 picks used');
  });

  it('counts Basic picks in the cycle with the reset date', () => {
    const nextResetAt = '2026-05-05T00:00:00.000Z';
    expect(picksUsedText(makeEntitlements({ tier: 'basic', picksUsed: 7, picksLimit: 10, nextResetAt }))).toBe(
      `7 of 10 picks used this cycle; resets on ${formatDate(nextResetAt)}`,
    );
    expect(picksUsedText(makeEntitlements({ tier: 'basic', picksUsed: 7, picksLimit: 10, nextResetAt: null }))).toBe(
      '7 of 10 picks used this cycle',
    );
  });

  it('says Unlimited for premium and No picks for free', () => {
    expect(picksUsedText(makeEntitlements({ tier: 'premium' }))).toBe('Unlimited');
    expect(picksUsedText(makeEntitlements({ tier: 'free' }))).toBe('No picks');
  });
});

describe('helpers', () => {
  it('counts picks left (unlimited for -1)', () => {
    expect(picksRemaining({ picksUsed: 2, picksLimit: 3 })).toBe(1);
    expect(picksRemaining({ picksUsed: 4, picksLimit: 3 })).toBe(0);
    expect(picksRemaining({ picksUsed: 0, picksLimit: -1 })).toBe(Number.POSITIVE_INFINITY);
  });

  it('orders tiers free < trial < basic < premium', () => {
    expect(tierAllows('trial', 'trial')).toBe(true);
    expect(tierAllows('trial', 'basic')).toBe(false);
    expect(tierAllows('basic', 'basic')).toBe(true);
    expect(tierAllows('premium', 'premium')).toBe(true);
    expect(tierAllows('free', 'trial')).toBe(false);
  });

  it('finds a selection by id or slug and formats dates in the locale', () => {
    const entitlements = makeEntitlements({ selections: [makeSelection({ bookId: 'b-9', slug: 'nine' })] });
    expect(findSelection(entitlements, 'b-9')?.bookId).toBe('b-9');
    expect(findSelection(entitlements, 'nine')?.bookId).toBe('b-9');
    expect(findSelection(entitlements, 'other')).toBeUndefined();
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-04-05T12:00:00.000Z')).toBe(
      new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date('2026-04-05T12:00:00.000Z'),
      ),
    );
  });
});
