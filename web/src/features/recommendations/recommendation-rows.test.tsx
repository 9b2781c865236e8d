import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRecommendationRows } from '@shared/recommendations';
import { getCurrentToast } from '@web/lib/toast';
import { apiPath } from '@web/lib/api-test-support';
import { clearToasts, makeUser, mockApi, renderPage } from '@web/features/auth/test-utils';
import { makeBook } from '@web/features/catalogue/test-utils';
import RecommendationRows from './components/recommendation-rows';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function rows(): TRecommendationRows {
  return {
    rows: [
      {
        type: 'because_you_read',
        title: 'Because you read Deep Work',
        sourceBookId: 'deep-work',
        items: [
          {
            book: makeBook({ id: 'b-1', title: 'Flow' }),
            reason: 'Because you read Deep Work: readers of it also read this',
          },
          { book: makeBook({ id: 'b-2', title: 'Indistractable' }), reason: 'Because you read Deep Work: also by Nir' },
        ],
      },
      {
        type: 'quick_read',
        title: 'Quick reads',
        sourceBookId: null,
        items: [{ book: makeBook({ id: 'b-3', title: 'Short Wins' }), reason: 'A quick read: 90 pages' }],
      },
    ],
  };
}

describe('recommendation rows', () => {
  it('shows each row with a reason on every card, and hides a dismissed card at once', async () => {
    let release: () => void = () => undefined;
    const api = mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'premium' }),
      [`GET ${apiPath('/recommendations')}`]: () => rows(),
      [`POST ${apiPath('/recommendations/b-1/dismiss')}`]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response(null, { status: 204 }));
        }),
    });
    renderPage(<RecommendationRows />, { route: '/dashboard' });
    const because = await screen.findByRole('region', { name: 'Because you read Deep Work' });
    expect(within(because).getByText('Because you read Deep Work: readers of it also read this')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Quick reads' })).toHaveTextContent('A quick read: 90 pages');

    await userEvent.click(screen.getByRole('button', { name: 'Not interested in Flow' }));
    // Gone before the server answers.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Flow' })).not.toBeInTheDocument());
    expect(api.callsTo('POST', apiPath('/recommendations/b-1/dismiss'))).toHaveLength(1);
    release();
    expect(screen.getByRole('heading', { name: 'Indistractable' })).toBeInTheDocument();
  });

  it('brings the card back with a message when the server refuses', async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'premium' }),
      [`GET ${apiPath('/recommendations')}`]: () => rows(),
      [`POST ${apiPath('/recommendations/b-3/dismiss')}`]: () =>
        new Response(JSON.stringify({ detail: 'Book not found' }), {
          status: 404,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
    });
    renderPage(<RecommendationRows />, { route: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Not interested in Short Wins' }));
    expect(await screen.findByRole('heading', { name: 'Short Wins' })).toBeInTheDocument();
    await waitFor(() => expect(getCurrentToast()?.title).toBe('We couldn’t hide “Short Wins”'));
  });

  it('invites a reader with nothing to go on yet to read', async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
      [`GET ${apiPath('/recommendations')}`]: () => ({ rows: [] }),
    });
    renderPage(<RecommendationRows />, { route: '/dashboard' });
    expect(await screen.findByText(/Read or rate a book or two/)).toBeInTheDocument();
  });
});
