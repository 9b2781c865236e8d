import { describe, expect, it } from 'vitest';
import { decideAccess } from '@web/app/route-guard';
import { makeUser } from '@web/app/test-helpers';
import { explainRoute } from './guard-walkthrough';

const NOW = new Date('2026-03-01T12:00:00Z');

describe('the guard explained for one viewer', () => {
  it('names the check that stops each viewer, in the guard order', () => {
    const admin = { path: '/admin', access: 'admin' as const };
    const visitor = explainRoute(admin, null, decideAccess, NOW);
    expect(visitor).toMatchObject({ allowed: false, redirectTo: '/auth/login?redirect=%2Fadmin' });
    expect(visitor.steps.map((step) => step.state)).toEqual(['fail', 'skip', 'skip']);

    const reader = explainRoute(admin, makeUser({ role: 'user' }), decideAccess, NOW);
    expect(reader).toMatchObject({ allowed: false, redirectTo: '/dashboard' });
    expect(reader.steps.map((step) => step.state)).toEqual(['pass', 'skip', 'fail']);
    expect(reader.steps[2].detail).toBe('Needs admin or super admin; you are a reader.');

    const moderator = makeUser({ role: 'moderator' });
    expect(
      explainRoute({ path: '/admin/feedback', access: 'feedback-triage' }, moderator, decideAccess, NOW).allowed,
    ).toBe(true);
  });

  it('follows the server entitlement answer for reading routes and runs no check on public or diagnostics routes', () => {
    const reading = { path: '/library', access: 'subscriber' as const };
    const lapsed = makeUser({ subscriptionTier: 'basic', subscriptionStatus: 'active' });
    const refused = explainRoute(reading, lapsed, decideAccess, NOW, false);
    expect(refused).toMatchObject({ allowed: false, redirectTo: '/subscribe' });
    expect(refused.steps.map((step) => step.state)).toEqual(['pass', 'fail', 'skip']);
    const open = explainRoute({ path: '/testing-qa', access: 'diagnostics' }, null, decideAccess, NOW);
    expect(open).toMatchObject({ allowed: true, outcome: 'Allowed' });
    expect(open.steps.every((step) => step.state === 'skip')).toBe(true);
  });
});
