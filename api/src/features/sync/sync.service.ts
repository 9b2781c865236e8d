/**
 * POST /api/sync (docs/ARCHITECTURE.md#sync): applies a device's batch of offline changes with the pure merge rules of
 * shared/sync.ts. The batch runs in a BEGIN IMMEDIATE transaction it shares with the batches that
 * arrive in the same turn of the event loop (db/group-commit.ts, decision 013). Each mutation first
 * claims its (user, device, mutation id) row in sync_mutations and its effect is written in the same
 * transaction, so it is applied exactly once. Handlers check every rule before their first write, so
 * a refused mutation leaves only its record; should the database still fail on one, the group is
 * rolled back and replayed with a savepoint per batch and per mutation, refusing only the one that fails.
 *
 * Outcomes per mutation:
 * - applied: its effect is stored (or lost a last-writer-wins comparison, which is also a result);
 *   a re-sent id is answered from sync_mutations without touching anything;
 * - rejected with a reason: malformed (not recorded, so a fixed client may resend), or refused by a
 *   rule (recorded, so the same id always gets the same answer): a book the reader may not read, an
 *   id (bookmark, session, event) that belongs to another reader, a page past the end of the book.
 * Nothing here ever reads or writes another reader's rows: every look-up by a device-made id checks
 * the owner before anything is written.
 */
import { boundStamp, encodeHlc, HLC_MAX_AHEAD_MS, parseHlc } from '@shared/hlc';
import type { TFeedbackSubmitPayload } from '@shared/feedback';
import { progressPercentage, reachesEnd, type TSyncResponse } from '@shared/progress';
import { mergeBookmark, mergeFurthest, mergePosition, type TBookmarkValue, type TPositionValue } from '@shared/sync';
import {
  isSyncMutationType,
  MAX_DURATION_MS,
  SYNC_PAYLOAD_SCHEMAS,
  type TBookmarkDeletePayload,
  type TBookmarkUpsertPayload,
  type TCopyReportPayload,
  type TEventRecordPayload,
  type TProgressSetPayload,
  type TSessionEndPayload,
  type TSessionStartPayload,
  type TSyncMutation,
  type TSyncMutationType,
} from '@shared/sync.schemas';
import type { Db } from '../../db/client';
import { groupCommit } from '../../db/group-commit';
import { READING_EVENT_TYPES as SCHEMA_EVENT_TYPES } from '../../db/schema';
import { toFieldErrors } from '../../lib/validate';
import { readBookmarks, readProgress } from '../progress/progress.service';
import { markReadingStatsDirty } from '../reading-stats/reading-stats.service';
import { refreshChallengeProgress } from '../challenges/challenges.service';
import { queueRecommendationRefresh } from '../recommendations/recommendation-refresh';
import { applyBookDelta, emptyDelta, mergeDelta, type TBookDelta } from '../progress/reading-aggregates';
import { mergeDeviceCopyCounter, ONLINE_COPY_SOURCE } from '../reader/copy-budget.service';
import { submitFeedback } from '../feedback/feedback.service';
import {
  deleteCard,
  deleteHighlight,
  recordCardReview,
  upsertCard,
  upsertHighlight,
  type THighlightSyncContext,
  type THighlightSyncOutcome,
} from '../highlights/highlights.sync';
import { createBookAccess, type TBookAccess, type TSyncBook } from './book-access';
import { syncStatements, type TSessionRow } from './sync.statements';

type TOutcome = { ok: true } | { ok: false; reason: string };

const APPLIED: TOutcome = { ok: true };
const refuse = (reason: string): TOutcome => ({ ok: false, reason });

export const SYNC_REASONS = {
  bookNotFound: 'Book not found',
  notEntitled: 'You may not read this book, so changes to it cannot be saved',
  idInUse: (what: string) => `This ${what} id is already in use`,
  otherBook: (what: string) => `This ${what} belongs to another book`,
  pastEnd: (page: number, last: number) => `Page ${page} is past the last page of the book (${last})`,
  sessionNotFound: 'Reading session not found',
  onlineSource: 'Copies of the online reader are counted by the reader itself',
  failed: 'This change could not be saved',
} as const;

/** Everything one mutation handler needs: the batch's context and the mutation's bounded stamp. */
interface TContext {
  db: Db;
  userId: string;
  deviceId: string;
  nowMs: number;
  access: TBookAccess;
  hlc: string;
  /** The bounded stamp's physical time: when the change was made, as far as the server believes. */
  madeAtMs: number;
  sessions: Map<string, TSessionRow | null>;
  delta: (bookId: string, change: Partial<TBookDelta>) => void;
}

/** A device-made time, no later than the server's bound allows. */
function boundedTime(iso: string, nowMs: number): number {
  const ms = Date.parse(iso);
  return ms > nowMs + HLC_MAX_AHEAD_MS ? nowMs : ms;
}

function bookFor(ctx: TContext, ref: string, atMs: number): TSyncBook | TOutcome {
  const book = ctx.access.resolve(ref);
  if (!book) return refuse(SYNC_REASONS.bookNotFound);
  if (!ctx.access.mayWrite(book.id, atMs)) return refuse(SYNC_REASONS.notEntitled);
  return book;
}

const isOutcome = (value: TSyncBook | TOutcome): value is TOutcome => 'ok' in value;

function checkPage(book: TSyncBook, page: number): TOutcome | null {
  return book.pageCount !== null && page > book.pageCount ? refuse(SYNC_REASONS.pastEnd(page, book.pageCount)) : null;
}

function loadSession(ctx: TContext, id: string): TSessionRow | null {
  if (!ctx.sessions.has(id)) ctx.sessions.set(id, syncStatements(ctx.db).session.get(id) ?? null);
  return ctx.sessions.get(id)!;
}

/** A session id another reader (or another book) already uses is refused; null when it is free or ours. */
function sessionConflict(ctx: TContext, session: TSessionRow | null, bookId: string): TOutcome | null {
  if (!session) return null;
  if (session.user_id !== ctx.userId) return refuse(SYNC_REASONS.idInUse('reading session'));
  if (session.book_id !== bookId) return refuse(SYNC_REASONS.otherBook('reading session'));
  return null;
}

function setProgress(ctx: TContext, payload: TProgressSetPayload): TOutcome {
  const book = bookFor(ctx, payload.bookId, ctx.madeAtMs);
  if (isOutcome(book)) return book;
  const tooFar = checkPage(book, payload.page);
  if (tooFar) return tooFar;
  if (payload.totalPages !== undefined && payload.page > payload.totalPages)
    return refuse(SYNC_REASONS.pastEnd(payload.page, payload.totalPages));
  const s = syncStatements(ctx.db);
  const row = s.progress.get(ctx.userId, book.id);
  const totalPages = book.pageCount ?? payload.totalPages ?? row?.total_pages ?? null;
  const incoming: TPositionValue = { page: payload.page, totalPages, hlc: ctx.hlc, deviceId: ctx.deviceId };
  const current: TPositionValue | null = row
    ? { page: row.current_page, totalPages: row.total_pages, hlc: row.hlc ?? '', deviceId: row.device_id ?? '' }
    : null;
  const winner = mergePosition(current, incoming)!;
  const furthestPage = mergeFurthest(row?.furthest_page ?? 0, payload.page);
  const lastReadAt = Math.max(row?.last_read_at ?? 0, ctx.madeAtMs);
  const values = {
    userId: ctx.userId,
    bookId: book.id,
    currentPage: winner.page,
    totalPages: winner === incoming ? totalPages : (row?.total_pages ?? totalPages),
    furthestPage,
    lastReadAt,
    hlc: winner.hlc || null,
    deviceId: winner.deviceId || null,
    now: ctx.nowMs,
  };
  const percentage = progressPercentage(values.currentPage, values.totalPages);
  if (row) s.updateProgress.run({ ...values, id: row.id, percentage });
  else s.insertProgress.run({ ...values, id: crypto.randomUUID(), percentage });
  ctx.delta(book.id, {
    positionChanged: true,
    completedAt: reachesEnd(furthestPage, values.totalPages) ? lastReadAt : null,
  });
  return APPLIED;
}

function upsertBookmark(ctx: TContext, payload: TBookmarkUpsertPayload): TOutcome {
  const s = syncStatements(ctx.db);
  const row = s.bookmark.get(payload.id);
  if (row && row.user_id !== ctx.userId) return refuse(SYNC_REASONS.idInUse('bookmark'));
  const book = bookFor(ctx, payload.bookId, ctx.madeAtMs);
  if (isOutcome(book)) return book;
  if (row && row.book_id !== book.id) return refuse(SYNC_REASONS.otherBook('bookmark'));
  const tooFar = checkPage(book, payload.page);
  if (tooFar) return tooFar;
  const incoming: TBookmarkValue = {
    id: payload.id,
    bookId: book.id,
    page: payload.page,
    note: payload.note ?? null,
    hlc: ctx.hlc,
    deleted: false,
  };
  if (!row) {
    s.insertBookmark.run({
      id: payload.id,
      userId: ctx.userId,
      bookId: book.id,
      page: incoming.page,
      note: incoming.note,
      hlc: ctx.hlc,
      deletedAt: null,
      now: ctx.nowMs,
    });
    return APPLIED;
  }
  const current: TBookmarkValue = {
    id: row.id,
    bookId: row.book_id,
    page: row.page,
    note: row.note,
    hlc: row.hlc ?? '',
    deleted: row.deleted_at !== null,
  };
  if (mergeBookmark(current, incoming) === incoming) {
    s.updateBookmark.run({
      id: row.id,
      page: incoming.page,
      note: incoming.note,
      hlc: ctx.hlc,
      deletedAt: null,
      now: ctx.nowMs,
    });
  }
  return APPLIED;
}

function deleteBookmark(ctx: TContext, payload: TBookmarkDeletePayload): TOutcome {
  const s = syncStatements(ctx.db);
  const row = s.bookmark.get(payload.id);
  if (row && row.user_id !== ctx.userId) return refuse(SYNC_REASONS.idInUse('bookmark'));
  if (row) {
    // Removing one's own bookmark needs no reading rights: it only ever takes data away.
    const book = ctx.access.resolve(payload.bookId);
    if (!book || book.id !== row.book_id)
      return refuse(book ? SYNC_REASONS.otherBook('bookmark') : SYNC_REASONS.bookNotFound);
    const current: TBookmarkValue = {
      id: row.id,
      bookId: row.book_id,
      page: row.page,
      note: row.note,
      hlc: row.hlc ?? '',
      deleted: row.deleted_at !== null,
    };
    const tombstone: TBookmarkValue = { ...current, hlc: ctx.hlc, deleted: true };
    if (mergeBookmark(current, tombstone) === tombstone) {
      s.updateBookmark.run({
        id: row.id,
        page: row.page,
        note: row.note,
        hlc: ctx.hlc,
        deletedAt: row.deleted_at ?? ctx.nowMs,
        now: ctx.nowMs,
      });
    }
    return APPLIED;
  }
  // A delete that arrives before (or without) its bookmark leaves a tombstone, so a late upsert stays deleted.
  const book = bookFor(ctx, payload.bookId, ctx.madeAtMs);
  if (isOutcome(book)) return book;
  s.insertBookmark.run({
    id: payload.id,
    userId: ctx.userId,
    bookId: book.id,
    page: 1,
    note: null,
    hlc: ctx.hlc,
    deletedAt: ctx.nowMs,
    now: ctx.nowMs,
  });
  return APPLIED;
}

function startSession(ctx: TContext, payload: TSessionStartPayload): TOutcome {
  const startedAt = boundedTime(payload.startedAt, ctx.nowMs);
  const book = bookFor(ctx, payload.bookId, startedAt);
  if (isOutcome(book)) return book;
  const session = loadSession(ctx, payload.id);
  const conflict = sessionConflict(ctx, session, book.id);
  if (conflict) return conflict;
  const s = syncStatements(ctx.db);
  const device = payload.device || null;
  const appVersion = payload.appVersion || null;
  if (session) {
    // The session was opened implicitly by one of its events; the start fills in what it knows.
    const earliest = Math.min(session.started_at, startedAt);
    s.completeSession.run({ id: session.id, startedAt: earliest, device, appVersion, now: ctx.nowMs });
    ctx.sessions.set(session.id, { ...session, started_at: earliest });
    return APPLIED;
  }
  s.insertSession.run({
    id: payload.id,
    userId: ctx.userId,
    bookId: book.id,
    startedAt,
    device,
    appVersion,
    now: ctx.nowMs,
  });
  ctx.sessions.set(payload.id, {
    id: payload.id,
    user_id: ctx.userId,
    book_id: book.id,
    started_at: startedAt,
    ended_at: null,
  });
  ctx.delta(book.id, { sessionCount: 1 });
  return APPLIED;
}

function endSession(ctx: TContext, payload: TSessionEndPayload): TOutcome {
  const session = loadSession(ctx, payload.id);
  if (!session) return refuse(SYNC_REASONS.sessionNotFound);
  const book = ctx.access.resolve(payload.bookId);
  if (!book) return refuse(SYNC_REASONS.bookNotFound);
  const conflict = sessionConflict(ctx, session, book.id);
  if (conflict) return conflict;
  const endedAt = Math.max(boundedTime(payload.endedAt, ctx.nowMs), session.started_at);
  if (session.ended_at !== null && session.ended_at >= endedAt) return APPLIED;
  // Reading time counts once: the first end adds the session's length, a later end only the extension.
  const countedUntil = session.ended_at ?? session.started_at;
  const counted = Math.min(countedUntil - session.started_at, MAX_DURATION_MS);
  const added = Math.max(0, Math.min(endedAt - session.started_at, MAX_DURATION_MS) - counted);
  syncStatements(ctx.db).endSession.run({ id: session.id, endedAt, now: ctx.nowMs });
  ctx.sessions.set(session.id, { ...session, ended_at: endedAt });
  if (added > 0) ctx.delta(book.id, { timeSpentMs: added });
  return APPLIED;
}

const TTS_TIMED_EVENTS = new Set(['tts_pause', 'tts_stop']);

function recordEvent(ctx: TContext, payload: TEventRecordPayload): TOutcome {
  const s = syncStatements(ctx.db);
  const occurredAt = boundedTime(payload.occurredAt, ctx.nowMs);
  const book = bookFor(ctx, payload.bookId, occurredAt);
  if (isOutcome(book)) return book;
  if (payload.pageNumber) {
    const tooFar = checkPage(book, payload.pageNumber);
    if (tooFar) return tooFar;
  }
  const session = loadSession(ctx, payload.sessionId);
  const conflict = sessionConflict(ctx, session, book.id);
  if (conflict) return conflict;
  if (!session) {
    // Handlers refuse only before their first write: an event id someone else holds is refused here.
    const owner = s.eventOwner.get(payload.id);
    if (owner !== undefined && owner !== ctx.userId) return refuse(SYNC_REASONS.idInUse('reading event'));
    // Events may outlive a lost session.start; the session then begins with its first event.
    s.insertSession.run({
      id: payload.sessionId,
      userId: ctx.userId,
      bookId: book.id,
      startedAt: occurredAt,
      device: null,
      appVersion: null,
      now: ctx.nowMs,
    });
    ctx.sessions.set(payload.sessionId, {
      id: payload.sessionId,
      user_id: ctx.userId,
      book_id: book.id,
      started_at: occurredAt,
      ended_at: null,
    });
    ctx.delta(book.id, { sessionCount: 1 });
  }
  const inserted = s.insertEvent.run(
    payload.id,
    payload.sessionId,
    ctx.userId,
    book.id,
    payload.eventType,
    payload.pageNumber ?? null,
    payload.progressPct ?? null,
    payload.durationMs ?? null,
    payload.meta ? JSON.stringify(payload.meta) : null,
    occurredAt,
    ctx.nowMs,
  );
  if (inserted.changes === 0) {
    // Appended once: the same event again changes nothing; someone else's event id is refused.
    const owner = s.eventOwner.get(payload.id);
    return owner === ctx.userId ? APPLIED : refuse(SYNC_REASONS.idInUse('reading event'));
  }
  if (payload.eventType === 'open_book') ctx.delta(book.id, { openCount: 1, lastOpenedAt: occurredAt });
  else if (payload.eventType === 'finish_book') ctx.delta(book.id, { completedAt: occurredAt });
  else if (TTS_TIMED_EVENTS.has(payload.eventType) && payload.durationMs)
    ctx.delta(book.id, { ttsTimeMs: payload.durationMs });
  return APPLIED;
}

/** Feedback written on the device, offline or not (docs/product/feedback.md#sending). */
function submitFeedbackMutation(ctx: TContext, payload: TFeedbackSubmitPayload): TOutcome {
  const refusal = submitFeedback({ db: ctx.db, userId: ctx.userId, payload, now: new Date(ctx.nowMs) });
  return refusal ? refuse(refusal) : APPLIED;
}

function reportCopies(ctx: TContext, payload: TCopyReportPayload): TOutcome {
  if (ctx.deviceId === ONLINE_COPY_SOURCE) return refuse(SYNC_REASONS.onlineSource);
  const book = bookFor(ctx, payload.bookId, ctx.madeAtMs);
  if (isOutcome(book)) return book;
  const totalCharacters = syncStatements(ctx.db).bookCharacters.get(book.id) ?? 0;
  mergeDeviceCopyCounter({
    db: ctx.db,
    userId: ctx.userId,
    bookId: book.id,
    deviceId: ctx.deviceId,
    charactersCopied: payload.deviceTotal,
    totalCharacters,
    now: new Date(ctx.nowMs),
  });
  return APPLIED;
}

/** Highlights, notes and review cards: the highlights feature's handlers, given the batch's book rights. */
function highlightHandler<T>(
  handle: (ctx: THighlightSyncContext, payload: T) => THighlightSyncOutcome,
): (ctx: TContext, payload: T) => TOutcome {
  return (ctx, payload) =>
    handle(
      {
        db: ctx.db,
        userId: ctx.userId,
        nowMs: ctx.nowMs,
        hlc: ctx.hlc,
        madeAtMs: ctx.madeAtMs,
        writableBook: (ref, atMs) => {
          const book = bookFor(ctx, ref, atMs);
          return isOutcome(book) ? { refusal: book.ok ? SYNC_REASONS.failed : book.reason } : book;
        },
        resolveBook: (ref) => ctx.access.resolve(ref),
      },
      payload,
    );
}

type THandler<T> = (ctx: TContext, payload: T) => TOutcome;
const HANDLERS: { [K in TSyncMutationType]: THandler<never> } = {
  'progress.set': setProgress as THandler<never>,
  'bookmark.upsert': upsertBookmark as THandler<never>,
  'bookmark.delete': deleteBookmark as THandler<never>,
  'event.record': recordEvent as THandler<never>,
  'session.start': startSession as THandler<never>,
  'session.end': endSession as THandler<never>,
  'copy.report': reportCopies as THandler<never>,
  'feedback.submit': submitFeedbackMutation as THandler<never>,
  'highlight.upsert': highlightHandler(upsertHighlight) as THandler<never>,
  'highlight.delete': highlightHandler(deleteHighlight) as THandler<never>,
  'card.upsert': highlightHandler(upsertCard) as THandler<never>,
  'card.delete': highlightHandler(deleteCard) as THandler<never>,
  'card.review': highlightHandler(recordCardReview) as THandler<never>,
};

const STATE_TYPES: Partial<Record<TSyncMutationType, 'progress' | 'bookmarks'>> = {
  'progress.set': 'progress',
  'bookmark.upsert': 'bookmarks',
  'bookmark.delete': 'bookmarks',
};

function describeIssues(issues: Parameters<typeof toFieldErrors>[0]): string {
  return toFieldErrors(issues)
    .map((issue) => {
      const path = `payload.${issue.field === '(root)' ? '' : issue.field}`.replace(/\.$/, '');
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}

interface TBatchResult {
  /** Reading events were stored: challenge progress is counted again after the commit. */
  readingChanged: boolean;
  /** A place moved or a book was finished: what the reader's recommendations start from changed. */
  shelfChanged: boolean;
  applied: Set<string>;
  rejected: Map<string, string>;
  stateBooks: { progress: Set<string>; bookmarks: Set<string> };
}

const isSqliteError = (error: unknown) => error instanceof Error && error.name === 'SqliteError';

interface TBatchOptions {
  db: Db;
  userId: string;
  deviceId: string;
  mutations: readonly TSyncMutation[];
  now: Date;
}

/** Adds the book a state-changing mutation names to the books whose merged state the answer carries. */
function noteStateBook(result: TBatchResult, access: TBookAccess, mutation: TSyncMutation) {
  const stateKind = isSyncMutationType(mutation.type) ? STATE_TYPES[mutation.type] : undefined;
  if (!stateKind) return;
  const ref = (mutation.payload as { bookId?: unknown } | null)?.bookId;
  const book = typeof ref === 'string' ? access.resolve(ref) : null;
  if (book) result.stateBooks[stateKind].add(book.id);
}

/**
 * Applies a mutation once: claims its id in sync_mutations, then runs its handler in the same
 * transaction and records a refusal. Null when the id was claimed before (the caller answers from the
 * record). Handlers refuse before their first write, so a refusal leaves only the record.
 */
function applyOnce<T>(
  ctx: TContext,
  s: ReturnType<typeof syncStatements>,
  mutation: TSyncMutation,
  handler: THandler<T>,
  payload: T,
): TOutcome | null {
  const { userId, deviceId } = ctx;
  if (
    s.claimMutation.run(
      crypto.randomUUID(),
      userId,
      deviceId,
      mutation.id,
      mutation.type,
      ctx.hlc,
      'applied',
      null,
      ctx.nowMs,
    ).changes === 0
  )
    return null;
  const outcome = handler(ctx, payload);
  if (!outcome.ok) s.refuseMutation.run(outcome.reason, userId, deviceId, mutation.id);
  return outcome;
}

/**
 * One pass over the batch inside the caller's transaction. Handlers refuse only before their first
 * write, so the fast pass needs no savepoints; with `isolate`, each mutation runs in its own savepoint
 * and a database error refuses that mutation alone (the retry after an unforeseen error). One context
 * object serves the whole batch (its stamp fields change per mutation): fifty mutations per request
 * make per-mutation allocations show in the sync benchmark.
 */
function runBatch(options: TBatchOptions & { isolate: boolean }): TBatchResult {
  const { db, userId, deviceId, mutations, now, isolate } = options;
  const nowMs = now.getTime();
  const result: TBatchResult = {
    readingChanged: false,
    shelfChanged: false,
    applied: new Set(),
    rejected: new Map(),
    stateBooks: { progress: new Set(), bookmarks: new Set() },
  };
  const s = syncStatements(db);
  const access = createBookAccess(db, userId, now);
  const deltas = new Map<string, TBookDelta>();
  let readingChanged = false;
  const changes: [string, Partial<TBookDelta>][] = [];
  const ctx: TContext = {
    db,
    userId,
    deviceId,
    nowMs,
    access,
    hlc: '',
    madeAtMs: 0,
    sessions: new Map(),
    delta: (bookId, change) => changes.push([bookId, change]),
  };
  /** Answers a mutation id this device sent before from its record; false when there is none. */
  const answerFromRecord = (mutation: TSyncMutation): boolean => {
    const previous = s.recordedMutation.get(userId, deviceId, mutation.id);
    if (!previous) return false;
    if (previous.status === 'applied') {
      result.applied.add(mutation.id);
      if (mutation.type === 'event.record') readingChanged = true;
      noteStateBook(result, access, mutation);
    } else result.rejected.set(mutation.id, previous.reason ?? SYNC_REASONS.failed);
    return true;
  };
  // A malformed mutation is not recorded (a fixed client may send the id again); when the id already
  // has a record, the recorded answer stands.
  const rejectMalformed = (mutation: TSyncMutation, reason: string) => {
    if (!answerFromRecord(mutation)) result.rejected.set(mutation.id, reason);
  };

  for (const mutation of mutations) {
    if (!isSyncMutationType(mutation.type)) {
      rejectMalformed(mutation, `type: Unknown mutation type "${mutation.type.slice(0, 40)}"`);
      continue;
    }
    const stamp = parseHlc(mutation.hlc);
    if (!stamp) {
      rejectMalformed(mutation, 'hlc: Not a valid HLC stamp');
      continue;
    }
    const parsed = SYNC_PAYLOAD_SCHEMAS[mutation.type].safeParse(mutation.payload);
    if (!parsed.success) {
      rejectMalformed(mutation, describeIssues(parsed.error.issues));
      continue;
    }
    const bounded = boundStamp(stamp, nowMs).stamp;
    ctx.hlc = encodeHlc(bounded);
    ctx.madeAtMs = bounded.wallMs;
    changes.length = 0;
    const handler = HANDLERS[mutation.type] as THandler<typeof parsed.data>;
    let outcome: TOutcome | null;
    if (!isolate) outcome = applyOnce(ctx, s, mutation, handler, parsed.data);
    else {
      try {
        outcome = s.inSavepoint(() => applyOnce(ctx, s, mutation, handler, parsed.data));
      } catch (error) {
        if (!isSqliteError(error)) throw error;
        changes.length = 0;
        ctx.sessions.clear();
        outcome = refuse(SYNC_REASONS.failed);
        s.claimMutation.run(
          crypto.randomUUID(),
          userId,
          deviceId,
          mutation.id,
          mutation.type,
          ctx.hlc,
          'rejected',
          SYNC_REASONS.failed,
          nowMs,
        );
      }
    }
    if (outcome === null) {
      answerFromRecord(mutation);
      continue;
    }
    if (outcome.ok) {
      for (const [bookId, change] of changes) {
        let target = deltas.get(bookId);
        if (!target) {
          target = emptyDelta();
          deltas.set(bookId, target);
        }
        mergeDelta(target, change);
      }
      result.applied.add(mutation.id);
      if (mutation.type === 'event.record') readingChanged = true;
      noteStateBook(result, access, mutation);
    } else result.rejected.set(mutation.id, outcome.reason);
  }

  for (const [bookId, bookDelta] of deltas) {
    applyBookDelta(db, { userId, bookId, delta: bookDelta, nowMs });
    if (bookDelta.positionChanged || bookDelta.completedAt !== null) result.shelfChanged = true;
  }
  // New reading events: the reader's statistics summaries are rebuilt (docs/product/reading-stats.md#summary-tables).
  if (readingChanged) markReadingStatsDirty(db, userId);
  result.readingChanged = readingChanged;
  return result;
}

/**
 * Applies a batch and answers with its outcome and the merged state of the books it touched. The
 * batch shares its transaction, and so its commit, with the other batches that arrive in the same
 * turn of the event loop (api/src/db/group-commit.ts); the answer comes after the commit.
 */
export async function applySyncBatch(options: TBatchOptions): Promise<TSyncResponse> {
  const { db, userId, now } = options;
  // The careful pass (after a database error somewhere in the group) isolates each mutation.
  const result = await groupCommit(db).run((careful) => runBatch({ ...options, isolate: careful }));
  // Challenge progress follows counted reading (docs/product/reviews-and-challenges.md#progress), outside the group
  // commit so a challenge can never hold up or fail a batch.
  if (result.readingChanged) refreshChallengeProgress({ db, userId, now });
  // Recommendations follow what the reader reads and finishes, a little later and off this request
  // (docs/product/recommendations.md#after-reading).
  if (result.shelfChanged) queueRecommendationRefresh(db, userId, now);

  const state: TSyncResponse['state'] = { progress: {}, bookmarks: {} };
  for (const bookId of result.stateBooks.progress) {
    const progress = readProgress(db, userId, bookId);
    if (progress) state.progress[bookId] = progress;
  }
  for (const bookId of result.stateBooks.bookmarks) state.bookmarks[bookId] = readBookmarks(db, userId, bookId);

  return {
    applied: [...result.applied],
    rejected: [...result.rejected].map(([id, reason]) => ({ id, reason })),
    state,
    serverTime: now.toISOString(),
  };
}

/** The database's list and the API's list of event types must agree (checked by the sync tests). */
export const DATABASE_EVENT_TYPES = SCHEMA_EVENT_TYPES;
