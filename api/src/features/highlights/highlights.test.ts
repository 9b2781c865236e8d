import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TCardReviewPayload, THighlightUpsertPayload } from '@shared/highlights.schemas';
import { highlights, systemConfig, userCopyTracking } from '../../db/schema';
import { createBook } from '../../test-factories';
import { problemBody, successBody } from '../../test-utils';
import { send } from '../auth/auth-test-helpers';
import { setupReader } from '../reader/reader-test-support';
import { isoAt, mutation, stampAt, sync, type TTestSetup } from '../sync/sync-test-support';
import { HIGHLIGHT_SYNC_REASONS } from './highlights.sync';
import { exportCharacters } from './highlights.service';

type TReader = Awaited<ReturnType<TTestSetup['reader']>>;

const book = (t: TTestSetup, pageCount = 300) =>
  createBook(t.db, { pageCount, requiredTier: 'trial', skipIndex: true });

function highlightOf(bookId: string, change: Partial<THighlightUpsertPayload> = {}): THighlightUpsertPayload {
  return {
    id: crypto.randomUUID(),
    bookId,
    page: 12,
    start: 40,
    end: 80,
    quote: 'It was the best of times, it was the worst of times',
    color: 'yellow',
    note: null,
    ...change,
  };
}

const listOf = async (reader: TReader, bookId?: string) =>
  successBody(reader.api.highlights.$get({ query: bookId ? { bookId } : {} }));
const exportOf = (reader: TReader, bookId: string) =>
  reader.api.highlights.books[':bookId'].export.$post({ param: { bookId } });

describe('highlights through POST /api/sync', () => {
  it('stores a highlight with its note, lists it per book and across books, and counts it per book', async () => {
    const t = setupReader();
    const target = book(t);
    const reader = await t.reader('premium');
    const payload = highlightOf(target.id, { note: '  Opening line  ', color: 'green' });
    const answer = await sync(reader, [mutation({ type: 'highlight.upsert', payload }, stampAt(t))]);
    expect(answer.rejected).toEqual([]);

    const list = await listOf(reader, target.id);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: payload.id,
      bookId: target.id,
      page: 12,
      start: 40,
      end: 80,
      quote: payload.quote,
      color: 'green',
      note: 'Opening line',
      bookTitle: target.title,
    });
    expect((await listOf(reader)).items.map((item) => item.id)).toEqual([payload.id]);
    // By slug too.
    expect((await listOf(reader, target.slug)).total).toBe(1);
    const counts = await successBody(reader.api.highlights.books.$get());
    expect(counts.items).toEqual([
      expect.objectContaining({ bookId: target.id, bookTitle: target.title, highlights: 1, notes: 1 }),
    ]);
  });

  it('merges edits from two devices by stamp, and a delete wins over an older edit that arrives later', async () => {
    const t = setupReader();
    const target = book(t);
    const reader = await t.reader('premium');
    const payload = highlightOf(target.id);
    await sync(reader, [mutation({ type: 'highlight.upsert', payload }, stampAt(t, -10_000))]);
    // Device B deletes at -1 s; device A's note made offline at -5 s arrives afterwards.
    await sync(
      reader,
      [mutation({ type: 'highlight.delete', payload: { id: payload.id, bookId: target.id } }, stampAt(t, -1000, 'b'))],
      'device-b',
    );
    const late = await sync(reader, [
      mutation({ type: 'highlight.upsert', payload: { ...payload, note: 'late note' } }, stampAt(t, -5000)),
    ]);
    expect(late.rejected).toEqual([]);
    expect((await listOf(reader, target.id)).items).toEqual([]);

    // A newer edit after the delete brings it back (last writer wins), as for bookmarks.
    await sync(reader, [
      mutation({ type: 'highlight.upsert', payload: { ...payload, color: 'blue' } }, stampAt(t, 1000)),
    ]);
    expect((await listOf(reader, target.id)).items.map((item) => item.color)).toEqual(['blue']);
  });

  it('keeps a delete that arrives before its highlight as a tombstone', async () => {
    const t = setupReader();
    const target = book(t);
    const reader = await t.reader('premium');
    const payload = highlightOf(target.id);
    await sync(reader, [
      mutation({ type: 'highlight.delete', payload: { id: payload.id, bookId: target.id } }, stampAt(t, -1000)),
    ]);
    await sync(reader, [mutation({ type: 'highlight.upsert', payload }, stampAt(t, -2000))]);
    expect((await listOf(reader, target.id)).total).toBe(0);
    expect(t.db.select().from(highlights).where(eq(highlights.id, payload.id)).get()?.deletedAt).not.toBeNull();
  });

  it('rejects malformed highlights naming the field, and refuses pages past the end and books the reader may not read', async () => {
    const t = setupReader();
    const target = book(t, 20);
    const reader = await t.reader('premium');
    const bad = [
      highlightOf(target.id, { color: 'purple' as 'yellow' }),
      highlightOf(target.id, { start: 10, end: 10 }),
      highlightOf(target.id, { quote: 'x'.repeat(2001) }),
      highlightOf(target.id, { note: 'n'.repeat(2001) }),
      highlightOf(target.id, { quote: '   ' }),
      highlightOf(target.id, { page: 21 }),
    ];
    const answer = await sync(
      reader,
      bad.map((payload) => mutation({ type: 'highlight.upsert', payload }, stampAt(t), payload.id)),
    );
    const reasons = Object.fromEntries(answer.rejected.map((item) => [item.id, item.reason]));
    expect(reasons[bad[0].id]).toBe('payload.color: Colour must be one of yellow, green, blue, pink');
    expect(reasons[bad[1].id]).toBe('payload.end: End must be after start');
    expect(reasons[bad[2].id]).toBe('payload.quote: Highlighted text must be at most 2000 characters');
    expect(reasons[bad[3].id]).toBe('payload.note: Note must be at most 2000 characters');
    expect(reasons[bad[4].id]).toBe('payload.quote: Highlighted text is required');
    expect(reasons[bad[5].id]).toBe(HIGHLIGHT_SYNC_REASONS.pastEnd(21, 20));

    const free = await t.reader('free');
    const refused = await sync(free, [
      mutation({ type: 'highlight.upsert', payload: highlightOf(target.id) }, stampAt(t)),
    ]);
    expect(refused.rejected[0].reason).toBe('You may not read this book, so changes to it cannot be saved');
    expect(t.db.select().from(highlights).all()).toEqual([]);
  });

  it("never shows or changes another reader's highlights", async () => {
    const t = setupReader();
    const target = book(t);
    const ada = await t.reader('premium');
    const bob = await t.reader('premium');
    const payload = highlightOf(target.id);
    await sync(ada, [mutation({ type: 'highlight.upsert', payload }, stampAt(t))]);
    const takeover = await sync(bob, [
      mutation({ type: 'highlight.upsert', payload: { ...payload, note: 'mine' } }, stampAt(t, 1000)),
      mutation({ type: 'highlight.delete', payload: { id: payload.id, bookId: target.id } }, stampAt(t, 2000)),
    ]);
    expect(takeover.rejected.map((item) => item.reason)).toEqual([
      HIGHLIGHT_SYNC_REASONS.idInUse('highlight'),
      HIGHLIGHT_SYNC_REASONS.idInUse('highlight'),
    ]);
    expect((await listOf(bob)).total).toBe(0);
    expect((await listOf(ada, target.id)).items[0].note).toBeNull();
  });

  it('validates the list query (problem+json naming the field) and needs a session', async () => {
    const t = setupReader();
    const reader = await t.reader('premium');
    // raw requests: values the typed client's types refuse
    const bad = await reader.api.highlights.$get({ query: { limit: '5000' } });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors?.[0]).toMatchObject({
      field: 'limit',
      message: 'Limit must be at most 1000',
    });
    const badBook = await reader.api.highlights.$get({ query: { bookId: 'no spaces!' } });
    expect((await problemBody(badBook)).errors?.[0]?.field).toBe('bookId');
    expect((await reader.api.highlights.$get({ query: { bookId: crypto.randomUUID() } })).status).toBe(404);
    expect((await t.api.highlights.$get({ query: {} })).status).toBe(401);
    expect((await t.api['review-cards'].$get()).status).toBe(401);
  });
});

describe('POST /api/highlights/books/:bookId/export', () => {
  it('answers Markdown with page references, notes as text, and counts the quotes against the copy budget', async () => {
    const t = setupReader();
    const { book: target } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    const first = highlightOf(target.id, { page: 2, start: 0, end: 20, quote: 'A quiet harbour' });
    const second = highlightOf(target.id, {
      page: 1,
      start: 5,
      end: 30,
      quote: 'The keeper wrote every night',
      note: '<img src=x onerror=alert(1)> **bold**',
    });
    await sync(reader, [
      mutation({ type: 'highlight.upsert', payload: first }, stampAt(t)),
      mutation({ type: 'highlight.upsert', payload: second }, stampAt(t, 1)),
    ]);
    const response = await exportOf(reader, target.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${target.slug}-highlights.md"`);
    const markdown = await response.text();
    expect(markdown.startsWith(`# ${target.title.replace(/([-.!])/g, '\\$1')}`)).toBe(true);
    // Page order, each quote with its page; the note's markup is escaped, never live.
    expect(markdown.indexOf('The keeper wrote every night')).toBeLessThan(markdown.indexOf('A quiet harbour'));
    expect(markdown).toContain('— page 1');
    expect(markdown).toContain('— page 2');
    expect(markdown).toContain('Note: \\<img src=x onerror=alert\\(1\\)\\> \\*\\*bold\\*\\*');
    expect(markdown).not.toMatch(/(^|[^\\])<img/);
    const tracking = t.db.select().from(userCopyTracking).where(eq(userCopyTracking.userId, reader.user.id)).get();
    expect(tracking?.totalCharactersCopied).toBe(exportCharacters([first.quote, second.quote]));
  });

  it('refuses an export past the copy limit whole (422), and answers 404 with nothing to export', async () => {
    const t = setupReader();
    const { book: target, asset } = await t.bookWithContent('trial');
    const reader = await t.reader('premium');
    expect((await exportOf(reader, target.id)).status).toBe(404);
    expect((await problemBody(await exportOf(reader, target.id))).detail).toBe(
      'This book has no highlights or notes to export yet.',
    );
    t.db.insert(systemConfig).values({ key: 'max_copy_percentage', value: '1', dataType: 'number' }).run();
    const limit = Math.floor(asset.totalCharacters / 100);
    const long = highlightOf(target.id, { quote: 'word '.repeat(Math.ceil((limit + 10) / 5)).slice(0, 2000) });
    const quotes = [long];
    while (exportCharacters(quotes.map((item) => item.quote)) <= limit)
      quotes.push(highlightOf(target.id, { quote: long.quote }));
    await sync(
      reader,
      quotes.map((payload, index) => mutation({ type: 'highlight.upsert', payload }, stampAt(t, index))),
    );
    const refused = await exportOf(reader, target.id);
    expect(refused.status).toBe(422);
    expect((await problemBody(refused)).detail).toBe("You've reached the copy limit for this book.");
    expect(t.db.select().from(userCopyTracking).all()).toEqual([]);
  });

  it('needs a session and the right to read the book', async () => {
    const t = setupReader();
    const { book: target } = await t.bookWithContent('premium');
    const reader = await t.reader('premium');
    await sync(reader, [mutation({ type: 'highlight.upsert', payload: highlightOf(target.id) }, stampAt(t))]);
    expect((await exportOf(reader, target.id)).status).toBe(200);
    const anonymous = await send(t.app, `/api/highlights/books/${target.id}/export`, undefined);
    expect(anonymous.status).toBe(401);
    const basic = await t.reader('basic');
    // Another reader has no highlights of the book; the book itself is refused before that.
    expect((await exportOf(basic, target.id)).status).toBe(404);
    const badParam = await exportOf(reader, 'not a slug!');
    expect(badParam.status).toBe(400);
    expect((await problemBody(badParam)).errors?.[0]?.field).toBe('bookId');
  });
});

describe('review cards through POST /api/sync', () => {
  it('makes a card from a highlight or its note, records reviews once and lists the deck', async () => {
    const t = setupReader();
    const target = book(t);
    const reader = await t.reader('premium');
    const withNote = highlightOf(target.id, { note: 'Dickens opens with a paradox' });
    const bare = highlightOf(target.id, { page: 13 });
    const card = { id: crypto.randomUUID(), highlightId: withNote.id, kind: 'note' as const };
    const noteless = { id: crypto.randomUUID(), highlightId: bare.id, kind: 'note' as const };
    const review: TCardReviewPayload = { id: crypto.randomUUID(), cardId: card.id, rating: 3, reviewedAt: isoAt(t) };
    const answer = await sync(reader, [
      mutation({ type: 'highlight.upsert', payload: withNote }, stampAt(t)),
      mutation({ type: 'highlight.upsert', payload: bare }, stampAt(t, 1)),
      mutation({ type: 'card.upsert', payload: card }, stampAt(t, 2)),
      mutation({ type: 'card.upsert', payload: noteless }, stampAt(t, 3), noteless.id),
      mutation({ type: 'card.review', payload: review }, stampAt(t, 4)),
      mutation({ type: 'card.review', payload: review }, stampAt(t, 5)),
    ]);
    expect(answer.rejected).toEqual([{ id: noteless.id, reason: HIGHLIGHT_SYNC_REASONS.noNote }]);
    const deck = await successBody(reader.api['review-cards'].$get());
    expect(deck.cards).toEqual([expect.objectContaining({ id: card.id, highlightId: withNote.id, kind: 'note' })]);
    expect(deck.highlights.map((item) => item.id)).toEqual([withNote.id]);
    expect(deck.reviews).toEqual([{ id: review.id, cardId: card.id, rating: 3, reviewedAt: review.reviewedAt }]);

    // Another reader can neither review nor delete the card, nor make one of the highlight.
    const bob = await t.reader('premium');
    const refused = await sync(bob, [
      mutation({ type: 'card.review', payload: { ...review, id: crypto.randomUUID() } }, stampAt(t)),
      mutation({ type: 'card.delete', payload: { id: card.id } }, stampAt(t, 1)),
      mutation({ type: 'card.upsert', payload: { ...card, id: crypto.randomUUID() } }, stampAt(t, 2)),
    ]);
    expect(refused.rejected.map((item) => item.reason)).toEqual([
      HIGHLIGHT_SYNC_REASONS.cardNotFound,
      HIGHLIGHT_SYNC_REASONS.idInUse('review card'),
      HIGHLIGHT_SYNC_REASONS.highlightNotFound,
    ]);

    // Deleting the card (or its highlight) takes it out of the deck.
    await sync(reader, [mutation({ type: 'card.delete', payload: { id: card.id } }, stampAt(t, 10))]);
    expect((await successBody(reader.api['review-cards'].$get())).cards).toEqual([]);
  });

  it('rejects a malformed review naming the field', async () => {
    const t = setupReader();
    const reader = await t.reader('premium');
    const answer = await sync(reader, [
      mutation(
        {
          type: 'card.review',
          payload: { id: crypto.randomUUID(), cardId: crypto.randomUUID(), rating: 5, reviewedAt: 'yesterday' },
        },
        stampAt(t),
      ),
    ]);
    expect(answer.rejected[0].reason).toBe(
      'payload.rating: Rating must be 1, 2, 3 or 4; payload.reviewedAt: Reviewed at must be an ISO 8601 date and time',
    );
  });
});
