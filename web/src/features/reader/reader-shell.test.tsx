/**
 * The reader shell with pdf.js replaced by a fake viewer (pdf.js does not run in happy-dom): the
 * toolbar and keyboard drive the viewer, the watermark is stamped on rendered pages, printing and
 * the print shortcut are refused, panels open with their content.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { READER_MESSAGES } from '@shared/reader';
import { getCurrentToast, resetToasts } from '@web/lib/toast';
import type { TPdfViewerState, TUsePdfViewerOptions } from './pdf/use-pdf-viewer';
import { ReaderShell, type ReaderShellProps } from './reader-shell';
import type { TBookmarksFeature } from './use-reader-bookmarks';
import { apiPath } from '@web/lib/api-test-support';

let lastOptions: TUsePdfViewerOptions | null = null;
let viewerState: TPdfViewerState;

vi.mock('./pdf/use-pdf-viewer', () => ({
  usePdfViewer: (options: TUsePdfViewerOptions) => {
    lastOptions = options;
    return viewerState;
  },
}));

function fakeViewer(pagesCount: number, page = 1) {
  const viewer = {
    pagesCount,
    currentPageNumber: page,
    currentScaleValue: 'auto',
    nextPage: vi.fn(() => {
      viewer.currentPageNumber += 1;
    }),
    previousPage: vi.fn(),
    increaseScale: vi.fn(),
    decreaseScale: vi.fn(),
  };
  return viewer;
}

function readyState(pagesCount = 12, page = 1) {
  const viewer = fakeViewer(pagesCount, page);
  const pdf = {
    numPages: pagesCount,
    getOutline: vi.fn(async () => [{ title: 'Chapter One', dest: [0], items: [] }]),
    getDestination: vi.fn(),
    getPageIndex: vi.fn(),
    getPage: vi.fn(() => new Promise(() => undefined)),
  };
  const api = {
    pdf,
    viewer,
    eventBus: {},
    linkService: { goToDestination: vi.fn() },
    find: vi.fn(),
    clearFind: vi.fn(),
  };
  const state = {
    status: 'ready',
    error: null,
    api,
    pageNumber: page,
    pagesCount,
    scale: 1.25,
    findMatches: null,
  } as unknown as TPdfViewerState;
  return { state, viewer, api };
}

function setWidth(isWide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('min-width: 1024px') ? isWide : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

function fakeBookmarks(): TBookmarksFeature {
  return {
    items: [],
    isLoading: false,
    isError: false,
    add: vi.fn(),
    updateNote: vi.fn(),
    remove: vi.fn(),
  } as unknown as TBookmarksFeature;
}

function renderShell(props: Partial<ReaderShellProps> = {}) {
  return render(
    <MemoryRouter>
      <ReaderShell
        title="Deep Work"
        backTo="/book/deep-work"
        backLabel="Back to the book"
        source={{ kind: 'url', url: apiPath('/books/deep-work/preview') }}
        initialPage={1}
        watermark={{ name: 'Ada Lovelace', email: 'ada@example.com', loanId: 'loan-7' }}
        renderLoadError={() => <p>Could not open</p>}
        {...props}
      />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setWidth(true);
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => resetToasts());
  lastOptions = null;
});

describe('ReaderShell on a wide screen', () => {
  it('offers every control with its accessible name', () => {
    viewerState = readyState().state;
    renderShell({ bookmarks: fakeBookmarks() });
    for (const name of [
      'Previous page',
      'Next page',
      'Zoom in',
      'Zoom out',
      'Fit width',
      'Contents',
      'Thumbnails',
      'Search in book',
      'Bookmarks',
      'Add bookmark',
      /^Theme: /,
      'Keyboard shortcuts',
    ]) {
      expect(screen.getByRole('button', { name }), String(name)).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('1');
    expect(screen.getByRole('heading', { level: 1, name: 'Deep Work' })).toBeInTheDocument();
    // happy-dom has no speechSynthesis: read aloud is left out rather than broken.
    expect(screen.queryByRole('button', { name: 'Read aloud' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the book' })).toHaveAttribute('href', '/book/deep-work');
  });

  it('drives the viewer from the buttons and the page number field', async () => {
    const { state, viewer } = readyState(12, 3);
    viewerState = state;
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(viewer.nextPage).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(viewer.previousPage).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(viewer.increaseScale).toHaveBeenCalledOnce();
    expect(viewer.decreaseScale).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Fit width' }));
    expect(viewer.currentScaleValue).toBe('page-width');

    const field = screen.getByRole('textbox', { name: 'Page number' });
    await userEvent.clear(field);
    await userEvent.type(field, '7{Enter}');
    expect(viewer.currentPageNumber).toBe(7);
    await userEvent.clear(field);
    await userEvent.type(field, '99{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a page number from 1 to 12.');
    expect(viewer.currentPageNumber).toBe(7);
  });

  it('runs the keyboard shortcuts, but not while the reader types in a field', async () => {
    const { state, viewer } = readyState(12, 5);
    viewerState = state;
    const bookmarks = fakeBookmarks();
    renderShell({ bookmarks });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(viewer.nextPage).toHaveBeenCalledOnce();
    fireEvent.keyDown(window, { key: 'End' });
    expect(viewer.currentPageNumber).toBe(12);
    fireEvent.keyDown(window, { key: 'Home' });
    expect(viewer.currentPageNumber).toBe(1);
    fireEvent.keyDown(window, { key: '+' });
    expect(viewer.increaseScale).toHaveBeenCalledOnce();
    fireEvent.keyDown(window, { key: 'b' });
    expect(bookmarks.add).toHaveBeenCalledWith(1);
    expect(getCurrentToast()).toMatchObject({ title: 'Bookmark added' });

    const field = screen.getByRole('textbox', { name: 'Page number' });
    fireEvent.keyDown(field, { key: 'ArrowLeft' });
    fireEvent.keyDown(field, { key: 't' });
    expect(viewer.previousPage).not.toHaveBeenCalled();
    expect(document.querySelector('.reader-root')).toHaveAttribute('data-reader-theme', 'light');

    fireEvent.keyDown(window, { key: 't' });
    expect(document.querySelector('.reader-root')).toHaveAttribute('data-reader-theme', 'sepia');
    expect(window.localStorage.getItem('wb.reader.theme')).toBe('sepia');
  });

  it('opens the shortcuts overlay with ? and the book search with Ctrl+F', async () => {
    viewerState = readyState().state;
    renderShell();
    fireEvent.keyDown(window, { key: '?' });
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Search in book')).toBeInTheDocument();
    // The preview has no bookmarks, so its overlay does not list the bookmark key.
    expect(within(dialog).queryByText('Bookmark this page')).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const search = fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    expect(search).toBe(false);
    expect(await screen.findByRole('searchbox', { name: 'Search text' })).toBeInTheDocument();
  });

  it('refuses to print: Ctrl+P shows the notice and the page carries the print message', () => {
    viewerState = readyState().state;
    const { unmount } = renderShell();
    expect(document.body).toHaveAttribute('data-print-blocked', READER_MESSAGES.printBlocked);
    const allowed = fireEvent.keyDown(window, { key: 'p', ctrlKey: true });
    expect(allowed).toBe(false);
    expect(getCurrentToast()).toMatchObject({ description: READER_MESSAGES.printBlocked });
    unmount();
    expect(document.body).not.toHaveAttribute('data-print-blocked');
  });

  it('stamps the watermark on every page pdf.js renders, with the e-mail shortened', () => {
    viewerState = readyState().state;
    renderShell();
    const page = document.createElement('div');
    page.className = 'page';
    page.dataset.pageNumber = '4';
    lastOptions!.onPageRendered!(page, 4);
    const watermark = page.querySelector('[data-testid="watermark"]');
    expect(watermark).toHaveTextContent('Ada Lovelace · ad…@example.com · Loan loan-7');
    expect(watermark).not.toHaveTextContent('ada@example.com');
  });

  it('shows Loading... until the first page is ready, and the load error when opening fails', () => {
    viewerState = {
      status: 'loading',
      error: null,
      api: null,
      pageNumber: 1,
      pagesCount: 0,
      scale: 1,
      findMatches: null,
    };
    const { rerender } = renderShell();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    viewerState = { ...viewerState, status: 'error', error: new Error('broken') };
    rerender(
      <MemoryRouter>
        <ReaderShell
          title="Deep Work"
          backTo="/"
          backLabel="Back"
          source={{ kind: 'url', url: '/x' }}
          initialPage={1}
          watermark={null}
          renderLoadError={() => <p>Could not open</p>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Could not open')).toBeInTheDocument();
  });

  it('reports the page to the caller and lists the contents', async () => {
    const { state, api } = readyState(12, 4);
    viewerState = state;
    const onPageChange = vi.fn();
    renderShell({ onPageChange });
    expect(onPageChange).toHaveBeenCalledWith(4, 12);
    await userEvent.click(screen.getByRole('button', { name: 'Contents' }));
    await userEvent.click(await screen.findByRole('button', { name: /Chapter One/ }));
    expect(api.linkService.goToDestination).toHaveBeenCalledWith([0]);
  });

  it('scrolls to the closing prompt when Next is pressed on the last page', async () => {
    const { state, viewer } = readyState(3, 3);
    viewerState = state;
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderShell({ watermark: null, afterLastPage: <p>The end of the preview</p> });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(viewer.nextPage).not.toHaveBeenCalled();
    expect(scrollIntoView).toHaveBeenCalled();
    expect(screen.getByText('The end of the preview')).toBeInTheDocument();
  });
});

describe('ReaderShell with speech synthesis', () => {
  it('offers read aloud with play, voice and speed', async () => {
    const speechSynthesis = {
      speak: vi.fn(),
      cancel: vi.fn(),
      pause: vi.fn(),
      resume: vi.fn(),
      getVoices: () => [{ name: 'Daniel', lang: 'en-GB', voiceURI: 'daniel' }],
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    };
    vi.stubGlobal('speechSynthesis', speechSynthesis);
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        constructor(public text: string) {}
      },
    );
    viewerState = readyState().state;
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    const panel = await screen.findByRole('dialog', { name: 'Read aloud' });
    expect(within(panel).getByRole('combobox', { name: 'Voice' })).toHaveTextContent('Daniel (en-GB)');
    expect(within(panel).getByRole('combobox', { name: 'Speed' })).toHaveValue('1');
    expect(within(panel).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Stop' })).toBeDisabled();
  });
});

describe('ReaderShell on a phone', () => {
  it('keeps page turning in the bottom bar and the rest under More options', async () => {
    setWidth(false);
    const { state, viewer } = readyState(12, 2);
    viewerState = state;
    renderShell({ bookmarks: fakeBookmarks() });
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
    const bar = screen.getByRole('toolbar', { name: 'Reader controls' });
    expect(within(bar).getByRole('button', { name: 'Next page' })).toBeInTheDocument();
    expect(within(bar).getByRole('textbox', { name: 'Page number' })).toHaveValue('2');
    await userEvent.click(within(bar).getByRole('button', { name: 'More options' }));
    const sheet = await screen.findByRole('dialog', { name: 'More options' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Zoom in' }));
    expect(viewer.increaseScale).toHaveBeenCalledOnce();
    expect(within(sheet).getByRole('button', { name: 'Add bookmark' })).toBeInTheDocument();
  });
});
