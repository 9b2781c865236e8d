import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCurrentUser } from '@shared/auth';
import type { TBookDetail } from '@shared/catalogue';
import BookDetailPage from './book-detail-page';
import { makeBookDetail, makeUser, mockFetch, renderWithProviders, storefrontRoutes } from './test-utils';
import { apiPath } from '@web/lib/api-test-support';
import type { TReview, TReviewList } from '@shared/reviews';

function makeReview(overrides: Partial<TReview> = {}): TReview {
  return {
    id: 'r-1',
    bookId: 'b-1',
    rating: 4,
    reviewTitle: 'Worth it',
    reviewText: 'Good advice.',
    hasSpoilers: false,
    isVerifiedReader: false,
    helpfulVotes: 0,
    reviewerName: 'Ada L.',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    isEdited: false,
    isOwn: false,
    votedHelpful: false,
    reportedByMe: false,
    ...overrides,
  };
}

function makeReviewList(items: TReview[] = []): TReviewList {
  return {
    bookId: 'b-1',
    rating: items.length ? items.reduce((sum, item) => sum + item.rating, 0) / items.length : 0,
    totalRatings: items.length,
    totalReviews: items.length,
    distribution: [1, 2, 3, 4, 5].map(
      (star) => items.filter((item) => item.rating === star).length,
    ) as TReviewList['distribution'],
    items,
    own: null,
    total: items.length,
    page: 1,
    limit: 10,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBook({
  user = null,
  book = makeBookDetail({ id: 'b-1', slug: 'atomic-habits' }),
  route = '/book/atomic-habits',
  reviews = makeReviewList(),
}: {
  user?: TCurrentUser | null;
  book?: TBookDetail | null;
  route?: string;
  reviews?: TReviewList;
} = {}) {
  const api = mockFetch(
    storefrontRoutes({
      user,
      [apiPath('/books/b-1/reviews')]: () => reviews,
      [apiPath('/books/b-1/similar')]: () => ({ items: [] }),
      [apiPath('/books/*')]: () => (book ? book : new Response('{"title":"Not Found"}', { status: 404 })),
    }),
  );
  renderWithProviders(<BookDetailPage />, { route, path: '/book/:id' });
  return api;
}

async function ctaRegion() {
  await screen.findByRole('heading', { level: 1, name: 'Atomic Habits' });
  // The CTA waits for the current user; the preview line is always there once it has settled.
  await waitFor(() => expect(screen.queryByText('Checking your access...')).not.toBeInTheDocument());
  return screen.getByText(/Read preview:/).closest('div') as HTMLElement;
}

describe('BookDetailPage', () => {
  it('loads the book by slug and shows its details', async () => {
    const api = renderBook({
      book: makeBookDetail({ id: 'b-1', slug: 'atomic-habits', publishedYear: -500, requiredTier: 'premium' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Atomic Habits' });
    expect(api.callsTo(apiPath('/books/atomic-habits'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'James Clear' })).toHaveAttribute('href', '/bookstore?author=James+Clear');
    expect(screen.getByRole('link', { name: 'Personal Growth' })).toHaveAttribute(
      'href',
      '/bookstore?category=personal-growth',
    );
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('500 BC')).toBeInTheDocument();
    expect(screen.getByText('320')).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key takeaways' })).toBeInTheDocument();
    expect(screen.getByText('Make It Obvious')).toBeInTheDocument();
    expect(screen.getByText('Anyone building better habits')).toBeInTheDocument();
    expect(screen.getByText('James Clear writes about habits.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'habits' })).toHaveAttribute('href', '/bookstore?search=habits');
    await waitFor(() => expect(document.title).toBe('Atomic Habits by James Clear | Wonderful Books'));
  });

  it('offers the trial and sign-in to signed-out visitors', async () => {
    renderBook();
    const cta = await ctaRegion();
    expect(within(cta).getByRole('link', { name: /Start 7-Day Trial/ })).toHaveAttribute('href', '/auth/register');
    expect(within(cta).getByRole('link', { name: /Sign In/ })).toHaveAttribute('href', '/auth/login');
    expect(within(cta).getByText(/the first 5/)).toBeInTheDocument();
    expect(within(cta).getByRole('link', { name: 'Preview' })).toHaveAttribute('href', '/book/b-1/preview');
  });

  it('asks a reader without a plan to subscribe', async () => {
    renderBook({ user: makeUser({ subscriptionTier: 'free' }) });
    const cta = await ctaRegion();
    expect(within(cta).getByRole('link', { name: 'Subscribe to read' })).toHaveAttribute('href', '/subscribe');
  });

  it('asks a reader whose plan is too low to upgrade', async () => {
    renderBook({
      user: makeUser({ subscriptionTier: 'basic' }),
      book: makeBookDetail({ id: 'b-1', requiredTier: 'premium' }),
    });
    const cta = await ctaRegion();
    expect(within(cta).getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscribe?tier=premium',
    );
  });

  it('asks a trial reader to upgrade to Basic for a basic book', async () => {
    renderBook({
      user: makeUser({ subscriptionTier: 'trial' }),
      book: makeBookDetail({ id: 'b-1', requiredTier: 'basic' }),
    });
    const cta = await ctaRegion();
    expect(within(cta).getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute(
      'href',
      '/subscribe?tier=basic',
    );
  });

  it('lets a reader with a sufficient plan read now', async () => {
    renderBook({
      user: makeUser({ subscriptionTier: 'premium' }),
      book: makeBookDetail({ id: 'b-1', requiredTier: 'premium' }),
    });
    const cta = await ctaRegion();
    expect(within(cta).getByRole('link', { name: 'Read now' })).toHaveAttribute('href', '/reader/b-1');
  });

  it('says the book was not found on a 404', async () => {
    renderBook({ book: null, route: '/book/missing-book' });
    expect(await screen.findByText('Book not found', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Book Store' })).toHaveAttribute('href', '/bookstore');
  });

  it('shows readers’ reviews as text, with the verified badge and spoilers behind a click', async () => {
    const user = userEvent.setup();
    renderBook({
      reviews: makeReviewList([
        makeReview({ id: 'r-1', reviewText: '<b>bold</b> claims', isVerifiedReader: true, helpfulVotes: 3 }),
        makeReview({
          id: 'r-2',
          reviewTitle: 'The twist',
          reviewText: 'The butler did it.',
          hasSpoilers: true,
          rating: 5,
        }),
      ]),
    });
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(await within(reviews).findByText('<b>bold</b> claims')).toBeInTheDocument();
    expect(within(reviews).getByText('Verified reader')).toBeInTheDocument();
    expect(within(reviews).getByText('3 readers found this helpful')).toBeInTheDocument();
    expect(within(reviews).queryByText('The butler did it.')).toBeNull();
    await user.click(within(reviews).getByRole('button', { name: 'Show review' }));
    expect(within(reviews).getByText('The butler did it.')).toBeInTheDocument();
    expect(within(reviews).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
