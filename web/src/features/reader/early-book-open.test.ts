/**
 * The open the service worker's offline reader page starts before the app (docs/decisions/029-offline-reader-page.md):
 * the book from the address, the reader this browser last knew, claimed by the app's screen like the online page's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberConfirmedUser } from '@web/features/auth/last-known-user';
import type { TCurrentUser } from '@shared/auth';

const openProtectedBook = vi.fn((_options: { bookRef: string; userId: string }) => new Promise<never>(() => undefined));
vi.mock('@web/protected-content/open-protected-book', () => ({
  openProtectedBook: (options: { bookRef: string; userId: string }) => openProtectedBook(options),
}));

const { claimEarlyBookOpen, startOfflinePageBookOpen } = await import('./early-book-open');

const reader = { id: 'user-1', email: 'reader@example.com' } as TCurrentUser;

afterEach(() => {
  rememberConfirmedUser(null);
  openProtectedBook.mockClear();
  claimEarlyBookOpen('the-prince', 'user-1')?.cancel();
});

describe('startOfflinePageBookOpen', () => {
  it('opens nothing without a reader this browser knows, or when the address names no book', () => {
    expect(startOfflinePageBookOpen({ pathname: '/reader/the-prince', search: '' })).toBeNull();
    rememberConfirmedUser(reader);
    expect(startOfflinePageBookOpen({ pathname: '/library', search: '' })).toBeNull();
    expect(startOfflinePageBookOpen({ pathname: '/reader/%E0%A4%A', search: '' })).toBeNull();
    expect(openProtectedBook).not.toHaveBeenCalled();
  });

  it("opens the address's book for the last known reader, and the reader screen claims that open once", () => {
    rememberConfirmedUser(reader);
    const started = startOfflinePageBookOpen({ pathname: '/reader/the-prince', search: '?page=3' });
    expect(started).toMatchObject({ bookRef: 'the-prince', userId: 'user-1', page: null });
    expect(openProtectedBook).toHaveBeenCalledWith(
      expect.objectContaining({ bookRef: 'the-prince', userId: 'user-1' }),
    );
    expect(claimEarlyBookOpen('the-prince', 'someone-else')).toBeNull();
    expect(claimEarlyBookOpen('the-prince', 'user-1')).toBe(started?.open);
    expect(claimEarlyBookOpen('the-prince', 'user-1')).toBeNull();
  });
});
