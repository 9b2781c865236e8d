import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, currentToast, makeUser, mockApi, renderPage } from '@web/features/auth/test-utils';
import { formatDate } from '@web/features/selections/format';
import { makeEntitlements, makeSelection } from '@web/features/selections/test-fixtures';
import LibraryPage from './library-page';
import { makeLibraryItem, makeLibraryList, makeProgressSummary } from './test-fixtures';
import { apiPath } from '@web/lib/api-test-support';
import { onlineManager } from '@tanstack/react-query';
import { createTestQueryClient } from '@web/app/test-helpers';
import { authKeys } from '@web/features/auth/queries';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/library', () => {
  it('shows the quota panel and the chosen books with author, lock end and Read now', async () => {
    const selection = makeSelection({
      bookId: 'book-1',
      title: 'Deep Work',
      lockedUntil: '2026-06-01T00:00:00.000Z',
      canRemove: false,
    });
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'basic' }),
      [`GET ${apiPath('/me/entitlements')}`]: () =>
        makeEntitlements({ tier: 'basic', picksUsed: 1, selections: [selection] }),
      [`GET ${apiPath('/selections')}`]: () => ({ items: [selection] }),
      [`GET ${apiPath('/books/book-1')}`]: () => ({ id: 'book-1', title: 'Deep Work', author: 'Cal Newport' }),
    });
    renderPage(<LibraryPage />, { route: '/library' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Library' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Your plan and picks' })).findByText('1 of 10 used'),
    ).toBeInTheDocument();
    const books = within(screen.getByRole('region', { name: 'Your picks' }));
    expect(await books.findByText('Cal Newport')).toBeInTheDocument();
    expect(books.getByText(`Locked until ${formatDate(selection.lockedUntil)}`)).toBeInTheDocument();
    expect(books.getByRole('link', { name: 'Read now' })).toHaveAttribute('href', '/reader/book-1');
  });

  it('shows an empty state linking to the bookstore', async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'trial' }),
      [`GET ${apiPath('/me/entitlements')}`]: () => makeEntitlements({ tier: 'trial' }),
      [`GET ${apiPath('/selections')}`]: () => ({ items: [] }),
    });
    renderPage(<LibraryPage />, { route: '/library' });
    expect(await screen.findByText('No picks yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Book Store' })).toHaveAttribute('href', '/bookstore');
  });

  it('points a reader without an active plan to the plans instead of picking', async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'free' }),
      [`GET ${apiPath('/me/entitlements')}`]: () => makeEntitlements({ tier: 'free' }),
      [`GET ${apiPath('/selections')}`]: () => ({ items: [] }),
    });
    renderPage(<LibraryPage />, { route: '/library' });
    expect(await screen.findByText('No active plan')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Choose a plan' }))
      expect(link).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('link', { name: 'Browse the Book Store' })).toBeNull();
  });
});

describe('/library: reading progress and the shelf', () => {
  const base = {
    [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: 'premium' }),
    [`GET ${apiPath('/me/entitlements')}`]: () => makeEntitlements({ tier: 'premium' }),
    [`GET ${apiPath('/selections')}`]: () => ({ items: [] }),
  };

  it('offers "Continue where you left off" for the most recent book in progress', async () => {
    mockApi({
      ...base,
      [`GET ${apiPath('/progress')}`]: () => ({
        items: [
          makeProgressSummary({
            bookId: 'book-7',
            title: 'Atomic Habits',
            currentPage: 30,
            totalPages: 300,
            progressPercentage: 10,
          }),
        ],
      }),
      [`GET ${apiPath('/library')}`]: () => makeLibraryList([]),
    });
    renderPage(<LibraryPage />, { route: '/library' });
    const card = within(await screen.findByRole('region', { name: 'Continue where you left off' }));
    expect(card.getByText('Atomic Habits')).toBeInTheDocument();
    expect(card.getByText('Page 30 of 300 · 10%')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'Reading progress of Atomic Habits' })).toHaveAttribute(
      'aria-valuenow',
      '10',
    );
    expect(card.getByRole('link', { name: 'Continue reading' })).toHaveAttribute('href', '/reader/book-7');
  });

  it('lists the shelf with progress bars and filters it by status through the URL', async () => {
    const reading = makeLibraryItem({
      bookId: 'book-2',
      title: 'Atomic Habits',
      status: 'in_progress',
      progress: { currentPage: 50, totalPages: 200, progressPercentage: 25, furthestPage: 50, lastReadAt: null },
    });
    const done = makeLibraryItem({
      bookId: 'book-3',
      title: 'Mindset',
      status: 'finished',
      selected: true,
      inLibrary: false,
      // Finished, then opened again at page 40: the line says where, not "Page 40 of 90 · 100%".
      progress: { currentPage: 40, totalPages: 90, progressPercentage: 100, furthestPage: 90, lastReadAt: null },
    });
    const api = mockApi({
      ...base,
      [`GET ${apiPath('/progress')}`]: () => ({ items: [] }),
      [`GET ${apiPath('/library')}`]: (call) => {
        const status = new URLSearchParams(call.search).get('status');
        return status === 'in_progress'
          ? makeLibraryList([reading], { all: 2, finished: 1, selected: 1 })
          : makeLibraryList([reading, done]);
      },
    });
    const { location } = renderPage(<LibraryPage />, { route: '/library' });
    const shelf = within(screen.getByRole('region', { name: 'Your reading' }));
    expect(await shelf.findByText('Atomic Habits')).toBeInTheDocument();
    expect(shelf.getByText('Mindset')).toBeInTheDocument();
    expect(shelf.getByRole('progressbar', { name: 'Reading progress of Atomic Habits' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(shelf.getByText('Page 50 of 200 · 25%')).toBeInTheDocument();
    expect(shelf.getByText('Last on page 40 of 90')).toBeInTheDocument();
    expect(shelf.getByRole('link', { name: 'Continue reading' })).toHaveAttribute('href', '/reader/book-2');
    expect(shelf.getByRole('link', { name: 'Read again' })).toHaveAttribute('href', '/reader/book-3');
    expect(shelf.getByRole('button', { name: 'All (2)' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(shelf.getByRole('button', { name: 'In progress (1)' }));
    await waitFor(() => expect(shelf.queryByText('Mindset')).toBeNull());
    expect(location()).toBe('/library?status=in_progress');
    expect(shelf.getByRole('button', { name: 'In progress (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      api.callsTo('GET', apiPath('/library')).map((call) => new URLSearchParams(call.search).get('status')),
    ).toContain('in_progress');
  });

  it('adds to and removes from the library, with a toast', async () => {
    const onShelf = makeLibraryItem({ bookId: 'book-4', title: 'Deep Work', inLibrary: true });
    const pickedOnly = makeLibraryItem({ bookId: 'book-5', title: 'Essentialism', inLibrary: false, selected: true });
    const api = mockApi({
      ...base,
      [`GET ${apiPath('/progress')}`]: () => ({ items: [] }),
      [`GET ${apiPath('/library')}`]: () => makeLibraryList([onShelf, pickedOnly]),
      [`DELETE ${apiPath('/library/book-4')}`]: () => new Response(null, { status: 204 }),
      [`POST ${apiPath('/library')}`]: () => ({
        bookId: 'book-5',
        inLibrary: true,
        addedAt: '2026-03-03T10:00:00.000Z',
      }),
    });
    renderPage(<LibraryPage />, { route: '/library' });
    const shelf = within(screen.getByRole('region', { name: 'Your reading' }));
    await userEvent.click(await shelf.findByRole('button', { name: 'Remove from library' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Removed from your library', description: '“Deep Work”' }),
    );
    await userEvent.click(shelf.getByRole('button', { name: 'Add to library' }));
    await waitFor(() => expect(api.callsTo('POST', apiPath('/library'))).toHaveLength(1));
    expect(api.callsTo('POST', apiPath('/library'))[0].body).toEqual({ bookId: 'book-5' });
    await waitFor(() => expect(currentToast()?.title).toBe('Added to your library'));
    expect(api.callsTo('GET', apiPath('/library')).length).toBeGreaterThan(1);
  });

  it('explains an empty filter and offers the store', async () => {
    mockApi({
      ...base,
      [`GET ${apiPath('/progress')}`]: () => ({ items: [] }),
      [`GET ${apiPath('/library')}`]: () => makeLibraryList([]),
    });
    renderPage(<LibraryPage />, { route: '/library?status=finished' });
    const shelf = within(screen.getByRole('region', { name: 'Your reading' }));
    expect(
      await shelf.findByText('No finished books yet. Books you read to the last page appear here.'),
    ).toBeInTheDocument();
    expect(shelf.getByRole('button', { name: 'Finished (0)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('region', { name: 'Continue where you left off' })).toBeNull();
  });

  it("offline with nothing loaded: says so, points to the downloads and lists this browser's downloads instead of skeletons", async () => {
    const { fetchMock } = mockApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    try {
      const queryClient = createTestQueryClient();
      queryClient.setQueryData(authKeys.user, makeUser({ id: 'offline-reader', subscriptionTier: 'basic' }));
      renderPage(<LibraryPage />, { route: '/library', queryClient });
      expect(await screen.findByText(/Your library needs a connection to load/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Open your downloads' })).toHaveAttribute('href', '/offline');
      expect(screen.getByText(/Your picks need a connection/)).toBeInTheDocument();
      expect(screen.getByText(/Your plan and picks need a connection/)).toBeInTheDocument();
      expect(screen.getByText(/Your books and how far you have read need a connection/)).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'On this device' })).toBeInTheDocument();
      expect(screen.getByText(/No books are downloaded to this browser/)).toBeInTheDocument();
      expect(screen.queryByText('Loading your books...')).not.toBeInTheDocument();
      expect(screen.queryByText('Loading your library...')).not.toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
