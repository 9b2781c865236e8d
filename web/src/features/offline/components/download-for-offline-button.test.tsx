import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, makeUser, mockApi, renderPage } from '@web/features/auth/test-utils';
import { makeEntitlements } from '@web/features/selections/test-fixtures';
import { deleteDb } from '@web/storage/db';
import { saveBrowserDevice } from '@web/storage/device-store';
import { formatDate } from '@web/features/selections/format';
import { downloadManager, fakeEngine, makeOfflineBook, type TDownloadState } from '../fake-offline-engine';
import { DownloadForOfflineButton, downloadButtonView } from './download-for-offline-button';
import { apiPath } from '@web/lib/api-test-support';

vi.mock('@web/features/offline/offline-engine', () => import('@web/features/offline/fake-offline-engine'));

const IDLE: TDownloadState = { status: 'idle', receivedBytes: 0, totalBytes: 0, error: null };
const base = {
  isSignedIn: true,
  offlineAllowed: true,
  isDeviceRegistered: true,
  state: IDLE,
  storedExpiresAt: undefined,
};

describe('downloadButtonView', () => {
  it('is hidden for signed-out readers and plans without offline reading', () => {
    expect(downloadButtonView({ ...base, isSignedIn: false })).toEqual({ kind: 'hidden' });
    expect(downloadButtonView({ ...base, offlineAllowed: false })).toEqual({ kind: 'hidden' });
    expect(downloadButtonView({ ...base, offlineAllowed: undefined })).toEqual({ kind: 'hidden' });
  });

  it('asks to register an unregistered browser, also instead of resuming', () => {
    expect(downloadButtonView({ ...base, isDeviceRegistered: false })).toEqual({ kind: 'register' });
    expect(
      downloadButtonView({
        ...base,
        isDeviceRegistered: false,
        state: { ...IDLE, status: 'error', error: 'Register first.' },
      }),
    ).toEqual({ kind: 'register' });
    expect(downloadButtonView({ ...base, isDeviceRegistered: undefined })).toEqual({ kind: 'idle' });
  });

  it('follows the download: progress, pause, error and completion', () => {
    expect(
      downloadButtonView({
        ...base,
        state: { status: 'downloading', receivedBytes: 421, totalBytes: 1000, error: null },
      }),
    ).toEqual({
      kind: 'downloading',
      percent: 42,
      receivedBytes: 421,
      totalBytes: 1000,
    });
    expect(
      downloadButtonView({ ...base, state: { status: 'paused', receivedBytes: 250, totalBytes: 1000, error: null } }),
    ).toEqual({
      kind: 'paused',
      percent: 25,
      message: 'Download paused at 25%.',
    });
    expect(
      downloadButtonView({
        ...base,
        state: { status: 'error', receivedBytes: 0, totalBytes: 0, error: 'Not enough storage space.' },
      }),
    ).toEqual({
      kind: 'error',
      percent: 0,
      message: 'Not enough storage space.',
      fixOnDevicesPage: false,
    });
    expect(
      downloadButtonView({
        ...base,
        state: { status: 'error', receivedBytes: 0, totalBytes: 0, error: 'Past the cap.', fixOnDevicesPage: true },
      }),
    ).toMatchObject({ kind: 'error', fixOnDevicesPage: true });
    expect(
      downloadButtonView({
        ...base,
        state: { ...IDLE, status: 'complete' },
        storedExpiresAt: '2026-04-05T10:00:00.000Z',
      }),
    ).toEqual({
      kind: 'complete',
      expiresAt: '2026-04-05T10:00:00.000Z',
    });
  });

  it('shows a stored book as available offline even when the plan no longer says so', () => {
    expect(
      downloadButtonView({ ...base, offlineAllowed: false, storedExpiresAt: '2026-04-05T10:00:00.000Z' }),
    ).toMatchObject({ kind: 'complete' });
  });
});

beforeEach(async () => {
  fakeEngine.reset();
  await deleteDb();
});
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderButton({
  tier = 'premium' as 'trial' | 'basic' | 'premium',
  registered = true,
  signedIn = true,
} = {}) {
  if (registered)
    await saveBrowserDevice({ userId: 'user-1', deviceId: 'device-1', thumbprint: 't', offlineRegistered: true });
  const api = mockApi({
    ...(signedIn ? { [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: tier }) } : {}),
    [`GET ${apiPath('/me/entitlements')}`]: () => makeEntitlements({ tier }),
  });
  return {
    api,
    ...renderPage(<DownloadForOfflineButton bookId="book-1" title="Deep Work" />, {
      route: '/book/deep-work',
      path: '/book/:id',
    }),
  };
}

describe('DownloadForOfflineButton', () => {
  it('downloads with a progress bar, cancels, resumes after an error and ends available offline', async () => {
    const user = userEvent.setup();
    await renderButton();
    await user.click(await screen.findByRole('button', { name: 'Download for offline' }));
    expect(downloadManager.start).toHaveBeenCalledWith('book-1', { userId: 'user-1' });

    act(() =>
      fakeEngine.setState('book-1', { status: 'downloading', receivedBytes: 42 * 1024, totalBytes: 100 * 1024 }),
    );
    const bar = screen.getByRole('progressbar', { name: 'Download progress of “Deep Work”' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('Downloading… 42%')).toBeInTheDocument();
    expect(screen.getByText('42 KB of 100 KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel download of “Deep Work”' }));
    expect(downloadManager.cancel).toHaveBeenCalledWith('book-1');

    act(() =>
      fakeEngine.setState('book-1', {
        status: 'error',
        receivedBytes: 0,
        totalBytes: 100,
        error: 'Not enough storage space on this device.',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Not enough storage space on this device.');
    await user.click(screen.getByRole('button', { name: 'Resume download of “Deep Work”' }));
    expect(downloadManager.start).toHaveBeenCalledTimes(2);

    act(() => fakeEngine.setState('book-1', { status: 'downloading', receivedBytes: 100, totalBytes: 100 }));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const expiresAt = '2026-04-05T10:00:00.000Z';
    act(() => {
      fakeEngine.setState('book-1', { status: 'complete', receivedBytes: 100, totalBytes: 100 });
      fakeEngine.setBooks([makeOfflineBook({ expiresAt })]);
    });
    expect(await screen.findByText('Available offline')).toBeInTheDocument();
    expect(await screen.findByText(`until ${formatDate(expiresAt)}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/offline');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('links to the Devices page instead of offering Resume when only a change there can help', async () => {
    await renderButton();
    await screen.findByRole('button', { name: 'Download for offline' });
    act(() =>
      fakeEngine.setState('book-1', {
        status: 'error',
        receivedBytes: 0,
        totalBytes: 0,
        error: 'Past the cap.',
        fixOnDevicesPage: true,
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Past the cap.');
    expect(screen.getByRole('link', { name: 'Manage devices' })).toHaveAttribute('href', '/devices');
    expect(screen.queryByRole('button', { name: /^Resume download/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard download of “Deep Work”' })).toBeInTheDocument();
  });

  it('points an unregistered browser to the Devices page', async () => {
    await renderButton({ registered: false });
    const link = await screen.findByRole('link', { name: 'Register this device for offline reading' });
    expect(link).toHaveAttribute('href', '/devices');
    expect(screen.queryByRole('button', { name: 'Download for offline' })).not.toBeInTheDocument();
  });

  it('shows nothing to a trial reader or a signed-out visitor', async () => {
    const trial = await renderButton({ tier: 'trial' });
    await waitFor(() =>
      expect(trial.queryClient.getQueryData(['me', 'entitlements'])).toMatchObject({ offlineAllowed: false }),
    );
    expect(screen.queryByTestId('download-for-offline')).not.toBeInTheDocument();
    trial.unmount();

    const visitor = await renderButton({ signedIn: false });
    await waitFor(() => expect(visitor.api.callsTo('GET', apiPath('/auth/user'))).toHaveLength(1));
    await waitFor(() => expect(visitor.queryClient.getQueryState(['auth', 'user'])?.status).toBe('success'));
    expect(screen.queryByTestId('download-for-offline')).not.toBeInTheDocument();
  });
});
