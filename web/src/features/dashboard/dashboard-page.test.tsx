import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { clearToasts, makeUser, mockApi, renderPage } from '@web/features/auth/test-utils';
import { makeProgressSummary, makeReadingStats, makeRecentBookmark } from '@web/features/library/test-fixtures';
import { makeReadingDashboard } from '@web/features/reading-stats/test-fixtures';
import DashboardPage from './dashboard-page';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dashboard', () => {
  it('greets the reader and shows where they left off, their figures and recent bookmarks', async () => {
    const api = mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ firstName: 'Grace' }),
      [`GET ${apiPath('/progress')}`]: () => ({
        items: [
          makeProgressSummary({
            bookId: 'book-9',
            title: 'The Courage to Be Disliked',
            currentPage: 120,
            totalPages: 240,
            progressPercentage: 50,
          }),
        ],
      }),
      [`GET ${apiPath('/library/stats')}`]: () =>
        makeReadingStats({
          inProgress: 2,
          finished: 1,
          pagesRead: 1204,
          timeReadMs: (3 * 60 + 25) * 60_000,
          listenedMs: 0,
        }),
      [`GET ${apiPath('/reading-stats')}`]: () =>
        makeReadingDashboard({
          thisMonth: { readingMs: 45 * 60_000, ttsMs: 10 * 60_000, pages: 40, booksStarted: 1, booksFinished: 1 },
          days: [{ day: '2026-03-10', readingMs: 45 * 60_000, ttsMs: 10 * 60_000, pages: 40 }],
          streaks: { day: { current: 3, longest: 9 }, week: { current: 1, longest: 2 } },
          goals: {
            booksThisMonth: { goal: 2, done: 1, pace: '5 days ahead', projectedFinish: '2026-03-20' },
            pagesThisMonth: { goal: 310, done: 40, pace: 'behind by 60 pages', projectedFinish: '2026-03-31' },
            minutesThisMonth: null,
          },
        }),
      [`GET ${apiPath('/bookmarks')}`]: () => ({
        items: [
          makeRecentBookmark({
            bookId: 'book-9',
            bookTitle: 'The Courage to Be Disliked',
            page: 42,
            note: 'Separate the tasks',
          }),
        ],
        total: 1,
        page: 1,
        limit: 5,
      }),
    });
    renderPage(<DashboardPage />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText(/Welcome back, Grace\./)).toBeInTheDocument();

    const card = within(await screen.findByRole('region', { name: 'Continue where you left off' }));
    expect(card.getByText('Page 120 of 240 · 50%')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Continue reading' })).toHaveAttribute('href', '/reader/book-9');

    const stats = within(screen.getByRole('region', { name: 'Your reading' }));
    expect(await stats.findByText('Books in progress')).toBeInTheDocument();
    const figure = (label: string) => stats.getByText(label).closest('dl')?.querySelector('dd')?.textContent;
    expect(figure('Books in progress')).toBe('2');
    expect(figure('Books finished')).toBe('1');
    expect(figure('Pages read')).toBe(new Intl.NumberFormat().format(1204));
    expect(figure('Time read')).toBe('3 h 25 min');
    expect(stats.queryByText('Listened')).toBeNull();

    const bookmarks = within(screen.getByRole('region', { name: 'Recent bookmarks' }));
    const link = await bookmarks.findByRole('link', { name: /The Courage to Be Disliked · Page 42/ });
    expect(link).toHaveAttribute('href', '/reader/book-9?page=42');
    expect(bookmarks.getByText('Separate the tasks')).toBeInTheDocument();
    expect(api.callsTo('GET', apiPath('/progress'))[0].search).toBe('?status=in_progress&limit=1');
    expect(api.callsTo('GET', apiPath('/bookmarks'))[0].search).toBe('?limit=5');

    const reading = within(screen.getByRole('region', { name: 'Reading statistics' }));
    const month = within(await reading.findByRole('region', { name: 'This month' }));
    const stat = (label: string) => month.getByText(label).closest('div')?.querySelector('dd')?.textContent;
    expect(stat('Time read')).toBe('45 min');
    expect(stat('Listened (read aloud)')).toBe('10 min');
    expect(stat('Pages read')).toBe('40');
    expect(reading.getByText('3 days')).toBeInTheDocument();
    expect(reading.getByText('5 days ahead · projected finish 20 Mar')).toBeInTheDocument();
    expect(reading.getByText('Behind by 60 pages · projected finish 31 Mar')).toBeInTheDocument();
    expect(reading.getByRole('progressbar', { name: 'Books this month' })).toHaveAttribute('aria-valuenow', '50');
    // Premium's views are a preview with an upgrade link for this reader (the server sent none).
    expect(reading.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
    // The chart's numbers are in a table for screen readers.
    expect(reading.getByRole('table', { name: 'Reading time, last 14 days' })).toBeInTheDocument();
    expect(reading.getByText(/Days are your local days \(Europe\/London\), starting at 00:00/)).toBeInTheDocument();
  });

  it('has helpful empty states for a new reader', async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser({ firstName: 'Ada' }),
      [`GET ${apiPath('/progress')}`]: () => ({ items: [] }),
      [`GET ${apiPath('/library/stats')}`]: () =>
        makeReadingStats({
          booksInLibrary: 0,
          inProgress: 0,
          finished: 0,
          selected: 0,
          pagesRead: 0,
          timeReadMs: 0,
          sessions: 0,
          lastReadAt: null,
        }),
      [`GET ${apiPath('/bookmarks')}`]: () => ({ items: [], total: 0, page: 1, limit: 5 }),
      [`GET ${apiPath('/reading-stats')}`]: () => makeReadingDashboard(),
    });
    renderPage(<DashboardPage />, { route: '/dashboard' });
    expect(await screen.findByText('Nothing in progress')).toBeInTheDocument();
    expect(await screen.findByText('No bookmarks yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Browse the Book Store' })[0]).toHaveAttribute('href', '/bookstore');
    expect(screen.getByRole('navigation', { name: 'Quick links' })).toBeInTheDocument();
  });

  it('shows a retry when the figures cannot be loaded', async () => {
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
      [`GET ${apiPath('/progress')}`]: () => ({ items: [] }),
      [`GET ${apiPath('/library/stats')}`]: () => new Response('{"detail":"Service unavailable"}', { status: 503 }),
      [`GET ${apiPath('/bookmarks')}`]: () => ({ items: [], total: 0, page: 1, limit: 5 }),
      [`GET ${apiPath('/reading-stats')}`]: () => makeReadingDashboard(),
      [`GET ${apiPath('/recommendations')}`]: () => ({ rows: [] }),
    });
    renderPage(<DashboardPage />, { route: '/dashboard' });
    expect(await screen.findByText("We couldn't load your reading figures.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
