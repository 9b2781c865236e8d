/** "Download for offline" on the book page: only for readers whose plan includes offline reading and who may read the book. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { TEntitlements } from '@shared/selections';
import { makeUser, mockApi, renderPage } from '@web/features/auth/test-utils';
import { BookCta } from '@web/features/catalogue/components/book-cta';
import { makeEntitlements, makeSelection } from '@web/features/selections/test-fixtures';
import { deleteDb } from '@web/storage/db';
import { saveBrowserDevice } from '@web/storage/device-store';
import { fakeEngine } from '../fake-offline-engine';
import { apiPath } from '@web/lib/api-test-support';

vi.mock('@web/features/offline/offline-engine', () => import('@web/features/offline/fake-offline-engine'));

beforeEach(async () => {
  fakeEngine.reset();
  await deleteDb();
  await saveBrowserDevice({ userId: 'user-1', deviceId: 'device-1', thumbprint: 't', offlineRegistered: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCta(entitlements: TEntitlements, requiredTier: 'trial' | 'basic' | 'premium' = 'basic') {
  const user = makeUser({ subscriptionTier: entitlements.tier });
  const api = mockApi({
    [`GET ${apiPath('/auth/user')}`]: () => user,
    [`GET ${apiPath('/me/entitlements')}`]: () => entitlements,
  });
  renderPage(
    <BookCta
      bookId="book-1"
      title="Deep Work"
      requiredTier={requiredTier}
      previewPageCount={0}
      user={user}
      isUserLoading={false}
    />,
    {
      route: '/book/deep-work',
      path: '/book/:id',
    },
  );
  return api;
}

async function settle(api: ReturnType<typeof mockApi>) {
  await waitFor(() => expect(api.callsTo('GET', apiPath('/me/entitlements')).length).toBeGreaterThan(0));
  await screen.findByText(/Read now|Pick this book|Subscribe|Upgrade/);
}

describe('BookCta offline download', () => {
  it('offers it to a Premium reader', async () => {
    renderCta(makeEntitlements({ tier: 'premium' }), 'premium');
    expect(await screen.findByRole('button', { name: 'Download for offline' })).toBeInTheDocument();
  });

  it('offers it to a Basic reader only for a book they chose', async () => {
    const api = renderCta(makeEntitlements({ tier: 'basic' }));
    await settle(api);
    expect(screen.queryByRole('button', { name: 'Download for offline' })).not.toBeInTheDocument();
  });

  it('offers it to a Basic reader for a chosen book', async () => {
    renderCta(
      makeEntitlements({ tier: 'basic', selections: [makeSelection({ bookId: 'book-1', subscriptionTier: 'basic' })] }),
    );
    expect(await screen.findByRole('button', { name: 'Download for offline' })).toBeInTheDocument();
  });

  it('never offers it to a trial reader, even for a chosen book', async () => {
    const api = renderCta(
      makeEntitlements({ tier: 'trial', selections: [makeSelection({ bookId: 'book-1' })] }),
      'trial',
    );
    await settle(api);
    expect(screen.getByRole('link', { name: 'Read now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download for offline' })).not.toBeInTheDocument();
  });

  it('never offers it when the plan does not reach the book', async () => {
    const api = renderCta(makeEntitlements({ tier: 'basic' }), 'premium');
    await settle(api);
    expect(screen.queryByRole('button', { name: 'Download for offline' })).not.toBeInTheDocument();
  });
});
