import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { clearToasts, currentToast, makeUser, mockApi, renderPage } from '@web/features/auth/test-utils';
import { authKeys } from '@web/features/auth/queries';
import { downloadManager, fakeEngine, listOfflineBooks, makeOfflineBook } from './fake-offline-engine';
import { deleteDb } from '@web/storage/db';
import { saveBrowserDevice } from '@web/storage/device-store';
import OfflinePage from './offline-page';
import { apiPath } from '@web/lib/api-test-support';

vi.mock('@web/features/offline/offline-engine', () => import('@web/features/offline/fake-offline-engine'));

const FUTURE = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString();
const PAST = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();

beforeEach(async () => {
  fakeEngine.reset();
  await deleteDb();
});
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderOffline() {
  const api = mockApi({ [`GET ${apiPath('/auth/user')}`]: () => makeUser() });
  return { api, ...renderPage(<OfflinePage />, { route: '/offline' }) };
}

describe('/offline', () => {
  it('lists downloaded books with size, availability, state and actions, and the storage summary', async () => {
    fakeEngine.setBooks([
      makeOfflineBook({ bookId: 'book-1', title: 'Deep Work', sizeBytes: 2_621_440, expiresAt: FUTURE }),
      makeOfflineBook({
        bookId: 'book-2',
        title: 'Atomic Habits',
        sizeBytes: 1_048_576,
        expiresAt: PAST,
        status: 'expired',
        licenseId: 'l-2',
      }),
      makeOfflineBook({
        bookId: 'book-3',
        title: 'Thrift',
        sizeBytes: 512,
        status: 'expiring',
        renewalError: 'This download has been renewed as many times as allowed.',
      }),
    ]);
    fakeEngine.setStorage({ usage: 5 * 1_048_576, quota: 100 * 1_048_576, persisted: true });
    renderOffline();
    const list = await screen.findByRole('list', { name: 'Downloaded books' });
    const deepWork = within(list).getByRole('listitem', { name: 'Deep Work' });
    expect(deepWork).toHaveTextContent('2.5 MB');
    expect(deepWork).toHaveTextContent(/Available offline until/);
    expect(deepWork).toHaveTextContent('Ready');
    expect(within(deepWork).getByRole('link', { name: 'Read Deep Work' })).toHaveAttribute('href', '/reader/book-1');
    expect(within(deepWork).getByRole('button', { name: 'Renew Deep Work now' })).toBeEnabled();

    const expired = within(list).getByRole('listitem', { name: 'Atomic Habits' });
    expect(expired).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent('Go online and renew it');

    const expiring = within(list).getByRole('listitem', { name: 'Thrift' });
    expect(expiring).toHaveTextContent('Expires soon');
    expect(within(expiring).getByTestId('renewal-error')).toHaveTextContent(
      'Not renewed: This download has been renewed as many times as allowed.',
    );

    expect(screen.getByTestId('books-bytes')).toHaveTextContent('3.5 MB');
    const meter = await screen.findByRole('meter', { name: 'Browser storage used' });
    expect(meter).toHaveAttribute('aria-valuenow', '5');
    expect(screen.getByTestId('persistence')).toHaveTextContent('Storage is persistent');
  });

  it('shows the empty state with links to the library and devices', async () => {
    renderOffline();
    expect(await screen.findByText('No books downloaded yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your library' })).toHaveAttribute('href', '/library');
    expect(screen.getByRole('link', { name: 'Manage devices' })).toHaveAttribute('href', '/devices');
  });

  it('renders from local storage with no network: no API call beyond the signed-in user, no error toast', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeEngine.setBooks([makeOfflineBook({ expiresAt: FUTURE })]);
    fakeEngine.setStorage({ usage: 1000, quota: 10_000, persisted: false });
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    // The signed-in user was known before the connection dropped (kept by the query cache).
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(authKeys.user, makeUser());
    renderPage(<OfflinePage />, { route: '/offline', queryClient });
    expect(await screen.findByRole('listitem', { name: 'Deep Work' })).toBeInTheDocument();
    expect(screen.getByText(/You're offline/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew Deep Work now' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Read Deep Work' })).toBeInTheDocument();
    expect(screen.getByTestId('persistence')).toHaveTextContent('not persistent');
    expect(listOfflineBooks).toHaveBeenCalledWith('user-1');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(currentToast()).toBeNull();
  });

  it('renews a book now through the engine', async () => {
    const user = userEvent.setup();
    fakeEngine.setBooks([makeOfflineBook({ expiresAt: FUTURE })]);
    renderOffline();
    await user.click(await screen.findByRole('button', { name: 'Renew Deep Work now' }));
    await waitFor(() => expect(downloadManager.renew).toHaveBeenCalledWith('book-1'));
    await waitFor(() => expect(currentToast()?.title).toBe('Licence renewed'));
    expect(currentToast()?.description).toMatch(/^“Deep Work”: Available offline until /);
  });

  it('reports a refused renewal', async () => {
    const user = userEvent.setup();
    downloadManager.renew.mockRejectedValueOnce(new Error('This download has been renewed as many times as allowed.'));
    fakeEngine.setBooks([makeOfflineBook({ expiresAt: FUTURE })]);
    renderOffline();
    await user.click(await screen.findByRole('button', { name: 'Renew Deep Work now' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: "Couldn't renew this book",
        description: 'This download has been renewed as many times as allowed.',
      }),
    );
  });

  it('removes a download after confirming, and the list updates', async () => {
    const user = userEvent.setup();
    fakeEngine.setBooks([makeOfflineBook({ expiresAt: FUTURE })]);
    renderOffline();
    await user.click(await screen.findByRole('button', { name: 'Remove Deep Work from this browser' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove download' }));
    await waitFor(() => expect(downloadManager.remove).toHaveBeenCalledWith('book-1'));
    expect(await screen.findByText('No books downloaded yet')).toBeInTheDocument();
  });

  it('shows an unfinished download with its progress and Resume', async () => {
    const user = userEvent.setup();
    fakeEngine.setPartials([
      { bookId: 'book-1', title: 'Deep Work', slug: 'deep-work', version: 1, receivedBytes: 500, totalBytes: 1000 },
    ]);
    fakeEngine.setState('book-1', { status: 'paused', receivedBytes: 500, totalBytes: 1000 });
    fakeEngine.setRegistered(true);
    mockApi({
      [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
      [`GET ${apiPath('/me/entitlements')}`]: () => ({ tier: 'premium', offlineAllowed: true }),
    });
    await saveBrowserDevice({ userId: 'user-1', deviceId: 'device-1', thumbprint: 't', offlineRegistered: true });
    renderPage(<OfflinePage />, { route: '/offline' });
    const row = await screen.findByRole('listitem', { name: 'Deep Work' });
    expect(screen.getByRole('list', { name: 'Unfinished downloads' })).toContainElement(row);
    expect(screen.queryByText('No books downloaded yet')).not.toBeInTheDocument();
    expect(await within(row).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(within(row).getByText('Download paused at 50%.')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Read Deep Work' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Resume download of “Deep Work”' }));
    expect(downloadManager.start).toHaveBeenCalledWith('book-1', { userId: 'user-1' });
    act(() => fakeEngine.setState('book-1', { status: 'downloading', receivedBytes: 800, totalBytes: 1000 }));
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
  });
});
