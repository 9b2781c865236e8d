import { describe, expect, it } from 'vitest';
import { successBody } from '../../test-utils';
import { mutation, stampAt, sync } from '../sync/sync-test-support';
import { readerPageData } from './reader-page-data';
import { setupReader } from './reader-test-support';

describe('the book a reader page carries (docs/decisions/021-reader-open-path.md)', () => {
  it('is what the manifest, progress and bookmarks routes answer the reader, for /reader/ and /read/ by id or slug', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('premium');
    const reader = await t.reader('premium');
    await sync(reader, [
      mutation({ type: 'progress.set', payload: { bookId: book.id, page: 3 } }, stampAt(t)),
      mutation({ type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: book.id, page: 2 } }, stampAt(t)),
    ]);
    const manifest = await successBody(reader.api.books[':idOrSlug'].manifest.$get({ param: { idOrSlug: book.slug } }));
    const progress = await successBody(reader.api.progress[':bookId'].$get({ param: { bookId: book.id } }));
    const bookmarks = await successBody(reader.api.bookmarks.$get({ query: { bookId: book.id, limit: '500' } }));
    // The segments that open the book come with it (docs/decisions/026-opening-segments.md).
    expect(manifest.openingSegments?.document).toContain(0);

    for (const pathname of [`/reader/${book.slug}`, `/read/${book.id}/`]) {
      const data = await readerPageData({ deps: t, userId: reader.user.id, pathname });
      expect(data, pathname).toEqual({
        bookRef: pathname.split('/')[2],
        userId: reader.user.id,
        manifest,
        progress,
        bookmarks: bookmarks.items,
      });
    }
  });

  it('has no saved position for a book never opened', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('premium');
    const reader = await t.reader('premium');
    const data = await readerPageData({ deps: t, userId: reader.user.id, pathname: `/reader/${book.id}` });
    expect(data?.progress).toBeNull();
    expect(data?.bookmarks).toEqual([]);
  });

  it('is nothing when the reader may not read the book, or the path is not a reader page', async () => {
    const t = setupReader();
    const { book } = await t.bookWithContent('premium');
    const free = await t.reader('free');
    const trial = await t.reader('trial');
    const premium = await t.reader('premium');
    expect(await readerPageData({ deps: t, userId: free.user.id, pathname: `/reader/${book.id}` })).toBeNull();
    expect(await readerPageData({ deps: t, userId: trial.user.id, pathname: `/reader/${book.id}` })).toBeNull();
    for (const pathname of [
      `/book/${book.id}`,
      '/reader/no-such-book',
      '/reader/%E0%A4%A',
      '/reader/%3Cscript%3E',
      `/reader/${book.id}/extra`,
      `/reader/${'a'.repeat(300)}`,
    ])
      expect(await readerPageData({ deps: t, userId: premium.user.id, pathname }), pathname).toBeNull();
  });
});
