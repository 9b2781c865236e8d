import { describe, expect, it } from 'vitest';
import { describePendingChanges, pendingBookChanges } from './offline-status';

describe('the reader offline status', () => {
  it("counts this book's place and bookmark changes waiting in the outbox", () => {
    const entries = [
      { type: 'progress.set', payload: { bookId: 'b1', page: 3 } },
      { type: 'progress.set', payload: { bookId: 'b1', page: 4 } },
      { type: 'bookmark.upsert', payload: { bookId: 'b1' } },
      { type: 'bookmark.delete', payload: { bookId: 'b1' } },
      { type: 'bookmark.upsert', payload: { bookId: 'other' } },
      { type: 'event.record', payload: { bookId: 'b1' } },
    ];
    expect(pendingBookChanges(entries, 'b1')).toEqual({ hasPosition: true, bookmarkChanges: 2 });
  });

  it('says what will sync', () => {
    expect(describePendingChanges({ hasPosition: true, bookmarkChanges: 2 })).toBe(
      'Your place and 2 bookmark changes will sync when you are back online.',
    );
    expect(describePendingChanges({ hasPosition: false, bookmarkChanges: 1 })).toBe(
      '1 bookmark change will sync when you are back online.',
    );
    expect(describePendingChanges({ hasPosition: false, bookmarkChanges: 0 })).toBe('Nothing is waiting to sync.');
  });
});
