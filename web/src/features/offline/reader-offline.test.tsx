/** The reader's side of offline reading: the error screens of offline opening and the More options entry. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { READER_ERROR_MESSAGES, ReaderError } from '@web/lib/reader-error';
import { MorePanelBody } from '@web/features/reader/components/more-panel';
import { ReaderErrorScreen } from '@web/features/reader/components/reader-error-screen';
import { WideToolbar } from '@web/features/reader/components/reader-toolbar';
import type { TReaderControls } from '@web/features/reader/reader-controls';
import { describeReaderFailure } from '@web/features/reader/reader-failure';

afterEach(() => vi.restoreAllMocks());

function renderScreen(error: unknown, onRetry = vi.fn()) {
  render(
    <MemoryRouter>
      <ReaderErrorScreen error={error} bookRef="deep-work" onRetry={onRetry} />
    </MemoryRouter>,
  );
  return { onRetry };
}

describe('offline reader failures', () => {
  it('an expired offline licence says to go online to renew, with the offline books and a retry', async () => {
    const { onRetry } = renderScreen(new ReaderError('offline_expired', READER_ERROR_MESSAGES.offlineExpired));
    expect(screen.getByRole('heading', { name: 'Offline access has expired' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Go online to renew it.');
    expect(screen.getByRole('link', { name: 'Your offline books' })).toHaveAttribute('href', '/offline');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('a book not downloaded says so and says to go online', () => {
    renderScreen(new ReaderError('offline_unavailable', READER_ERROR_MESSAGES.offlineUnavailable));
    expect(screen.getByRole('heading', { name: 'This book is not downloaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Go online to read it.');
  });

  it('a clock moved back asks to fix the date and time', () => {
    renderScreen(new ReaderError('clock_rollback', ''));
    expect(screen.getByRole('heading', { name: "Check your device's date and time" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(READER_ERROR_MESSAGES.clockRollback);
  });

  it('a device removed elsewhere points to the Devices page; another withdrawal to the offline books', () => {
    expect(
      describeReaderFailure(new ReaderError('offline_revoked', READER_ERROR_MESSAGES.offlineDeviceRemoved)).actions,
    ).toEqual(['devices', 'retry']);
    expect(
      describeReaderFailure(new ReaderError('offline_revoked', READER_ERROR_MESSAGES.offlineReturned)).actions,
    ).toEqual(['retry', 'offline']);
    renderScreen(new ReaderError('offline_revoked', READER_ERROR_MESSAGES.offlineDeviceRemoved));
    expect(screen.getByRole('heading', { name: 'This download was removed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage devices' })).toHaveAttribute('href', '/devices');
  });

  it('adds a connection hint when the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen(new ReaderError('offline_expired', READER_ERROR_MESSAGES.offlineExpired));
    expect(screen.getByTestId('reader-offline-hint')).toHaveTextContent(
      "You're offline. Connect to the internet, then try again.",
    );
  });
});

function controls(overrides: Partial<TReaderControls> = {}): TReaderControls {
  return {
    title: 'Deep Work',
    backTo: '/book/deep-work',
    backLabel: 'Back to the book',
    isReady: true,
    pageNumber: 1,
    pagesCount: 10,
    scale: 1,
    canGoNext: true,
    goToPage: vi.fn(),
    nextPage: vi.fn(),
    previousPage: vi.fn(),
    zoomIn: vi.fn(),
    zoomOut: vi.fn(),
    fitWidth: vi.fn(),
    panel: null,
    togglePanel: vi.fn(),
    theme: 'light',
    cycleTheme: vi.fn(),
    canFullscreen: false,
    isFullscreen: false,
    toggleFullscreen: vi.fn(),
    canBookmark: true,
    addBookmark: vi.fn(),
    canReadAloud: false,
    isReadingAloud: false,
    copyRemaining: null,
    ...overrides,
  };
}

describe('reader More options', () => {
  it('shows the page’s extra entries first in the narrow More options sheet', () => {
    render(
      <MorePanelBody
        controls={controls()}
        onDone={vi.fn()}
        extra={<button type="button">Download for offline</button>}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons[0]).toHaveAccessibleName('Download for offline');
  });

  it('gives wide screens a More options button only when the page has extra entries', async () => {
    const togglePanel = vi.fn();
    const { unmount } = render(
      <MemoryRouter>
        <WideToolbar controls={controls()} />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('toolbar')).queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter>
        <WideToolbar controls={controls({ hasMoreOptions: true, togglePanel })} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect(togglePanel).toHaveBeenCalledWith('more');
  });
});
