import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { READER_MESSAGES } from '@shared/reader';
import type { TBookmark } from '@shared/progress';
import type { TBookmarksFeature } from '../use-reader-bookmarks';
import { BookmarksPanelBody } from './bookmarks-panel';
import { OtherDeviceNotice } from './other-device-notice';
import { previewEndActions, PreviewEndPrompt } from './preview-end-prompt';
import { ReaderErrorScreen } from './reader-error-screen';
import { SearchPanelBody } from './search-panel';
import { ThumbnailsPanelBody } from './thumbnails-panel';

afterEach(() => vi.unstubAllGlobals());

function bookmark(overrides: Partial<TBookmark>): TBookmark {
  return {
    id: 'b1',
    bookId: 'book',
    page: 3,
    note: null,
    hlc: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
    ...overrides,
  };
}

function bookmarksFeature(items: TBookmark[]): TBookmarksFeature {
  return {
    items,
    isLoading: false,
    isError: false,
    add: vi.fn(),
    updateNote: vi.fn(),
    remove: vi.fn(),
  } as unknown as TBookmarksFeature;
}

describe('BookmarksPanelBody', () => {
  it('adds a bookmark for the page on screen with the note typed', async () => {
    const feature = bookmarksFeature([]);
    render(<BookmarksPanelBody bookmarks={feature} pageNumber={12} onOpen={vi.fn()} />);
    expect(screen.getByText('No bookmarks yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Note for page 12/), 'Key idea');
    await userEvent.click(screen.getByRole('button', { name: 'Bookmark page 12' }));
    expect(feature.add).toHaveBeenCalledWith(12, 'Key idea');
    expect(screen.getByLabelText(/Note for page 12/)).toHaveValue('');
  });

  it('jumps to, edits and deletes bookmarks', async () => {
    const feature = bookmarksFeature([
      bookmark({ id: 'b1', page: 3, note: 'First' }),
      bookmark({ id: 'b2', page: 40, note: null }),
    ]);
    const onOpen = vi.fn();
    render(<BookmarksPanelBody bookmarks={feature} pageNumber={1} onOpen={onOpen} />);
    const list = screen.getByRole('list', { name: 'Your bookmarks' });
    expect(within(list).getAllByTestId('bookmark-item')).toHaveLength(2);
    expect(within(list).getByText('First')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 40' }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'b2' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit note on page 3' }));
    const field = screen.getByRole('textbox', { name: 'Note' });
    expect(field).toHaveValue('First');
    await userEvent.clear(field);
    await userEvent.type(field, 'Changed');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(feature.updateNote).toHaveBeenCalledWith('b1', 'Changed');

    await userEvent.click(screen.getByRole('button', { name: 'Delete bookmark on page 40' }));
    expect(feature.remove).toHaveBeenCalledWith('b2');
  });
});

describe('SearchPanelBody', () => {
  it('highlights in the pages and lists the server results with the words marked', async () => {
    const searchServer = vi.fn(async () => [
      { page: 14, snippet: 'the habit loop has four parts' },
      { page: 90, snippet: 'Habits compound' },
    ]);
    const onFind = vi.fn();
    const onOpenResult = vi.fn();
    render(
      <SearchPanelBody
        searchServer={searchServer}
        findMatches={{ current: 1, total: 7 }}
        onFind={onFind}
        onClear={vi.fn()}
        onOpenResult={onOpenResult}
      />,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search text' }), 'habit{Enter}');
    expect(onFind).toHaveBeenCalledWith('habit', { again: false });
    expect(searchServer).toHaveBeenCalledWith('habit', expect.any(AbortSignal));
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('button')).toHaveLength(2);
    expect(within(results).getAllByText(/habit/i, { selector: 'mark' })).toHaveLength(2);
    expect(screen.getByTestId('find-matches')).toHaveTextContent('1 of 7 matches');
    // One count on screen: the matches, never a second "2 results" beside them.
    expect(screen.queryByText(/\bresults?\b/)).not.toBeInTheDocument();
    await userEvent.click(within(results).getByRole('button', { name: /Page 90/ }));
    expect(onOpenResult).toHaveBeenCalledWith({ page: 90, snippet: 'Habits compound' }, 'habit');
    await userEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(onFind).toHaveBeenLastCalledWith('habit', { again: true });
  });

  it('says when nothing matches and shows a failed search', async () => {
    const searchServer = vi
      .fn()
      .mockResolvedValueOnce([])
      .mockRejectedValueOnce(new Error('Unable to connect to server'));
    render(
      <SearchPanelBody
        searchServer={searchServer}
        findMatches={null}
        onFind={vi.fn()}
        onClear={vi.fn()}
        onOpenResult={vi.fn()}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search text' });
    await userEvent.type(box, 'zebra{Enter}');
    expect(await screen.findByText('No results for “zebra”.')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'lion{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to connect to server');
  });

  it('searches the pages only in a preview, and clears', async () => {
    const onFind = vi.fn();
    const onClear = vi.fn();
    render(<SearchPanelBody findMatches={null} onFind={onFind} onClear={onClear} onOpenResult={vi.fn()} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search text' }), '  stoic  {Enter}');
    expect(onFind).toHaveBeenCalledWith('stoic', { again: false });
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onClear).toHaveBeenCalledOnce();
  });
});

describe('ThumbnailsPanelBody', () => {
  it('offers one button per page, marks the current one and draws only visible pages', async () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    const pdf = { numPages: 4, getPage: vi.fn() };
    const onSelect = vi.fn();
    render(
      <ThumbnailsPanelBody pdf={pdf as never} pageNumber={2} watermarkText="ada@example.com" onSelect={onSelect} />,
    );
    const buttons = screen.getAllByRole('button', { name: /^Page \d$/ });
    expect(buttons).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(observed).toHaveLength(4);
    expect(pdf.getPage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(onSelect).toHaveBeenCalledWith(4);
  });
});

describe('PreviewEndPrompt', () => {
  it('fits the next step to the visitor', () => {
    expect(previewEndActions({ kind: 'signed-out' }, 'b1').map((a) => [a.label, a.to])).toEqual([
      ['Start 7-Day Trial', '/auth/register'],
      ['Subscribe', '/subscribe'],
    ]);
    expect(previewEndActions({ kind: 'subscribe' }, 'b1').map((a) => a.to)).toEqual(['/subscribe']);
    expect(previewEndActions({ kind: 'upgrade', tier: 'premium' }, 'b1').map((a) => [a.label, a.to])).toEqual([
      ['Upgrade to Premium', '/subscribe?tier=premium'],
    ]);
    expect(previewEndActions({ kind: 'read' }, 'b1').map((a) => a.to)).toEqual(['/reader/b1']);
  });

  it('shows the end-of-preview message with the buttons', () => {
    render(
      <MemoryRouter>
        <PreviewEndPrompt cta={{ kind: 'signed-out' }} bookId="b1" title="Meditations" />
      </MemoryRouter>,
    );
    const prompt = screen.getByTestId('preview-end');
    expect(prompt).toHaveTextContent(READER_MESSAGES.previewEnd);
    expect(within(prompt).getByRole('link', { name: 'Start 7-Day Trial' })).toHaveAttribute('href', '/auth/register');
    expect(within(prompt).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe');
  });
});

describe('ReaderErrorScreen', () => {
  it('links a reader without access to the plans, with the server message', () => {
    render(
      <MemoryRouter>
        <ReaderErrorScreen error={{ code: 'no_access', message: 'Your trial has ended.' }} bookRef="deep-work" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your trial has ended.');
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: 'Back to the book' })).toHaveAttribute('href', '/book/deep-work');
  });

  it('offers a reload when a chunk fails verification, and a retry for network trouble', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const onRetry = vi.fn();
    const { rerender } = render(
      <MemoryRouter>
        <ReaderErrorScreen error={{ code: 'decrypt_failed', message: 'x' }} bookRef="b" onRetry={onRetry} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(READER_MESSAGES.decryptFailed);
    await userEvent.click(screen.getByRole('button', { name: 'Reload reader' }));
    expect(reload).toHaveBeenCalledOnce();
    rerender(
      <MemoryRouter>
        <ReaderErrorScreen
          error={{ code: 'network', message: 'Unable to connect to server' }}
          bookRef="b"
          onRetry={onRetry}
        />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('OtherDeviceNotice', () => {
  it('offers the page reached on another device without moving there by itself', async () => {
    const onGo = vi.fn();
    const onStay = vi.fn();
    const lastReadAt = new Date();
    lastReadAt.setHours(9, 5, 0, 0);
    render(
      <OtherDeviceNotice
        page={30}
        deviceName="Chrome on macOS"
        lastReadAt={lastReadAt.toISOString()}
        onGo={onGo}
        onStay={onStay}
      />,
    );
    expect(screen.getByTestId('other-device-notice')).toHaveTextContent(
      /^You were on page 30 on Chrome on macOS, today, 09:05( AM)? — jump there\?/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Stay here' }));
    expect(onStay).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Jump to page 30' }));
    expect(onGo).toHaveBeenCalledOnce();
  });
});
