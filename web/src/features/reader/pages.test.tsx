/**
 * The two reader screens around the shell (the shell itself is replaced by a probe): which document
 * and first page they hand over, and what they show before and instead of it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { TReadingProgress } from '@shared/progress';
import { READER_MESSAGES, type TBookManifest } from '@shared/reader';
import { deleteDb } from '@web/storage/db';
import { rememberPosition } from '@web/storage/reading-positions';
import { makeBookDetail, makeUser, mockFetch, renderWithProviders } from '@web/features/catalogue/test-utils';
import { ReaderError } from '@web/lib/reader-error';
import type { ReaderShellProps } from './reader-shell';
import { apiPath } from '@web/lib/api-test-support';
import { authKeys } from '@web/features/auth/queries';
import { bookmarksQueryOptions, readingPositionQueryOptions } from '@web/features/sync/queries';
import { createTestQueryClient } from '@web/features/catalogue/test-utils';

let shellProps: ReaderShellProps | null = null;
vi.mock('./reader-shell', () => ({
  ReaderShell: (props: ReaderShellProps) => {
    shellProps = props;
    return (
      <div data-testid="shell">
        {props.title} from page {props.initialPage}
        {props.afterLastPage}
      </div>
    );
  },
}));

const openProtectedBook = vi.fn();
vi.mock('@web/protected-content/open-protected-book', () => ({
  openProtectedBook: (options: unknown) => openProtectedBook(options),
}));

const setPosition = vi.fn();
vi.mock('@web/features/sync/use-reading-position', () => ({
  useReadingPosition: () => ({
    isLoading: false,
    progress: null,
    setPosition,
    flushPosition: vi.fn(),
    otherDevice: null,
    dismissOtherDevice: vi.fn(),
    isError: false,
    position: null,
  }),
}));
vi.mock('@web/features/sync/use-synced-bookmarks', () => ({
  useBookmarks: () => ({
    bookmarks: [],
    isLoading: false,
    isError: false,
    addBookmark: vi.fn(),
    editBookmark: vi.fn(),
    deleteBookmark: vi.fn(),
  }),
}));
vi.mock('./reader-sync', () => ({ queueReaderMutation: vi.fn() }));

const { default: ReaderPage } = await import('./reader-page');
const { startEarlyBookOpen } = await import('./book-open');
const { startPageBookOpen } = await import('./early-book-open');

const EARLIER = '001700000000100-000000-a';
const LATER = '001700000000200-000000-b';
const { default: PreviewPage } = await import('./preview-page');

/** The reader page's data block (api/src/features/reader/reader-page-data.ts) for Deep Work, as the server writes it. */
function writeReaderPageData({ userId, progress }: { userId: string; progress: TReadingProgress | null }) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'wb-reader';
  block.textContent = JSON.stringify({
    bookRef: 'deep-work',
    userId,
    manifest: { ...manifest, loanId: null },
    progress,
    bookmarks: [],
  });
  document.head.append(block);
}

afterEach(async () => {
  // Unmount before the fetch stub goes: an open reader still loads its copy budget.
  cleanup();
  shellProps = null;
  openProtectedBook.mockReset();
  vi.unstubAllGlobals();
  await deleteDb();
});

const manifest = {
  bookId: '5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e',
  slug: 'deep-work',
  title: 'Deep Work',
  version: 1,
  size: 10,
  sha256: 'x',
  pageCount: 300,
  chunkSize: 10,
  chunkCount: 1,
  cipher: 'A256GCM',
  chunks: [],
} satisfies TBookManifest;

function openedBook() {
  return {
    manifest,
    loanId: 'loan-1',
    licenseId: 'lic-1',
    policy: {
      watermark: { name: 'Ada Lovelace', email: 'ada@example.com', loanId: 'loan-1' },
      copyLimitChars: 1000,
      print: false as const,
    },
    documentParams: {
      range: {},
      length: 10,
      rangeChunkSize: 10,
      disableAutoFetch: false,
      disableStream: true as const,
    },
    close: vi.fn(),
  };
}

/** The server's saved position in the book, as GET /api/progress/:bookId answers it. */
function savedAt(page: number, hlc: string): TReadingProgress {
  return {
    bookId: '5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e',
    currentPage: page,
    totalPages: 300,
    progressPercentage: 0,
    furthestPage: page,
    lastReadAt: null,
    completedAt: null,
    hlc,
    deviceId: 'device-b',
    deviceName: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function renderReader(
  route: string,
  path = '/reader/:bookId',
  saved: TReadingProgress | null = null,
  queryClient = createTestQueryClient(),
) {
  const fetched = mockFetch({
    [apiPath('/auth/user')]: () => makeUser({ id: 'user-1' }),
    [apiPath('/books/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e/copy-budget')]: () => ({
      used: 0,
      limit: 1000,
      isLimitReached: false,
    }),
    [apiPath('/progress/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e')]: () => saved ?? new Response('{}', { status: 404 }),
    [apiPath('/bookmarks')]: () => ({ items: [] }),
  });
  return { ...renderWithProviders(<ReaderPage />, { route, path, queryClient }), fetched };
}

describe('ReaderPage', () => {
  it('opens the protected book for the signed-in reader and resumes at the saved page', async () => {
    const book = openedBook();
    openProtectedBook.mockResolvedValue(book);
    renderReader('/reader/deep-work', undefined, savedAt(30, LATER));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByTestId('shell')).toHaveTextContent('Deep Work from page 30');
    expect(openProtectedBook).toHaveBeenCalledWith(expect.objectContaining({ bookRef: 'deep-work', userId: 'user-1' }));
    expect(shellProps?.source).toEqual({
      kind: 'range',
      params: book.documentParams,
      startedTask: expect.any(Function),
    });
    expect(shellProps?.watermark).toEqual(book.policy.watermark);
    expect(shellProps?.bookmarks).toBeDefined();
    expect(shellProps?.backTo).toBe('/book/deep-work');
  });

  it('lets ?page= win over the saved position', async () => {
    openProtectedBook.mockResolvedValue(openedBook());
    renderReader('/reader/deep-work?page=7', undefined, savedAt(30, LATER));
    expect(await screen.findByTestId('shell')).toHaveTextContent('from page 7');
  });

  it("asks for the saved position with the book, not after it, when the link carries the book's id", async () => {
    let resolveOpen: (book: ReturnType<typeof openedBook>) => void = () => undefined;
    openProtectedBook.mockReturnValue(new Promise((resolve) => (resolveOpen = resolve)));
    const { fetched } = renderReader('/reader/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e', undefined, savedAt(30, LATER));
    await vi.waitFor(() =>
      expect(fetched.callsTo(apiPath('/progress/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e'))).toHaveLength(1),
    );
    expect(fetched.callsTo(apiPath('/bookmarks'))).toHaveLength(1);
    resolveOpen(openedBook());
    expect(await screen.findByTestId('shell')).toHaveTextContent('from page 30');
  });

  it('opens the book the page carries before the screen renders, without asking for manifest, position or bookmarks', async () => {
    writeReaderPageData({ userId: 'user-1', progress: savedAt(44, LATER) });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(authKeys.user, makeUser({ id: 'user-1' }));
    openProtectedBook.mockResolvedValue(openedBook());
    startEarlyBookOpen(queryClient, { search: '' } as Location);
    expect(openProtectedBook).toHaveBeenCalledWith(
      expect.objectContaining({ bookRef: 'deep-work', userId: 'user-1', manifest: { ...manifest, loanId: null } }),
    );
    const { fetched } = renderReader('/reader/deep-work', undefined, null, queryClient);
    expect(await screen.findByTestId('shell')).toHaveTextContent('Deep Work from page 44');
    // The screen claimed the early open: no second open, and the page's answers were not asked again.
    expect(openProtectedBook).toHaveBeenCalledTimes(1);
    expect(fetched.callsTo(apiPath('/progress/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e'))).toHaveLength(0);
    expect(fetched.callsTo(apiPath('/bookmarks'))).toHaveLength(0);
    expect(document.getElementById('wb-reader')).toBeNull();
  });

  it("claims the open the reader page's own script started before the app, with the page's answers in the query cache", async () => {
    writeReaderPageData({ userId: 'user-1', progress: savedAt(44, LATER) });
    openProtectedBook.mockResolvedValue(openedBook());
    // reader-first-page.ts, before any of the app has loaded: no query cache, no React.
    const started = startPageBookOpen({ search: '' });
    expect(started?.userId).toBe('user-1');
    expect(startPageBookOpen({ search: '' })).toBe(started);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(authKeys.user, makeUser({ id: 'user-1' }));
    startEarlyBookOpen(queryClient, { search: '' } as Location);
    // The app's start puts the page's answers into the screen's queries.
    expect(queryClient.getQueryData(readingPositionQueryOptions(manifest.bookId).queryKey)).toEqual(savedAt(44, LATER));
    expect(queryClient.getQueryData(bookmarksQueryOptions(manifest.bookId).queryKey)).toEqual([]);
    const { fetched } = renderReader('/reader/deep-work', undefined, null, queryClient);
    expect(await screen.findByTestId('shell')).toHaveTextContent('Deep Work from page 44');
    expect(openProtectedBook).toHaveBeenCalledTimes(1);
    expect(fetched.callsTo(apiPath('/progress/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e'))).toHaveLength(0);
    expect(fetched.callsTo(apiPath('/bookmarks'))).toHaveLength(0);
  });

  it('gives up an open the page started for another reader than the one the app has signed in', async () => {
    writeReaderPageData({ userId: 'someone-else', progress: null });
    openProtectedBook.mockResolvedValue(openedBook());
    const started = startPageBookOpen({ search: '' });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(authKeys.user, makeUser({ id: 'user-1' }));
    startEarlyBookOpen(queryClient, { search: '' } as Location);
    await expect(started?.open.ready).rejects.toThrow();
    // The screen opens the book itself, for its own reader.
    renderReader('/reader/deep-work', undefined, null, queryClient);
    expect(await screen.findByTestId('shell')).toHaveTextContent('Deep Work');
    expect(openProtectedBook).toHaveBeenCalledTimes(2);
    expect(openProtectedBook).toHaveBeenLastCalledWith(expect.objectContaining({ userId: 'user-1' }));
  });

  it("opens at this device's position when it is newer than the server's answer", async () => {
    // Read to page 52 here; the server's answer predates that page turn reaching it.
    await rememberPosition('user-1', { ...savedAt(52, LATER), deviceId: 'this-browser' });
    openProtectedBook.mockResolvedValue(openedBook());
    renderReader('/reader/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e', undefined, savedAt(1, EARLIER));
    expect(await screen.findByTestId('shell')).toHaveTextContent('from page 52');
  });

  it("offline, opens at this device's position without asking the server", async () => {
    await rememberPosition('user-1', savedAt(26, EARLIER));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    openProtectedBook.mockResolvedValue(openedBook());
    const { fetched } = renderReader('/reader/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e', undefined, savedAt(90, LATER));
    expect(await screen.findByTestId('shell')).toHaveTextContent('from page 26');
    expect(fetched.callsTo(apiPath('/progress/5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e'))).toHaveLength(0);
  });

  it("shows the server's message with the plans when the reader may not read the book", async () => {
    openProtectedBook.mockRejectedValue(new ReaderError('no_access', 'Choose this book first.', { status: 402 }));
    renderReader('/read/deep-work', '/read/:bookId');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose this book first.');
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByTestId('shell')).not.toBeInTheDocument();
  });
});

describe('PreviewPage', () => {
  it("opens the book's preview file with the closing prompt", async () => {
    mockFetch({
      [apiPath('/auth/user')]: () => new Response('{}', { status: 401 }),
      [apiPath('/books/deep-work')]: () =>
        makeBookDetail({
          id: '5d0c6a9e-2f4b-4c1a-9e7d-3b8f1a2c4d6e',
          slug: 'deep-work',
          title: 'Deep Work',
          previewPageCount: 5,
        }),
    });
    renderWithProviders(<PreviewPage />, { route: '/book/deep-work/preview', path: '/book/:id/preview' });
    expect(await screen.findByTestId('shell')).toHaveTextContent('Deep Work (preview) from page 1');
    expect(shellProps?.source).toEqual({ kind: 'url', url: apiPath('/books/deep-work/preview') });
    expect(shellProps?.watermark).toBeNull();
    expect(shellProps?.bookmarks).toBeUndefined();
    expect(shellProps?.copy).toBeUndefined();
    expect(await screen.findByText(READER_MESSAGES.previewEnd)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start 7-Day Trial' })).toHaveAttribute('href', '/auth/register');
  });

  it('explains when a book has no preview, or does not exist', async () => {
    mockFetch({
      [apiPath('/auth/user')]: () => new Response('{}', { status: 401 }),
      [apiPath('/books/no-preview')]: () => makeBookDetail({ slug: 'no-preview', previewPageCount: 0 }),
    });
    const { unmount } = renderWithProviders(<PreviewPage />, {
      route: '/book/no-preview/preview',
      path: '/book/:id/preview',
    });
    expect(await screen.findByRole('heading', { name: 'No preview yet' })).toBeInTheDocument();
    unmount();
    mockFetch({ [apiPath('/auth/user')]: () => new Response('{}', { status: 401 }) });
    renderWithProviders(<PreviewPage />, { route: '/book/missing/preview', path: '/book/:id/preview' });
    expect(await screen.findByRole('heading', { name: 'Book not found' })).toBeInTheDocument();
  });
});
