import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '@web/app/test-helpers';
import { createQueryClient } from '@web/lib/query-client';
import { lastKnownUser, rememberConfirmedUser } from './last-known-user';
import { authKeys } from './queries';
import { adoptServerSession, takeServerSession } from './server-session';

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

afterEach(() => rememberConfirmedUser(null));

describe('the signed-in user served with the page', () => {
  it("starts the app with the server's answer, read once, without asking the API", () => {
    const user = makeUser({ id: 'user-7' });
    const doc = pageWith(JSON.stringify(user));
    const queryClient = createQueryClient();
    expect(adoptServerSession(queryClient, doc)).toBe(true);
    expect(queryClient.getQueryData(authKeys.user)).toEqual(user);
    expect(queryClient.getQueryState(authKeys.user)?.isInvalidated).toBe(false);
    expect(lastKnownUser()).toEqual(user);
    // Gone from the page: a later sign-out in this tab cannot be undone by reading it again.
    expect(doc.getElementById('wb-session')).toBeNull();
    expect(takeServerSession(doc)).toBeUndefined();
  });

  it('knows a visitor is signed out, and asks the API when the page says nothing usable', () => {
    expect(takeServerSession(pageWith('null'))).toBeNull();
    expect(takeServerSession(pageWith(null))).toBeUndefined();
    expect(takeServerSession(pageWith('{"id": 5}'))).toBeUndefined();
    expect(takeServerSession(pageWith('{not json'))).toBeUndefined();
    const queryClient = createQueryClient();
    expect(adoptServerSession(queryClient, pageWith(null))).toBe(false);
    expect(queryClient.getQueryState(authKeys.user)).toBeUndefined();
  });
});
