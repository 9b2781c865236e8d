import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookCard } from '@web/features/catalogue/components/book-card';
import { clearToasts, makeUser, mockApi, renderPage } from '@web/features/auth/test-utils';
import type { TSubscriptionTier } from '@shared/tiers';
import type { TBookTier } from '@shared/tiers';
import { makeEntitlements, makeSelection } from '../test-fixtures';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCard(
  tier: TSubscriptionTier,
  requiredTier: TBookTier,
  selections = [] as ReturnType<typeof makeSelection>[],
) {
  mockApi({
    [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: tier }),
    [`GET ${apiPath('/me/entitlements')}`]: () => makeEntitlements({ tier, picksUsed: selections.length, selections }),
  });
  const book = {
    id: 'book-1',
    title: 'Deep Work',
    author: 'Cal Newport',
    coverImageUrl: '',
    requiredTier,
    rating: 4.5,
  };
  return renderPage(<BookCard book={book} />, { route: '/bookstore' });
}

describe('the bookstore card pick control', () => {
  it('offers a compact Choose with the same confirmation for a trial reader', async () => {
    renderCard('trial', 'trial');
    await userEvent.click(await screen.findByRole('button', { name: 'Pick Deep Work' }));
    expect(
      within(await screen.findByRole('dialog')).getByText(/This uses one of your 3 trial picks/),
    ).toBeInTheDocument();
  });

  it('shows Picked linking to the reader when the book is picked', async () => {
    renderCard('basic', 'basic', [makeSelection({ bookId: 'book-1' })]);
    expect(await screen.findByRole('link', { name: 'Picked: read Deep Work now' })).toHaveAttribute(
      'href',
      '/reader/book-1',
    );
  });

  it('stays quiet for a book above the tier and for premium readers', async () => {
    const { unmount } = renderCard('trial', 'basic');
    await screen.findByRole('link', { name: 'Deep Work' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
    unmount();
    renderCard('premium', 'trial');
    await screen.findByRole('link', { name: 'Deep Work' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
  });
});
