import { afterEach, describe, expect, it } from 'vitest';
import type { TEntitlements } from '@shared/selections';
import { lastKnownUser, rememberConfirmedUser } from '@web/features/auth/last-known-user';
import { authKeys } from '@web/features/auth/queries';
import { selectionsKeys } from '@web/features/selections/queries';
import { createQueryClient } from '@web/lib/query-client';
import { adoptServerSession, takeServerSession } from './server-session';
import { makeUser } from './test-helpers';

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('shell');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'wb-session';
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

const entitlements = {
  tier: 'premium',
  subscriptionTier: 'premium',
  status: 'active',
  validUntil: null,
  picksUsed: 0,
  picksLimit: -1,
  cycleStart: null,
  cycleEnd: null,
  nextResetAt: null,
  trialDaysLeft: null,
  selections: [],
  offlineAllowed: true,
  deviceCap: 5,
} satisfies TEntitlements;

afterEach(() => rememberConfirmedUser(null));

describe('who is signed in, served with the page (docs/decisions/017-loading-order.md)', () => {
  it("starts the app with the server's answers, read once, without asking the API", () => {
    const user = makeUser({ id: 'user-7' });
    const doc = pageWith(JSON.stringify({ user, entitlements }));
    const queryClient = createQueryClient();
    expect(adoptServerSession(queryClient, doc)).toBe(true);
    expect(queryClient.getQueryData(authKeys.user)).toEqual(user);
    expect(queryClient.getQueryData(selectionsKeys.entitlements)).toEqual(entitlements);
    expect(lastKnownUser()).toEqual(user);
    // Gone from the page: a later sign-out in this tab cannot be undone by reading it again.
    expect(doc.getElementById('wb-session')).toBeNull();
    expect(takeServerSession(doc)).toBeUndefined();
  });

  it('knows a visitor is signed out, and asks the API when the page says nothing usable', () => {
    expect(takeServerSession(pageWith('{"user":null,"entitlements":null}'))).toEqual({
      user: null,
      entitlements: null,
    });
    expect(takeServerSession(pageWith(null))).toBeUndefined();
    expect(takeServerSession(pageWith('{"user":{"id":5}}'))).toBeUndefined();
    expect(takeServerSession(pageWith('null'))).toBeUndefined();
    expect(takeServerSession(pageWith('{not json'))).toBeUndefined();
    const queryClient = createQueryClient();
    expect(adoptServerSession(queryClient, pageWith(null))).toBe(false);
    expect(queryClient.getQueryState(authKeys.user)).toBeUndefined();
  });
});
