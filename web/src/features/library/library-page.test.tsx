import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { clearToasts, makeUser, mockApi, renderPage } from '@web/features/auth/test-utils';
import { formatDate } from '@web/features/selections/format';
import { makeEntitlements, makeSelection } from '@web/features/selections/test-fixtures';
import LibraryPage from './library-page';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/library', () => {
  it('shows the quota panel and the chosen books with author, lock end and Read now', async () => {
    const selection = makeSelection({ bookId: 'book-1', title: 'Deep Work', lockedUntil: '2026-06-01T00:00:00.000Z', canRemove: false });
    mockApi({
      'GET /api/auth/user': () => makeUser({ subscriptionTier: 'basic' }),
      'GET /api/me/entitlements': () => makeEntitlements({ tier: 'basic', picksUsed: 1, selections: [selection] }),
      'GET /api/selections': () => ({ items: [selection] }),
      'GET /api/books/book-1': () => ({ id: 'book-1', title: 'Deep Work', author: 'Cal Newport' }),
    });
    renderPage(<LibraryPage />, { route: '/library' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Library' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Your plan and picks' })).findByText('1 of 10 used')).toBeInTheDocument();
    const books = within(screen.getByRole('region', { name: 'Your chosen books' }));
    expect(await books.findByText('Cal Newport')).toBeInTheDocument();
    expect(books.getByText(`Locked until ${formatDate(selection.lockedUntil)}`)).toBeInTheDocument();
    expect(books.getByRole('link', { name: 'Read now' })).toHaveAttribute('href', '/reader/book-1');
  });

  it('shows an empty state linking to the bookstore', async () => {
    mockApi({
      'GET /api/auth/user': () => makeUser({ subscriptionTier: 'trial' }),
      'GET /api/me/entitlements': () => makeEntitlements({ tier: 'trial' }),
      'GET /api/selections': () => ({ items: [] }),
    });
    renderPage(<LibraryPage />, { route: '/library' });
    expect(await screen.findByText('No books chosen yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Book Store' })).toHaveAttribute('href', '/bookstore');
  });

  it('points a reader without an active plan to the plans instead of picking', async () => {
    mockApi({
      'GET /api/auth/user': () => makeUser({ subscriptionTier: 'free' }),
      'GET /api/me/entitlements': () => makeEntitlements({ tier: 'free' }),
      'GET /api/selections': () => ({ items: [] }),
    });
    renderPage(<LibraryPage />, { route: '/library' });
    expect(await screen.findByText('No active plan')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Choose a plan' })) expect(link).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('link', { name: 'Browse the Book Store' })).toBeNull();
  });
});
