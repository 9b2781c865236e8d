import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@shared/entitlement';
import { HLC_MAX_AHEAD_MS, parseHlc } from '@shared/hlc';
import { READING_EVENT_TYPES } from '@shared/sync.schemas';
import {
  analyticsUserLibrary,
  bookmarks,
  bookProgressSnapshot,
  readingEvents,
  readingProgress,
  readingSessions,
  syncMutations,
  userCopyDeviceCounters,
  userCopyTracking,
} from '../../db/schema';
import { createBook } from '../../test-factories';
import { successBody, problemBody } from '../../test-utils';
import { send } from '../auth/auth-test-helpers';
import { setup } from '../selections/selections-test-support';
import { isoAt, mutation, stampAt, sync, type TTestSetup } from './sync-test-support';
import { DATABASE_EVENT_TYPES, SYNC_REASONS } from './sync.service';

const book = (t: TTestSetup, pageCount: number | null = 300, requiredTier: 'trial' | 'basic' | 'premium' = 'trial') =>
  createBook(t.db, { pageCount, requiredTier, skipIndex: true });

describe('POST /api/sync: the envelope', () => {
  it('needs a session and a well-formed envelope (400 naming the fields)', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    // raw request: an empty body, which the typed client refuses (the session is checked first)
    const anonymous = await t.app.request('/api/sync', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);

    // raw request: an empty body, which the typed client refuses
    const missing = await send(t.app, '/api/sync', {}, { cookie: reader.cookie });
    expect(missing.status).toBe(400);
    const fields = (await problemBody(missing)).errors?.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['deviceId', 'mutations']));

    // raw request: an unknown top-level field, which the typed client refuses
    const bad = await send(
      t.app,
      '/api/sync',
      { deviceId: 'bad id!', mutations: [{ id: 'nope', type: 'progress.set', hlc: 'x', payload: {} }], extra: 1 },
      { cookie: reader.cookie },
    );
    const problem = await problemBody(bad);
    expect(bad.status).toBe(400);
    expect(problem.errors?.map((error) => error.field)).toEqual(
      expect.arrayContaining(['deviceId', 'mutations.0.id', '(root)']),
    );

    const tooMany = Array.from({ length: 201 }, () =>
      mutation({ type: 'progress.set', payload: { bookId: 'x', page: 1 } }, stampAt(t)),
    );
    const big = await reader.api.sync.$post({ json: { deviceId: 'device-a', mutations: tooMany } });
    expect(big.status).toBe(400);
    expect((await problemBody(big)).errors).toEqual([
      { field: 'mutations', message: 'At most 200 mutations per request' },
    ]);
  });

  it('answers an empty batch with the server time (a clock check)', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    expect(await sync(reader, [])).toEqual({
      applied: [],
      rejected: [],
      state: { progress: {}, bookmarks: {} },
      serverTime: t.clock.now().toISOString(),
    });
  });

  it('rejects unknown types, bad stamps and invalid payloads one by one, naming the field', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const good = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 5 } }, stampAt(t));
    const unknown = mutation({ type: 'progress.reset', payload: {} }, stampAt(t));
    const badStamp = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 5 } }, '2026-03-01');
    const badPage = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 0 } }, stampAt(t));
    const extraField = mutation(
      { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: b.id, page: 2, colour: 'red' } },
      stampAt(t),
    );
    const longNote = mutation(
      { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: b.id, page: 2, note: 'x'.repeat(1001) } },
      stampAt(t),
    );
    const badEvent = mutation(
      {
        type: 'event.record',
        payload: {
          id: crypto.randomUUID(),
          sessionId: crypto.randomUUID(),
          bookId: b.id,
          eventType: 'dance',
          occurredAt: 'yesterday',
        },
      },
      stampAt(t),
    );
    const answer = await sync(reader, [good, unknown, badStamp, badPage, extraField, longNote, badEvent]);
    expect(answer.applied).toEqual([good.id]);
    const reasons = Object.fromEntries(answer.rejected.map((r) => [r.id, r.reason]));
    expect(reasons[unknown.id]).toBe('type: Unknown mutation type "progress.reset"');
    expect(reasons[badStamp.id]).toBe('hlc: Not a valid HLC stamp');
    expect(reasons[badPage.id]).toBe('payload.page: Page must be 1 or more');
    expect(reasons[extraField.id]).toMatch(/^payload: Unrecognized key/);
    expect(reasons[longNote.id]).toBe('payload.note: Note must be at most 1000 characters');
    expect(reasons[badEvent.id]).toMatch(
      /payload\.eventType: Event type must be one of open_book, .*payload\.occurredAt: Occurred at must be an ISO 8601/,
    );
    // Malformed mutations leave no trace, so a corrected client may send the same id again.
    expect(
      t.db
        .select()
        .from(syncMutations)
        .all()
        .map((row) => row.mutationId),
    ).toEqual([good.id]);
  });

  it('keeps the API event types identical to the database constraint', () => {
    expect([...READING_EVENT_TYPES]).toEqual([...DATABASE_EVENT_TYPES]);
  });
  it('refuses only the mutation the database fails on, keeping the rest of the batch', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    // A database failure none of the rules foresee (a trigger stands in for it).
    t.db.$client.exec(
      "create trigger fail_page_13 before insert on bookmarks when new.page = 13 begin select raise(abort, 'boom'); end",
    );
    const before = mutation(
      { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: b.id, page: 12 } },
      stampAt(t),
    );
    const failing = mutation(
      { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: b.id, page: 13 } },
      stampAt(t),
    );
    const after = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 14 } }, stampAt(t));
    const answer = await sync(reader, [before, failing, after]);
    expect(answer.applied).toEqual([before.id, after.id]);
    expect(answer.rejected).toEqual([{ id: failing.id, reason: SYNC_REASONS.failed }]);
    expect(
      t.db
        .select()
        .from(bookmarks)
        .all()
        .map((row) => row.page),
    ).toEqual([12]);
    expect(
      t.db
        .select()
        .from(syncMutations)
        .all()
        .map((row) => [row.mutationId, row.status]),
    ).toEqual([
      [before.id, 'applied'],
      [failing.id, 'rejected'],
      [after.id, 'applied'],
    ]);
  });

  it("keeps batches that commit together apart: a failure in one reader's batch costs another reader nothing", async () => {
    const t = setup();
    const [anna, ben] = [await t.reader('premium'), await t.reader('premium')];
    const b = book(t);
    t.db.$client.exec(
      "create trigger fail_page_13 before insert on bookmarks when new.page = 13 begin select raise(abort, 'boom'); end",
    );
    const annaGood = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 7 } }, stampAt(t));
    const annaFailing = mutation(
      { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: b.id, page: 13 } },
      stampAt(t),
    );
    const benBookmark = mutation(
      { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: b.id, page: 20 } },
      stampAt(t),
    );
    const benProgress = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 21 } }, stampAt(t));
    // Sent in the same turn, the two batches share one transaction (api/src/db/group-commit.ts).
    const [annaAnswer, benAnswer] = await Promise.all([
      sync(anna, [annaGood, annaFailing]),
      sync(ben, [benBookmark, benProgress]),
    ]);
    expect(annaAnswer).toMatchObject({
      applied: [annaGood.id],
      rejected: [{ id: annaFailing.id, reason: SYNC_REASONS.failed }],
    });
    expect(annaAnswer.state.progress[b.id]).toMatchObject({ currentPage: 7 });
    expect(benAnswer).toMatchObject({ applied: [benBookmark.id, benProgress.id], rejected: [] });
    expect(benAnswer.state.progress[b.id]).toMatchObject({ currentPage: 21 });
    expect(benAnswer.state.bookmarks[b.id].map((mark) => mark.page)).toEqual([20]);
    expect(
      t.db
        .select()
        .from(bookmarks)
        .all()
        .map((row) => [row.userId, row.page]),
    ).toEqual([[ben.user.id, 20]]);
  });
});

describe('POST /api/sync: reading position', () => {
  it('stores the position, the furthest page, percentage and snapshot, and answers the merged state', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t, 200);
    const answer = await sync(reader, [
      mutation({ type: 'progress.set', payload: { bookId: b.id, page: 30 } }, stampAt(t, -1000)),
    ]);
    expect(answer.rejected).toEqual([]);
    expect(answer.state.progress[b.id]).toMatchObject({
      bookId: b.id,
      currentPage: 30,
      totalPages: 200,
      furthestPage: 30,
      progressPercentage: 15,
      deviceId: 'device-a',
      lastReadAt: isoAt(t, -1000),
      completedAt: null,
    });
    const fetched = await reader.api.progress[':bookId'].$get({ param: { bookId: b.id } });
    expect((await successBody(fetched)).currentPage).toBe(30);
    const snapshot = t.db
      .select()
      .from(bookProgressSnapshot)
      .where(eq(bookProgressSnapshot.userId, reader.user.id))
      .get();
    expect(snapshot).toMatchObject({ lastPage: 30, progressPct: 15, completedAt: null });
  });

  it('last writer wins by HLC while the furthest page only grows', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t, 300);
    await sync(
      reader,
      [mutation({ type: 'progress.set', payload: { bookId: b.id, page: 40 } }, stampAt(t, -5000, 'laptop'))],
      'laptop',
    );
    // An older change from the phone arrives later: it loses the position but raises the furthest page.
    const late = await sync(
      reader,
      [mutation({ type: 'progress.set', payload: { bookId: b.id, page: 90 } }, stampAt(t, -60_000, 'phone'))],
      'phone',
    );
    expect(late.state.progress[b.id]).toMatchObject({ currentPage: 40, furthestPage: 90, deviceId: 'laptop' });
    // A newer change going back wins the position; the furthest page stays.
    const back = await sync(
      reader,
      [mutation({ type: 'progress.set', payload: { bookId: b.id, page: 10 } }, stampAt(t, 0, 'phone'))],
      'phone',
    );
    expect(back.state.progress[b.id]).toMatchObject({
      currentPage: 10,
      furthestPage: 90,
      deviceId: 'phone',
      progressPercentage: 3.3,
    });
  });

  it('a device clock far in the future cannot pin the position', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t, 300);
    const future = await sync(
      reader,
      [mutation({ type: 'progress.set', payload: { bookId: b.id, page: 50 } }, stampAt(t, 365 * DAY_MS, 'broken'))],
      'broken',
    );
    const stored = parseHlc(future.state.progress[b.id].hlc!)!;
    expect(stored.wallMs).toBe(t.clock.now().getTime());
    expect(future.state.progress[b.id].lastReadAt).toBe(isoAt(t));

    t.clock.advance(1000);
    const honest = await sync(
      reader,
      [mutation({ type: 'progress.set', payload: { bookId: b.id, page: 12 } }, stampAt(t, 0, 'honest'))],
      'honest',
    );
    expect(honest.state.progress[b.id]).toMatchObject({ currentPage: 12, deviceId: 'honest', furthestPage: 50 });

    // A small skew within the tolerance is trusted as it is.
    const near = await sync(
      reader,
      [mutation({ type: 'progress.set', payload: { bookId: b.id, page: 13 } }, stampAt(t, HLC_MAX_AHEAD_MS, 'fast'))],
      'fast',
    );
    expect(parseHlc(near.state.progress[b.id].hlc!)!.wallMs).toBe(t.clock.now().getTime() + HLC_MAX_AHEAD_MS);
  });

  it('marks the book finished when the last page is reached', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t, 120);
    const answer = await sync(reader, [
      mutation({ type: 'progress.set', payload: { bookId: b.id, page: 120 } }, stampAt(t)),
    ]);
    expect(answer.state.progress[b.id]).toMatchObject({ progressPercentage: 100, completedAt: isoAt(t) });
    expect(t.db.select().from(analyticsUserLibrary).get()).toMatchObject({ completedAt: t.clock.now() });
  });

  it('refuses a page past the end of the book, and a page past the given total', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const known = book(t, 100);
    const unknown = book(t, null);
    const past = mutation({ type: 'progress.set', payload: { bookId: known.id, page: 101 } }, stampAt(t));
    const overTotal = mutation(
      { type: 'progress.set', payload: { bookId: unknown.id, page: 51, totalPages: 50 } },
      stampAt(t),
    );
    const fine = mutation(
      { type: 'progress.set', payload: { bookId: unknown.id, page: 20, totalPages: 50 } },
      stampAt(t),
    );
    const answer = await sync(reader, [past, overTotal, fine]);
    expect(answer.rejected).toEqual([
      { id: past.id, reason: SYNC_REASONS.pastEnd(101, 100) },
      { id: overTotal.id, reason: SYNC_REASONS.pastEnd(51, 50) },
    ]);
    expect(answer.state.progress[unknown.id]).toMatchObject({
      currentPage: 20,
      totalPages: 50,
      progressPercentage: 40,
    });
    expect(answer.state.progress[known.id]).toBeUndefined();
  });
});

describe('POST /api/sync: access rules', () => {
  it('rejects changes to books the reader may not read, and unknown books, storing nothing', async () => {
    const t = setup();
    const trial = await t.reader('trial');
    const [picked, other] = [book(t), book(t)];
    expect((await trial.api.selections.$post({ json: { bookId: picked.id } })).status).toBe(201);
    const allowed = mutation({ type: 'progress.set', payload: { bookId: picked.id, page: 3 } }, stampAt(t));
    const notPicked = mutation({ type: 'progress.set', payload: { bookId: other.id, page: 3 } }, stampAt(t));
    const missing = mutation(
      { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: crypto.randomUUID(), page: 3 } },
      stampAt(t),
    );
    const answer = await sync(trial, [allowed, notPicked, missing]);
    expect(answer.applied).toEqual([allowed.id]);
    expect(answer.rejected).toEqual([
      { id: notPicked.id, reason: SYNC_REASONS.notEntitled },
      { id: missing.id, reason: SYNC_REASONS.bookNotFound },
    ]);
    expect(
      t.db
        .select()
        .from(readingProgress)
        .all()
        .map((row) => row.bookId),
    ).toEqual([picked.id]);
  });

  it('accepts reading done offline while a loan was valid, even after access ended', async () => {
    const t = setup();
    const trial = await t.reader('trial');
    const b = book(t);
    expect((await trial.api.selections.$post({ json: { bookId: b.id } })).status).toBe(201);
    t.clock.advance(6 * DAY_MS);
    const readOffline = stampAt(t); // day 6: the trial is still on
    t.clock.advance(3 * DAY_MS); // day 9: the trial ended, the device comes back online
    trial.signInAgain();
    const duringTrial = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 8 } }, readOffline);
    const afterTrial = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 9 } }, stampAt(t));
    const answer = await sync(trial, [duringTrial, afterTrial]);
    expect(answer.applied).toEqual([duringTrial.id]);
    expect(answer.rejected).toEqual([{ id: afterTrial.id, reason: SYNC_REASONS.notEntitled }]);
  });
});

describe('POST /api/sync: idempotency', () => {
  it('applies a re-sent batch once: same answer, no second row, no double count', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t, 300);
    const sessionId = crypto.randomUUID();
    const batch = [
      mutation(
        {
          type: 'session.start',
          payload: { id: sessionId, bookId: b.id, startedAt: isoAt(t, -600_000), device: 'Pixel', appVersion: '1.0.0' },
        },
        stampAt(t, -600_000),
      ),
      mutation(
        {
          type: 'event.record',
          payload: {
            id: crypto.randomUUID(),
            sessionId,
            bookId: b.id,
            eventType: 'open_book',
            occurredAt: isoAt(t, -600_000),
          },
        },
        stampAt(t, -599_000),
      ),
      mutation(
        {
          type: 'event.record',
          payload: {
            id: crypto.randomUUID(),
            sessionId,
            bookId: b.id,
            eventType: 'page_view',
            pageNumber: 2,
            durationMs: 30_000,
            occurredAt: isoAt(t, -500_000),
          },
        },
        stampAt(t, -500_000),
      ),
      mutation(
        {
          type: 'event.record',
          payload: {
            id: crypto.randomUUID(),
            sessionId,
            bookId: b.id,
            eventType: 'tts_stop',
            durationMs: 45_000,
            occurredAt: isoAt(t, -400_000),
            meta: { voice: 'Daniel' },
          },
        },
        stampAt(t, -400_000),
      ),
      mutation({ type: 'progress.set', payload: { bookId: b.id, page: 2 } }, stampAt(t, -300_000)),
      mutation(
        { type: 'bookmark.upsert', payload: { id: crypto.randomUUID(), bookId: b.id, page: 2, note: 'Key idea' } },
        stampAt(t, -200_000),
      ),
      mutation(
        { type: 'session.end', payload: { id: sessionId, bookId: b.id, endedAt: isoAt(t, -100_000) } },
        stampAt(t, -100_000),
      ),
    ];
    const first = await sync(reader, batch);
    expect(first.rejected).toEqual([]);
    expect(first.applied).toEqual(batch.map((m) => m.id));
    const count = () => ({
      events: t.db.select().from(readingEvents).all().length,
      sessions: t.db.select().from(readingSessions).all(),
      bookmarks: t.db.select().from(bookmarks).all().length,
      mutations: t.db.select().from(syncMutations).all().length,
      snapshot: t.db.select().from(bookProgressSnapshot).get(),
      analytics: t.db.select().from(analyticsUserLibrary).get(),
    });
    const before = count();
    expect(before.events).toBe(3);
    expect(before.sessions).toMatchObject([
      { id: sessionId, device: 'Pixel', appVersion: '1.0.0', endedAt: new Date(t.clock.now().getTime() - 100_000) },
    ]);
    expect(before.snapshot).toMatchObject({ timeSpentMs: 500_000, ttsTimeMs: 45_000, lastPage: 2 });
    expect(before.analytics).toMatchObject({ openCount: 1, sessionCount: 1, totalTimeMs: 500_000 });

    t.clock.advance(60_000);
    const second = await sync(reader, batch);
    expect(second.applied).toEqual(first.applied);
    expect(second.rejected).toEqual([]);
    expect(second.state).toEqual(first.state);
    expect(count()).toEqual(before);
  });

  it('treats the same id twice in one batch as one change, and ids are per device', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const once = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 7 } }, stampAt(t));
    const answer = await sync(reader, [once, once]);
    expect(answer.applied).toEqual([once.id]);
    expect(t.db.select().from(syncMutations).all()).toHaveLength(1);
    // Another device may (by chance) use the same id: it is its own mutation.
    await sync(reader, [once], 'device-b');
    expect(
      t.db
        .select()
        .from(syncMutations)
        .all()
        .map((row) => row.deviceId)
        .sort(),
    ).toEqual(['device-a', 'device-b']);
  });

  it('answers a re-sent rejected mutation with the same rejection', async () => {
    const t = setup();
    const reader = await t.reader('trial');
    const b = book(t);
    const refused = mutation({ type: 'progress.set', payload: { bookId: b.id, page: 2 } }, stampAt(t));
    expect((await sync(reader, [refused])).rejected).toEqual([{ id: refused.id, reason: SYNC_REASONS.notEntitled }]);
    expect((await reader.api.selections.$post({ json: { bookId: b.id } })).status).toBe(201);
    expect((await sync(reader, [refused])).rejected).toEqual([{ id: refused.id, reason: SYNC_REASONS.notEntitled }]);
  });
});

describe('POST /api/sync: bookmarks', () => {
  it('adds, edits (last writer wins) and deletes with a tombstone that an older edit cannot undo', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const id = crypto.randomUUID();
    const add = await sync(reader, [
      mutation({ type: 'bookmark.upsert', payload: { id, bookId: b.id, page: 12, note: 'first' } }, stampAt(t, -3000)),
    ]);
    expect(add.state.bookmarks[b.id]).toMatchObject([{ id, page: 12, note: 'first' }]);

    const stale = await sync(
      reader,
      [
        mutation(
          { type: 'bookmark.upsert', payload: { id, bookId: b.id, page: 12, note: 'older edit' } },
          stampAt(t, -9000, 'phone'),
        ),
      ],
      'phone',
    );
    expect(stale.state.bookmarks[b.id][0].note).toBe('first');
    const edit = await sync(reader, [
      mutation({ type: 'bookmark.upsert', payload: { id, bookId: b.id, page: 14, note: null } }, stampAt(t, -2000)),
    ]);
    expect(edit.state.bookmarks[b.id]).toMatchObject([{ id, page: 14, note: null }]);

    const removed = await sync(reader, [
      mutation({ type: 'bookmark.delete', payload: { id, bookId: b.id } }, stampAt(t, -1000)),
    ]);
    expect(removed.state.bookmarks[b.id]).toEqual([]);
    const revived = await sync(
      reader,
      [mutation({ type: 'bookmark.upsert', payload: { id, bookId: b.id, page: 3 } }, stampAt(t, -1500, 'phone'))],
      'phone',
    );
    expect(revived.state.bookmarks[b.id]).toEqual([]);
    expect(t.db.select().from(bookmarks).where(eq(bookmarks.id, id)).get()?.deletedAt).not.toBeNull();
  });

  it('keeps a delete that arrives before its bookmark', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const id = crypto.randomUUID();
    await sync(
      reader,
      [mutation({ type: 'bookmark.delete', payload: { id, bookId: b.id } }, stampAt(t, -1000, 'tablet'))],
      'tablet',
    );
    const late = await sync(reader, [
      mutation({ type: 'bookmark.upsert', payload: { id, bookId: b.id, page: 5 } }, stampAt(t, -2000)),
    ]);
    expect(late.state.bookmarks[b.id]).toEqual([]);
  });

  it("never touches another reader's bookmark, session or event, whatever ids are sent", async () => {
    const t = setup();
    const owner = await t.reader('premium');
    const intruder = await t.reader('premium');
    const b = book(t);
    const bookmarkId = crypto.randomUUID();
    const sessionId = crypto.randomUUID();
    const eventId = crypto.randomUUID();
    await sync(owner, [
      mutation(
        { type: 'bookmark.upsert', payload: { id: bookmarkId, bookId: b.id, page: 4, note: 'mine' } },
        stampAt(t, -5000),
      ),
      mutation(
        { type: 'session.start', payload: { id: sessionId, bookId: b.id, startedAt: isoAt(t, -5000) } },
        stampAt(t, -5000),
      ),
      mutation(
        {
          type: 'event.record',
          payload: { id: eventId, sessionId, bookId: b.id, eventType: 'open_book', occurredAt: isoAt(t, -5000) },
        },
        stampAt(t, -5000),
      ),
    ]);

    const attacks = [
      mutation(
        { type: 'bookmark.upsert', payload: { id: bookmarkId, bookId: b.id, page: 9, note: 'overwritten' } },
        stampAt(t, 0),
      ),
      mutation({ type: 'bookmark.delete', payload: { id: bookmarkId, bookId: b.id } }, stampAt(t, 0)),
      mutation({ type: 'session.end', payload: { id: sessionId, bookId: b.id, endedAt: isoAt(t) } }, stampAt(t, 0)),
      mutation(
        {
          type: 'event.record',
          payload: { id: crypto.randomUUID(), sessionId, bookId: b.id, eventType: 'page_view', occurredAt: isoAt(t) },
        },
        stampAt(t, 0),
      ),
      mutation(
        {
          type: 'event.record',
          payload: {
            id: eventId,
            sessionId: crypto.randomUUID(),
            bookId: b.id,
            eventType: 'page_view',
            occurredAt: isoAt(t),
          },
        },
        stampAt(t, 0),
      ),
    ];
    const answer = await sync(intruder, attacks);
    expect(answer.applied).toEqual([]);
    expect(answer.rejected.map((r) => r.reason)).toEqual([
      SYNC_REASONS.idInUse('bookmark'),
      SYNC_REASONS.idInUse('bookmark'),
      SYNC_REASONS.idInUse('reading session'),
      SYNC_REASONS.idInUse('reading session'),
      SYNC_REASONS.idInUse('reading event'),
    ]);
    expect(t.db.select().from(bookmarks).where(eq(bookmarks.id, bookmarkId)).get()).toMatchObject({
      userId: owner.user.id,
      page: 4,
      note: 'mine',
      deletedAt: null,
    });
    expect(t.db.select().from(readingSessions).where(eq(readingSessions.id, sessionId)).get()).toMatchObject({
      userId: owner.user.id,
      endedAt: null,
    });
    expect(t.db.select().from(readingEvents).all()).toHaveLength(1);
    // The refused event's stub session was rolled back with it.
    expect(t.db.select().from(readingSessions).where(eq(readingSessions.userId, intruder.user.id)).all()).toEqual([]);
    expect(answer.state).toEqual({ progress: {}, bookmarks: {} });
  });

  it('refuses a bookmark id moved to another book', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const [first, second] = [book(t), book(t)];
    const id = crypto.randomUUID();
    await sync(reader, [
      mutation({ type: 'bookmark.upsert', payload: { id, bookId: first.id, page: 2 } }, stampAt(t, -1000)),
    ]);
    const moved = mutation({ type: 'bookmark.upsert', payload: { id, bookId: second.id, page: 2 } }, stampAt(t));
    expect((await sync(reader, [moved])).rejected).toEqual([
      { id: moved.id, reason: SYNC_REASONS.otherBook('bookmark') },
    ]);
  });
});

describe('POST /api/sync: sessions, events and copies', () => {
  it('opens a session implicitly from its first event and counts reading time once per session', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const sessionId = crypto.randomUUID();
    await sync(reader, [
      mutation(
        {
          type: 'event.record',
          payload: {
            id: crypto.randomUUID(),
            sessionId,
            bookId: b.id,
            eventType: 'page_view',
            pageNumber: 1,
            occurredAt: isoAt(t, -60_000),
          },
        },
        stampAt(t, -60_000),
      ),
    ]);
    expect(t.db.select().from(readingSessions).get()).toMatchObject({
      id: sessionId,
      startedAt: new Date(t.clock.now().getTime() - 60_000),
    });
    await sync(reader, [
      mutation(
        {
          type: 'session.start',
          payload: { id: sessionId, bookId: b.id, startedAt: isoAt(t, -90_000), device: 'iPad' },
        },
        stampAt(t, -90_000),
      ),
    ]);
    await sync(reader, [
      mutation(
        { type: 'session.end', payload: { id: sessionId, bookId: b.id, endedAt: isoAt(t, -30_000) } },
        stampAt(t, -30_000),
      ),
    ]);
    // A later end only adds the extension; an earlier one changes nothing.
    await sync(reader, [
      mutation(
        { type: 'session.end', payload: { id: sessionId, bookId: b.id, endedAt: isoAt(t, -20_000) } },
        stampAt(t, -20_000),
      ),
    ]);
    await sync(reader, [
      mutation(
        { type: 'session.end', payload: { id: sessionId, bookId: b.id, endedAt: isoAt(t, -80_000) } },
        stampAt(t, -20_000),
      ),
    ]);
    expect(t.db.select().from(readingSessions).get()).toMatchObject({
      device: 'iPad',
      startedAt: new Date(t.clock.now().getTime() - 90_000),
    });
    expect(t.db.select().from(bookProgressSnapshot).get()?.timeSpentMs).toBe(70_000);
    expect(t.db.select().from(analyticsUserLibrary).get()).toMatchObject({ sessionCount: 1, totalTimeMs: 70_000 });
  });

  it('refuses to end a session it has never seen', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const end = mutation(
      { type: 'session.end', payload: { id: crypto.randomUUID(), bookId: b.id, endedAt: isoAt(t) } },
      stampAt(t),
    );
    expect((await sync(reader, [end])).rejected).toEqual([{ id: end.id, reason: SYNC_REASONS.sessionNotFound }]);
  });

  it('clamps event times from a clock in the future to the server time', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    await sync(reader, [
      mutation(
        {
          type: 'event.record',
          payload: {
            id: crypto.randomUUID(),
            sessionId: crypto.randomUUID(),
            bookId: b.id,
            eventType: 'open_book',
            occurredAt: isoAt(t, 30 * DAY_MS),
          },
        },
        stampAt(t, 30 * DAY_MS),
      ),
    ]);
    expect(t.db.select().from(readingEvents).get()?.occurredAt).toEqual(t.clock.now());
  });

  it('keeps copied characters per device at their highest report and stores the sum', async () => {
    const t = setup();
    const reader = await t.reader('premium');
    const b = book(t);
    const report = (total: number) =>
      mutation({ type: 'copy.report', payload: { bookId: b.id, deviceTotal: total } }, stampAt(t));
    await sync(reader, [report(120), report(80)], 'phone');
    await sync(reader, [report(50)], 'tablet');
    await sync(reader, [report(100)], 'phone');
    const counters = t.db
      .select()
      .from(userCopyDeviceCounters)
      .where(eq(userCopyDeviceCounters.userId, reader.user.id))
      .all();
    expect(Object.fromEntries(counters.map((row) => [row.deviceId, row.charactersCopied]))).toEqual({
      phone: 120,
      tablet: 50,
    });
    expect(
      t.db
        .select()
        .from(userCopyTracking)
        .where(and(eq(userCopyTracking.userId, reader.user.id), eq(userCopyTracking.bookId, b.id)))
        .get()?.totalCharactersCopied,
    ).toBe(170);

    const online = report(10);
    expect((await sync(reader, [online], 'online')).rejected).toEqual([
      { id: online.id, reason: SYNC_REASONS.onlineSource },
    ]);
  });
});
