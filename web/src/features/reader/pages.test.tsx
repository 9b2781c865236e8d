/**
 * The two reader screens around the shell (the shell itself is replaced by a probe): which document
 * and first page they hand over, and what they show before and instead of it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { READER_MESSAGES, type TBookManifest } from '@shared/reader';
import { makeBookDetail, makeUser, mockFetch, renderWithProviders } from '@web/features/catalogue/test-utils';
import { ReaderError } from '@web/lib/reader-error';
import type { ReaderShellProps } from './reader-shell';
import { apiPath } from '@web/lib/api-test-support';

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

let savedPosition: { isLoading: boolean; progress: { currentPage: number; totalPages: number } | null } = {
  isLoading: false,
  progress: null,
};
const setPosition = vi.fn();
vi.mock('@web/features/sync/use-reading-position', () => ({
  useReadingPosition: () => ({
    ...savedPosition,
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
const { default: PreviewPage } = await import('./preview-page');

afterEach(() => {
  shellProps = null;
  savedPosition = { isLoading: false, progress: null };
  openProtectedBook.mockReset();
  vi.unstubAllGlobals();
});

const manifest = {
  bookId: 'b-uuid',
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

function renderReader(route: string, path = '/reader/:bookId') {
  mockFetch({
    [apiPath('/auth/user')]: () => makeUser({ id: 'user-1' }),
    [apiPath('/books/b-uuid/copy-budget')]: () => ({ used: 0, limit: 1000, isLimitReached: false }),
  });
  return renderWithProviders(<ReaderPage />, { route, path });
}

describe('ReaderPage', () => {
  it('opens the protected book for the signed-in reader and resumes at the saved page', async () => {
    const book = openedBook();
    openProtectedBook.mockResolvedValue(book);
    savedPosition = { isLoading: false, progress: { currentPage: 30, totalPages: 300 } };
    renderReader('/reader/deep-work');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByTestId('shell')).toHaveTextContent('Deep Work from page 30');
    expect(openProtectedBook).toHaveBeenCalledWith(expect.objectContaining({ bookRef: 'deep-work', userId: 'user-1' }));
    expect(shellProps?.source).toEqual({ kind: 'range', params: book.documentParams });
    expect(shellProps?.watermark).toEqual(book.policy.watermark);
    expect(shellProps?.bookmarks).toBeDefined();
    expect(shellProps?.backTo).toBe('/book/deep-work');
  });

  it('lets ?page= win over the saved position', async () => {
    openProtectedBook.mockResolvedValue(openedBook());
    savedPosition = { isLoading: false, progress: { currentPage: 30, totalPages: 300 } };
    renderReader('/reader/deep-work?page=7');
    expect(await screen.findByTestId('shell')).toHaveTextContent('from page 7');
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
        makeBookDetail({ id: 'b-uuid', slug: 'deep-work', title: 'Deep Work', previewPageCount: 5 }),
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
