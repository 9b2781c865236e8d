import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TChallengeInput } from '@shared/challenges.schemas';
import { challengeActivities, challengeParticipants } from '../../db/schema';
import { createBook } from '../../test-factories';
import { problemBody, successBody } from '../../test-utils';
import { setup } from '../selections/selections-test-support';
import { mutation, stampAt, sync, type TTestReader, type TTestSetup } from '../sync/sync-test-support';

const DAY = 86_400_000;

function challengeInput(t: TTestSetup, overrides: Partial<TChallengeInput> = {}): TChallengeInput {
  const now = t.clock.now().getTime();
  return {
    title: 'Fifty pages this week',
    description: 'Read fifty pages before Sunday night.',
    type: 'pages_count',
    targetValue: 4,
    duration: 'weekly',
    startDate: new Date(now - DAY).toISOString(),
    endDate: new Date(now + 6 * DAY).toISOString(),
    rules: ['Pages count after 5 seconds'],
    tags: ['weekly', 'pages'],
    ...overrides,
  };
}

async function create(t: TTestSetup, reader: TTestReader, overrides: Partial<TChallengeInput> = {}) {
  const response = await reader.api.challenges.$post({ json: challengeInput(t, overrides) });
  expect(response.status).toBe(201);
  return successBody(response);
}

function readPages(t: TTestSetup, reader: TTestReader, bookId: string, pages: number[], at: number) {
  const sessionId = crypto.randomUUID();
  return sync(
    reader,
    pages.map((page, index) =>
      mutation(
        {
          type: 'event.record',
          payload: {
            id: crypto.randomUUID(),
            sessionId,
            bookId,
            eventType: 'page_view',
            pageNumber: page,
            durationMs: 30_000,
            occurredAt: new Date(at + index * 30_000).toISOString(),
          },
        },
        stampAt(t, at + index * 30_000 - t.clock.now().getTime()),
      ),
    ),
  );
}

describe('challenges: create, list, detail', () => {
  it('lets any reader create one that visitors can see, filtered by type, status and search', async () => {
    const t = setup();
    const ada = await t.reader('trial');
    const running = await create(t, ada);
    expect(running).toMatchObject({ status: 'running', createdBy: 'Ada L.', canManage: true, joined: false, me: null });
    const now = t.clock.now().getTime();
    await create(t, ada, {
      title: 'Next month: three books',
      type: 'books_count',
      targetValue: 3,
      duration: 'monthly',
      startDate: new Date(now + 5 * DAY).toISOString(),
      endDate: new Date(now + 35 * DAY).toISOString(),
    });

    const all = await successBody(t.api.challenges.$get({ query: {} }));
    expect(all.total).toBe(2);
    expect(all.items[0]).toMatchObject({ title: 'Fifty pages this week', status: 'running', participants: 0 });
    const upcoming = await successBody(t.api.challenges.$get({ query: { status: 'upcoming' } }));
    expect(upcoming.items.map((item) => item.title)).toEqual(['Next month: three books']);
    const books = await successBody(t.api.challenges.$get({ query: { type: 'books_count', duration: 'monthly' } }));
    expect(books.total).toBe(1);
    const search = await successBody(t.api.challenges.$get({ query: { search: '50%_fifty' } }));
    expect(search.total).toBe(0);
    const found = await successBody(t.api.challenges.$get({ query: { search: 'three books' } }));
    expect(found.total).toBe(1);

    const detail = await successBody(t.api.challenges[':id'].$get({ param: { id: running.id } }));
    expect(detail).toMatchObject({ rules: ['Pages count after 5 seconds'], canManage: false, me: null });
    expect(detail.countingRule).toContain('5 seconds');
  });

  it("refuses bad input with the SPEC's messages as problem+json, never a 500", async () => {
    const t = setup();
    const ada = await t.reader('trial');
    for (const [overrides, field, message] of [
      [{ title: 'ab' }, 'title', 'Title must be at least 3 characters'],
      [{ description: 'short' }, 'description', 'Description must be at least 10 characters'],
      [{ targetValue: 0 }, 'targetValue', 'Target must be a whole number of at least 1'],
      [{ startDate: 'not a date' }, 'startDate', 'Start date must be a valid date'],
      [{ endDate: '2000-01-01T00:00:00Z' }, 'endDate', 'End date must be after the start date'],
      [{ maxParticipants: -3 }, 'maxParticipants', 'Maximum participants must be a positive whole number'],
      [{ type: 'chapters' }, 'type', 'Type must be books_count, pages_count or time_duration'],
      [{ tags: ['x'.repeat(31)] }, 'tags.0', 'Each tag must be 1 to 30 characters'],
    ] as const) {
      // deliberately wrong shapes
      const response = await ada.api.challenges.$post({ json: challengeInput(t, overrides as never) });
      expect(response.status, field).toBe(400);
      expect((await problemBody(response)).errors).toContainEqual({ field, message });
    }
    const anonymous = await t.api.challenges.$post({ json: challengeInput(t) });
    expect(anonymous.status).toBe(401);
    const missing = await t.api.challenges[':id'].$get({ param: { id: crypto.randomUUID() } });
    expect(missing.status).toBe(404);
    expect((await problemBody(missing)).detail).toBe('Challenge not found');
    const badId = await t.api.challenges[':id'].$get({ param: { id: 'nope' } });
    expect(badId.status).toBe(400);
    const badStatus = await t.api.challenges.$get({ query: { status: 'soon' as never } });
    expect((await problemBody(badStatus)).errors).toContainEqual({
      field: 'status',
      message: 'Status must be upcoming, running or ended',
    });
  });

  it('lets only the creator or a moderator edit and close; admins feature', async () => {
    const t = setup();
    const ada = await t.reader('trial');
    const bob = await t.reader('basic', { firstName: 'Bob', lastName: 'Stone' });
    const moderator = await t.reader('basic', { role: 'moderator' });
    const admin = await t.reader('basic', { role: 'admin' });
    const challenge = await create(t, ada);
    const param = { id: challenge.id };
    const edit = { json: challengeInput(t, { title: 'Sixty pages this week' }), param };
    expect((await bob.api.challenges[':id'].$patch(edit)).status).toBe(403);
    const edited = await ada.api.challenges[':id'].$patch(edit);
    expect(edited.status).toBe(200);
    expect((await successBody(edited)).title).toBe('Sixty pages this week');
    expect((await moderator.api.challenges[':id'].$patch(edit)).status).toBe(200);

    expect((await bob.api.challenges[':id'].featured.$put({ param, json: { isFeatured: true } })).status).toBe(403);
    expect((await admin.api.challenges[':id'].featured.$put({ param, json: { isFeatured: true } })).status).toBe(200);

    expect((await bob.api.challenges[':id'].close.$post({ param })).status).toBe(403);
    const closed = await successBody(moderator.api.challenges[':id'].close.$post({ param }));
    expect(closed).toMatchObject({ status: 'ended', isClosed: true, isFeatured: true });
    const join = await bob.api.challenges[':id'].participants.me.$post({ param });
    expect(join.status).toBe(409);
    expect((await problemBody(join)).detail).toBe('This challenge is closed');
  });
});

describe('challenges: joining, the participant limit, progress', () => {
  it('never lets an 11th reader into a 10-spot challenge, even when twelve join at once', async () => {
    const t = setup();
    const host = await t.reader('trial');
    const challenge = await create(t, host, { maxParticipants: 10 });
    const readers = await Promise.all(Array.from({ length: 12 }, () => t.reader('trial')));
    const answers = await Promise.all(
      readers.map((reader) => reader.api.challenges[':id'].participants.me.$post({ param: { id: challenge.id } })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect((await problemBody(refused)).detail).toBe('This challenge is full');
    expect(
      t.db.select().from(challengeParticipants).where(eq(challengeParticipants.challengeId, challenge.id)).all(),
    ).toHaveLength(10);
    const detail = await successBody(t.api.challenges[':id'].$get({ param: { id: challenge.id } }));
    expect(detail).toMatchObject({ participants: 10, spotsLeft: 0 });

    // Leaving opens the spot again.
    const leaver = readers[answers.findIndex((answer) => answer.status === 201)]!;
    expect((await leaver.api.challenges[':id'].participants.me.$delete({ param: { id: challenge.id } })).status).toBe(
      200,
    );
    const late = readers[answers.findIndex((answer) => answer.status === 409)]!;
    expect((await late.api.challenges[':id'].participants.me.$post({ param: { id: challenge.id } })).status).toBe(201);
    expect((await late.api.challenges[':id'].participants.me.$post({ param: { id: challenge.id } })).status).toBe(409);
  });

  it('counts reading inside the dates only, announces milestones and completes with an activity', async () => {
    const t = setup();
    const ada = await t.reader('premium');
    const book = createBook(t.db, { pageCount: 200, skipIndex: true });
    const now = t.clock.now().getTime();
    // Reading before the start does not count.
    await readPages(t, ada, book.id, [1, 2, 3], now - 3 * DAY);
    const challenge = await create(t, ada, { targetValue: 4 });
    const param = { id: challenge.id };
    // Read inside the dates before joining: it counts once joined.
    await readPages(t, ada, book.id, [4, 5], now - 3_600_000);
    const joined = await successBody(ada.api.challenges[':id'].participants.me.$post({ param }));
    expect(joined.me).toMatchObject({ progress: 2, percent: 50, isCompleted: false, rank: 1 });

    // A page stayed on for 2 s does not count; two more real pages complete it.
    await readPages(t, ada, book.id, [6, 7], now - 60_000);
    const detail = await successBody(ada.api.challenges[':id'].$get({ param }));
    expect(detail.me).toMatchObject({ progress: 4, percent: 100, isCompleted: true });
    expect(detail.me?.completedAt).not.toBeNull();

    const activities = await successBody(t.api.challenges[':id'].activities.$get({ param }));
    expect(activities.map((activity) => activity.activityType)).toEqual(['completed', 'milestone', 'joined']);
    expect(activities[0]).toMatchObject({ name: 'Ada L.', message: 'completed the challenge with 4 pages' });
    expect(activities[1]).toMatchObject({ message: 'reached 50% of the target' });
    // A completed challenge stays completed; more reading does not add activities.
    await readPages(t, ada, book.id, [8], now - 30_000);
    expect(
      t.db.select().from(challengeActivities).where(eq(challengeActivities.challengeId, challenge.id)).all(),
    ).toHaveLength(3);
  });

  it('ranks the leaderboard with ties sharing a rank and hides readers who opted out', async () => {
    const t = setup();
    const host = await t.reader('premium', { firstName: 'Hana', lastName: 'Ito' });
    const challenge = await create(t, host, { targetValue: 3 });
    const param = { id: challenge.id };
    const book = createBook(t.db, { pageCount: 200, skipIndex: true });
    const now = t.clock.now().getTime();
    const names = ['Ada', 'Bea', 'Cal', 'Dan'];
    const pagesRead = [3, 2, 2, 1];
    const readers: TTestReader[] = [];
    for (const [index, firstName] of names.entries()) {
      const reader = await t.reader('premium', { firstName, lastName: 'Reader' });
      readers.push(reader);
      await reader.api.challenges[':id'].participants.me.$post({ param });
      await readPages(
        t,
        reader,
        book.id,
        Array.from({ length: pagesRead[index]! }, (_, page) => page + 1),
        now - 600_000,
      );
    }
    // Bea opts out: others see "A reader", she still sees herself.
    const bea = readers[1]!;
    expect(
      (await bea.api.challenges[':id'].participants.me.$patch({ param, json: { hideFromLeaderboard: true } })).status,
    ).toBe(200);
    const board = await successBody(readers[0]!.api.challenges[':id'].leaderboard.$get({ param }));
    expect(board.entries.map((entry) => [entry.rank, entry.name, entry.progress, entry.reachedTarget])).toEqual([
      [1, 'Ada R.', 3, true],
      [2, expect.stringMatching(/^(A reader|Cal R\.)$/), 2, false],
      [2, expect.stringMatching(/^(A reader|Cal R\.)$/), 2, false],
      [4, 'Dan R.', 1, false],
    ]);
    expect(JSON.stringify(board)).not.toContain('Bea');
    const own = await successBody(bea.api.challenges[':id'].leaderboard.$get({ param }));
    expect(own.entries.find((entry) => entry.isYou)).toMatchObject({ name: 'Bea R.', rank: 2 });
    const feed = await successBody(t.api.challenges[':id'].activities.$get({ param }));
    expect(JSON.stringify(feed)).not.toContain('Bea');
  });
});

describe('challenges: the leaderboard total', () => {
  it('follows joins, leaves, a refused second join and a reader deleted with their account, as counting does', async () => {
    const t = setup();
    const creator = await t.reader('trial');
    const challenge = await create(t, creator);
    const param = { id: challenge.id };
    const counted = () =>
      t.db.$client
        .prepare<[string], number>('select count(*) from challenge_participants where challenge_id = ?')
        .pluck()
        .get(challenge.id);
    const total = async () => (await successBody(creator.api.challenges[':id'].leaderboard.$get({ param }))).total;
    const readers = [await t.reader('trial'), await t.reader('trial'), await t.reader('trial')];
    for (const reader of readers) {
      expect((await reader.api.challenges[':id'].participants.me.$post({ param })).status).toBe(201);
    }
    expect([await total(), counted()]).toEqual([3, 3]);
    expect((await readers[0]!.api.challenges[':id'].participants.me.$post({ param })).status).toBe(409);
    expect((await readers[0]!.api.challenges[':id'].participants.me.$delete({ param })).status).toBeLessThan(300);
    expect([await total(), counted()]).toEqual([2, 2]);
    expect((await readers[0]!.api.challenges[':id'].participants.me.$post({ param })).status).toBe(201);
    expect([await total(), counted()]).toEqual([3, 3]);
    // Deleting the account cascades to the participation: the total follows.
    t.db.$client.prepare('delete from users where id = ?').run(readers[1]!.user.id);
    expect([await total(), counted()]).toEqual([2, 2]);
  });
});

describe('challenges: comments', () => {
  it('threads replies, likes once, edits with a mark, deletes own and lets moderators hide', async () => {
    const t = setup();
    const ada = await t.reader('trial');
    const bob = await t.reader('trial', { firstName: 'Bob', lastName: 'Stone' });
    const moderator = await t.reader('basic', { role: 'moderator' });
    const challenge = await create(t, ada);
    const param = { id: challenge.id };
    const post = (reader: TTestReader, content: string, parentId?: string) =>
      reader.api.challenges[':id'].comments.$post({ param, json: { content, parentId } });

    const first = await successBody(post(ada, '<b>Who is in?</b>'));
    expect(first).toMatchObject({ content: '<b>Who is in?</b>', authorName: 'Ada L.', isOwn: true });
    const reply = await successBody(post(bob, 'Me!', first.id));
    // A reply to a reply joins the thread.
    const nested = await successBody(post(ada, 'Great', reply.id));
    expect(nested.parentId).toBe(first.id);

    for (const [content, message] of [
      ['   ', 'Comment cannot be empty'],
      ['x'.repeat(1001), 'Comment too long'],
    ] as const) {
      const refused = await post(bob, content);
      expect(refused.status).toBe(400);
      expect((await problemBody(refused)).errors).toContainEqual({ field: 'content', message });
    }
    const elsewhere = await create(t, bob, { title: 'Another one' });
    const wrongThread = await bob.api.challenges[':id'].comments.$post({
      param: { id: elsewhere.id },
      json: { content: 'Hi', parentId: first.id },
    });
    expect((await problemBody(wrongThread)).errors).toContainEqual({
      field: 'parentId',
      message: 'Reply to a comment of this challenge',
    });

    const like = (reader: TTestReader, id: string) =>
      reader.api.challenges.comments[':commentId'].like.$put({ param: { commentId: id } });
    expect((await successBody(like(bob, first.id))).likes).toBe(1);
    expect((await successBody(like(bob, first.id))).likes).toBe(1);
    expect((await like(ada, first.id)).status).toBe(409);
    const unliked = await bob.api.challenges.comments[':commentId'].like.$delete({ param: { commentId: first.id } });
    expect((await successBody(unliked)).likes).toBe(0);

    const edit = (reader: TTestReader, id: string, content: string) =>
      reader.api.challenges.comments[':commentId'].$patch({ param: { commentId: id }, json: { content } });
    expect((await edit(bob, first.id, 'Mine now')).status).toBe(403);
    expect(await successBody(edit(ada, first.id, 'Who is in this week?'))).toMatchObject({ isEdited: true });

    const hidden = await moderator.api.moderation['challenge-comments'][':commentId'].$patch({
      param: { commentId: reply.id },
      json: { isHidden: true, reason: 'Off topic' },
    });
    expect(hidden.status).toBe(200);
    expect(
      (
        await bob.api.moderation['challenge-comments'][':commentId'].$patch({
          param: { commentId: reply.id },
          json: { isHidden: true, reason: 'Off topic' },
        })
      ).status,
    ).toBe(403);
    const visitorView = await successBody(t.api.challenges[':id'].comments.$get({ param }));
    expect(visitorView.items[0]!.replies.map((item) => item.content)).toEqual(['Great']);
    const authorView = await successBody(bob.api.challenges[':id'].comments.$get({ param }));
    expect(authorView.items[0]!.replies[0]).toMatchObject({
      isHidden: true,
      moderationReason: 'Off topic',
      content: 'Me!',
    });

    // Deleting a comment with replies keeps the replies; deleting one without removes it.
    expect((await bob.api.challenges.comments[':commentId'].$delete({ param: { commentId: first.id } })).status).toBe(
      403,
    );
    expect((await ada.api.challenges.comments[':commentId'].$delete({ param: { commentId: first.id } })).status).toBe(
      204,
    );
    expect((await ada.api.challenges.comments[':commentId'].$delete({ param: { commentId: nested.id } })).status).toBe(
      204,
    );
    const after = await successBody(t.api.challenges[':id'].comments.$get({ param }));
    expect(after.items).toHaveLength(0);
    const bobAfter = await successBody(bob.api.challenges[':id'].comments.$get({ param }));
    expect(bobAfter.items[0]).toMatchObject({ isDeleted: true, content: null });
    expect(bobAfter.items[0]!.replies).toHaveLength(1);
  });
});
