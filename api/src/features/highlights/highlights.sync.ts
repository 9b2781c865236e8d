/**
 * The sync handlers of highlights, notes and review cards (docs/product/highlights.md#sync), run by the
 * sync service (features/sync) inside its batch transaction with the mutation's bounded HLC stamp.
 * Same rules as bookmarks (docs/decisions/011-sync-and-merge-rules.md): last writer wins per id, a
 * delete is a tombstone that wins ties and a delete that arrives first leaves a tombstone; reviews are
 * appended once by their id. Every look-up by a device-made id checks the owner before anything is
 * written, and each handler refuses before its first write (the sync service relies on it).
 */
import { mergeCard, mergeHighlight, type TCardValue, type THighlightValue } from '@shared/highlights';
import type {
  TCardDeletePayload,
  TCardReviewPayload,
  TCardUpsertPayload,
  THighlightDeletePayload,
  THighlightUpsertPayload,
} from '@shared/highlights.schemas';
import { HLC_MAX_AHEAD_MS } from '@shared/hlc';
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';

/** What the sync service hands a handler (a narrow view of its batch context). */
export interface THighlightSyncContext {
  db: Db;
  userId: string;
  nowMs: number;
  hlc: string;
  madeAtMs: number;
  /** The book by uuid or slug when it exists and the reader may write to it at `atMs`, else the refusal. */
  writableBook(ref: string, atMs: number): { id: string; pageCount: number | null } | { refusal: string };
  /** The book by uuid or slug, whatever the reader's rights (deletes only take data away). */
  resolveBook(ref: string): { id: string } | null;
}

export type THighlightSyncOutcome = { ok: true } | { ok: false; reason: string };

const APPLIED: THighlightSyncOutcome = { ok: true };
const refuse = (reason: string): THighlightSyncOutcome => ({ ok: false, reason });

export const HIGHLIGHT_SYNC_REASONS = {
  bookNotFound: 'Book not found',
  idInUse: (what: string) => `This ${what} id is already in use`,
  otherBook: (what: string) => `This ${what} belongs to another book`,
  pastEnd: (page: number, last: number) => `Page ${page} is past the last page of the book (${last})`,
  highlightNotFound: 'Highlight not found',
  cardNotFound: 'Review card not found',
  noNote: 'This highlight has no note to make a card from.',
} as const;

interface THighlightRow {
  id: string;
  user_id: string;
  book_id: string;
  page: number;
  start_offset: number;
  end_offset: number;
  quote: string;
  color: string;
  note: string | null;
  hlc: string | null;
  deleted_at: number | null;
}

interface TCardRow {
  id: string;
  user_id: string;
  book_id: string;
  highlight_id: string;
  kind: string;
  hlc: string | null;
  deleted_at: number | null;
}

const statements = perConnection((db: Db) => {
  const client = db.$client;
  return {
    highlight: client.prepare<[string], THighlightRow>(
      'select id, user_id, book_id, page, start_offset, end_offset, quote, color, note, hlc, deleted_at from highlights where id = ?',
    ),
    insertHighlight: client.prepare(
      `insert into highlights (id, user_id, book_id, page, start_offset, end_offset, quote, color, note, hlc, deleted_at, created_at, updated_at)
       values (@id, @userId, @bookId, @page, @start, @end, @quote, @color, @note, @hlc, @deletedAt, @now, @now)`,
    ),
    updateHighlight: client.prepare(
      `update highlights set page = @page, start_offset = @start, end_offset = @end, quote = @quote, color = @color,
         note = @note, hlc = @hlc, deleted_at = @deletedAt, updated_at = @now where id = @id`,
    ),
    card: client.prepare<[string], TCardRow>(
      'select id, user_id, book_id, highlight_id, kind, hlc, deleted_at from review_cards where id = ?',
    ),
    insertCard: client.prepare(
      `insert into review_cards (id, user_id, book_id, highlight_id, kind, hlc, deleted_at, created_at, updated_at)
       values (@id, @userId, @bookId, @highlightId, @kind, @hlc, @deletedAt, @now, @now)`,
    ),
    updateCard: client.prepare(
      'update review_cards set kind = @kind, hlc = @hlc, deleted_at = @deletedAt, updated_at = @now where id = @id',
    ),
    insertReview: client.prepare<[string, string, string, number, number, number]>(
      `insert into card_reviews (id, user_id, card_id, rating, reviewed_at, created_at) values (?, ?, ?, ?, ?, ?)
       on conflict (id) do nothing`,
    ),
    reviewOwner: client.prepare<[string], string>('select user_id from card_reviews where id = ?').pluck(),
  };
});

const toValue = (row: THighlightRow): THighlightValue => ({
  id: row.id,
  bookId: row.book_id,
  page: row.page,
  start: row.start_offset,
  end: row.end_offset,
  quote: row.quote,
  color: row.color,
  note: row.note,
  hlc: row.hlc ?? '',
  deleted: row.deleted_at !== null,
});

const cleanNote = (note: string | null | undefined) => (note?.trim() ? note.trim() : null);

export function upsertHighlight(ctx: THighlightSyncContext, payload: THighlightUpsertPayload): THighlightSyncOutcome {
  const s = statements(ctx.db);
  const row = s.highlight.get(payload.id);
  if (row && row.user_id !== ctx.userId) return refuse(HIGHLIGHT_SYNC_REASONS.idInUse('highlight'));
  const book = ctx.writableBook(payload.bookId, ctx.madeAtMs);
  if ('refusal' in book) return refuse(book.refusal);
  if (row && row.book_id !== book.id) return refuse(HIGHLIGHT_SYNC_REASONS.otherBook('highlight'));
  if (book.pageCount !== null && payload.page > book.pageCount)
    return refuse(HIGHLIGHT_SYNC_REASONS.pastEnd(payload.page, book.pageCount));
  const incoming: THighlightValue = {
    id: payload.id,
    bookId: book.id,
    page: payload.page,
    start: payload.start,
    end: payload.end,
    quote: payload.quote,
    color: payload.color,
    note: cleanNote(payload.note),
    hlc: ctx.hlc,
    deleted: false,
  };
  const values = { ...incoming, hlc: ctx.hlc, deletedAt: null, now: ctx.nowMs };
  if (!row) {
    s.insertHighlight.run({ ...values, userId: ctx.userId });
    return APPLIED;
  }
  if (mergeHighlight(toValue(row), incoming) === incoming) s.updateHighlight.run(values);
  return APPLIED;
}

export function deleteHighlight(ctx: THighlightSyncContext, payload: THighlightDeletePayload): THighlightSyncOutcome {
  const s = statements(ctx.db);
  const row = s.highlight.get(payload.id);
  if (row && row.user_id !== ctx.userId) return refuse(HIGHLIGHT_SYNC_REASONS.idInUse('highlight'));
  if (row) {
    // Removing one's own highlight needs no reading rights: it only ever takes data away.
    const book = ctx.resolveBook(payload.bookId);
    if (!book || book.id !== row.book_id)
      return refuse(book ? HIGHLIGHT_SYNC_REASONS.otherBook('highlight') : HIGHLIGHT_SYNC_REASONS.bookNotFound);
    const current = toValue(row);
    const tombstone: THighlightValue = { ...current, hlc: ctx.hlc, deleted: true };
    if (mergeHighlight(current, tombstone) === tombstone)
      s.updateHighlight.run({ ...current, hlc: ctx.hlc, deletedAt: row.deleted_at ?? ctx.nowMs, now: ctx.nowMs });
    return APPLIED;
  }
  // A delete that arrives before its highlight leaves a tombstone, so the late create stays deleted.
  const book = ctx.writableBook(payload.bookId, ctx.madeAtMs);
  if ('refusal' in book) return refuse(book.refusal);
  s.insertHighlight.run({
    id: payload.id,
    userId: ctx.userId,
    bookId: book.id,
    page: 1,
    start: 0,
    end: 1,
    quote: '',
    color: 'yellow',
    note: null,
    hlc: ctx.hlc,
    deletedAt: ctx.nowMs,
    now: ctx.nowMs,
  });
  return APPLIED;
}

const toCardValue = (row: TCardRow): TCardValue => ({
  id: row.id,
  highlightId: row.highlight_id,
  kind: row.kind,
  hlc: row.hlc ?? '',
  deleted: row.deleted_at !== null,
});

export function upsertCard(ctx: THighlightSyncContext, payload: TCardUpsertPayload): THighlightSyncOutcome {
  const s = statements(ctx.db);
  const row = s.card.get(payload.id);
  if (row && row.user_id !== ctx.userId) return refuse(HIGHLIGHT_SYNC_REASONS.idInUse('review card'));
  const highlight = s.highlight.get(payload.highlightId);
  if (!highlight || highlight.user_id !== ctx.userId || highlight.deleted_at !== null)
    return refuse(HIGHLIGHT_SYNC_REASONS.highlightNotFound);
  if (row && row.highlight_id !== highlight.id) return refuse(HIGHLIGHT_SYNC_REASONS.otherBook('review card'));
  if (payload.kind === 'note' && !highlight.note) return refuse(HIGHLIGHT_SYNC_REASONS.noNote);
  const incoming: TCardValue = {
    id: payload.id,
    highlightId: highlight.id,
    kind: payload.kind,
    hlc: ctx.hlc,
    deleted: false,
  };
  if (!row) {
    s.insertCard.run({
      id: payload.id,
      userId: ctx.userId,
      bookId: highlight.book_id,
      highlightId: highlight.id,
      kind: payload.kind,
      hlc: ctx.hlc,
      deletedAt: null,
      now: ctx.nowMs,
    });
    return APPLIED;
  }
  if (mergeCard(toCardValue(row), incoming) === incoming)
    s.updateCard.run({ id: row.id, kind: payload.kind, hlc: ctx.hlc, deletedAt: null, now: ctx.nowMs });
  return APPLIED;
}

export function deleteCard(ctx: THighlightSyncContext, payload: TCardDeletePayload): THighlightSyncOutcome {
  const s = statements(ctx.db);
  const row = s.card.get(payload.id);
  // A card is made from a highlight that reached the server first, so an unknown card has nothing to delete.
  if (!row) return refuse(HIGHLIGHT_SYNC_REASONS.cardNotFound);
  if (row.user_id !== ctx.userId) return refuse(HIGHLIGHT_SYNC_REASONS.idInUse('review card'));
  const current = toCardValue(row);
  const tombstone: TCardValue = { ...current, hlc: ctx.hlc, deleted: true };
  if (mergeCard(current, tombstone) === tombstone)
    s.updateCard.run({
      id: row.id,
      kind: row.kind,
      hlc: ctx.hlc,
      deletedAt: row.deleted_at ?? ctx.nowMs,
      now: ctx.nowMs,
    });
  return APPLIED;
}

export function recordCardReview(ctx: THighlightSyncContext, payload: TCardReviewPayload): THighlightSyncOutcome {
  const s = statements(ctx.db);
  const card = s.card.get(payload.cardId);
  if (!card || card.user_id !== ctx.userId) return refuse(HIGHLIGHT_SYNC_REASONS.cardNotFound);
  const owner = s.reviewOwner.get(payload.id);
  if (owner !== undefined) return owner === ctx.userId ? APPLIED : refuse(HIGHLIGHT_SYNC_REASONS.idInUse('review'));
  // A device-made time later than the server allows becomes server time (as for reading events).
  const madeAt = Date.parse(payload.reviewedAt);
  const reviewedAt = madeAt > ctx.nowMs + HLC_MAX_AHEAD_MS ? ctx.nowMs : madeAt;
  s.insertReview.run(payload.id, ctx.userId, card.id, payload.rating, reviewedAt, ctx.nowMs);
  return APPLIED;
}
