/**
 * Demo reading challenges (docs/product/reviews-and-challenges.md#reading-challenges): running, upcoming, full and
 * ended challenges created by the demo accounts, joined by the demo readers of demo-money.ts, with activities and
 * comment threads. The demo accounts with a reading history (reader.premium, reader.basic) get their progress counted
 * from their seeded reading by the same rules as real reading; the other demo readers have no reading events, so their
 * progress is written as a finished sync would have left it. Deterministic; runs once (a database that already has
 * challenges is left alone).
 */
import { asc, count, like } from 'drizzle-orm';
import { CHALLENGE_MILESTONES, progressFromReading, reachedMilestone, type TChallengeType } from '@shared/challenges';
import { countReading, TTS_TIMED_EVENT_TYPES, type TStatsEvent } from '@shared/reading-stats';
import type { Db } from '../client';
import { readingChallenges, users } from '../schema';
import { DEMO_READER_DOMAIN } from './demo-money';
import { createPrng } from './prng';
import { demoEmail } from './users';

const DAY_MS = 86_400_000;

interface TDemoChallenge {
  title: string;
  description: string;
  type: TChallengeType;
  targetValue: number;
  duration: 'weekly' | 'monthly' | 'custom';
  difficulty: 'easy' | 'medium' | 'hard';
  /** Days from today (UTC midnight) to the start and to the end. */
  startDay: number;
  endDay: number;
  creator: string;
  maxParticipants: number | null;
  rules: string[];
  tags: string[];
  prize: string | null;
  featured: boolean;
  /** Demo readers who joined, and the demo accounts among them. */
  readers: number;
  accounts: string[];
  comments: { author: number; text: string; replies: { author: number; text: string }[] }[];
}

const CHALLENGES: TDemoChallenge[] = [
  {
    title: 'Thirty pages a day',
    description:
      'Read 600 pages over the month: about thirty a day. Any book counts, and every page you really read adds up.',
    type: 'pages_count',
    targetValue: 600,
    duration: 'monthly',
    difficulty: 'medium',
    startDay: -12,
    endDay: 18,
    creator: 'reader.premium',
    maxParticipants: null,
    rules: ['Any book in the catalogue counts', 'Pages count after 5 seconds on them'],
    tags: ['pages', 'habit'],
    prize: 'A month of Premium for everyone who finishes',
    featured: true,
    readers: 24,
    accounts: ['reader.premium', 'reader.basic'],
    comments: [
      {
        author: 0,
        text: 'Evenings work best for me: twenty minutes before bed and I am on track.',
        replies: [
          { author: 1, text: 'Same here. Mornings on the train are my bonus pages.' },
          { author: 2, text: 'I read at lunch, it is the only quiet half hour I get.' },
        ],
      },
      { author: 3, text: 'Halfway there! The stoics are quicker reading than I expected.', replies: [] },
    ],
  },
  {
    title: 'Ten-spot reading sprint',
    description: 'Ten readers, one week, two hours of reading each. Small group, lots of encouragement.',
    type: 'time_duration',
    targetValue: 120,
    duration: 'weekly',
    difficulty: 'easy',
    startDay: -2,
    endDay: 5,
    creator: 'reader.basic',
    maxParticipants: 10,
    rules: ['Read aloud time does not count', 'Say hello in the comments'],
    tags: ['sprint', 'small group'],
    prize: null,
    featured: false,
    readers: 10,
    accounts: [],
    comments: [{ author: 4, text: 'Hello everyone! Starting with Meditations tonight.', replies: [] }],
  },
  {
    title: 'Three classics before summer',
    description: 'Finish three books from the classics shelf. Slow reading encouraged: notes, re-reads, discussion.',
    type: 'books_count',
    targetValue: 3,
    duration: 'custom',
    difficulty: 'hard',
    startDay: 6,
    endDay: 66,
    creator: 'admin',
    maxParticipants: 25,
    rules: ['A book counts when you reach its last page', 'Re-reads count'],
    tags: ['classics', 'books'],
    prize: null,
    featured: false,
    readers: 7,
    accounts: [],
    comments: [],
  },
  {
    title: 'Winter reading week',
    description: 'Five hours of reading in one cold week. Blankets optional, tea recommended.',
    type: 'time_duration',
    targetValue: 300,
    duration: 'weekly',
    difficulty: 'medium',
    startDay: -40,
    endDay: -33,
    creator: 'reader.premium',
    maxParticipants: null,
    rules: ['Reading time counts at most 5 minutes a page'],
    tags: ['winter', 'time'],
    prize: null,
    featured: false,
    readers: 16,
    accounts: [],
    comments: [{ author: 5, text: 'Finished on the last evening. Thank you all for the company!', replies: [] }],
  },
];

export function seedDemoChallenges(db: Db, now: Date): number {
  if ((db.select({ total: count() }).from(readingChallenges).get()?.total ?? 0) > 0) return 0;
  const client = db.$client;
  const readers = db
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${DEMO_READER_DOMAIN}`))
    .orderBy(asc(users.email))
    .all()
    .map((reader) => reader.id);
  const accountId = (localPart: string) =>
    client.prepare<[string], string>('select id from users where email = ?').pluck().get(demoEmail({ localPart }));
  const creatorIds = CHALLENGES.map((challenge) => accountId(challenge.creator));
  if (readers.length === 0 || creatorIds.some((id) => id === undefined)) return 0;

  const prng = createPrng(1818);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const insertChallenge = client.prepare(
    `insert into reading_challenges (id, title, description, type, target_value, duration, start_date, end_date, is_public,
       is_active, created_by_id, max_participants, rules, tags, difficulty, prize, is_featured, created_at, updated_at)
     values (@id, @title, @description, @type, @targetValue, @duration, @startDate, @endDate, 1, 1, @createdById,
       @maxParticipants, @rules, @tags, @difficulty, @prize, @featured, @createdAt, @createdAt)`,
  );
  const insertParticipant = client.prepare(
    `insert into challenge_participants (id, challenge_id, user_id, progress, is_completed, completed_at, milestone,
       hide_from_leaderboard, joined_at, created_at, updated_at)
     values (@id, @challengeId, @userId, @progress, @isCompleted, @completedAt, @milestone, @hidden, @joinedAt, @joinedAt, @joinedAt)`,
  );
  const insertActivity = client.prepare(
    `insert into challenge_activities (id, challenge_id, user_id, activity_type, progress_value, created_at)
     values (?, ?, ?, ?, ?, ?)`,
  );
  const insertComment = client.prepare(
    `insert into challenge_comments (id, challenge_id, user_id, content, parent_id, likes, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const accountsToCount: {
    challengeId: string;
    userId: string;
    spec: TDemoChallenge;
    startDate: number;
    endDate: number;
  }[] = [];

  for (const [index, spec] of CHALLENGES.entries()) {
    const challengeId = crypto.randomUUID();
    const startDate = today + spec.startDay * DAY_MS;
    const endDate = today + spec.endDay * DAY_MS;
    insertChallenge.run({
      id: challengeId,
      title: spec.title,
      description: spec.description,
      type: spec.type,
      targetValue: spec.targetValue,
      duration: spec.duration,
      startDate,
      endDate,
      createdById: creatorIds[index]!,
      maxParticipants: spec.maxParticipants,
      rules: JSON.stringify(spec.rules),
      tags: JSON.stringify(spec.tags),
      difficulty: spec.difficulty,
      prize: spec.prize,
      featured: spec.featured ? 1 : 0,
      createdAt: startDate - 5 * DAY_MS,
    });
    // How far into the challenge we are decides how far its readers have got.
    const elapsed = Math.min(1, Math.max(0, (now.getTime() - startDate) / (endDate - startDate)));
    const joiners = prng.sample(readers, Math.min(readers.length, spec.readers - spec.accounts.length));
    const participants: string[] = [];
    for (const userId of joiners) {
      const joinedAt = Math.min(now.getTime() - DAY_MS, startDate + prng.int(-3, 2) * DAY_MS);
      const pace = 0.3 + prng.next() * 1.1;
      const progress = Math.floor(spec.targetValue * elapsed * pace);
      const isCompleted = progress >= spec.targetValue;
      const percent = (progress / spec.targetValue) * 100;
      const milestone = isCompleted
        ? 100
        : ([...CHALLENGE_MILESTONES].reverse().find((value) => percent >= value) ?? 0);
      const completedAt = isCompleted
        ? startDate + Math.floor((endDate - startDate) * (0.6 + prng.next() * 0.35))
        : null;
      insertParticipant.run({
        id: crypto.randomUUID(),
        challengeId,
        userId,
        progress: isCompleted ? Math.max(progress, spec.targetValue) : progress,
        isCompleted: isCompleted ? 1 : 0,
        completedAt,
        milestone,
        hidden: prng.chance(0.1) ? 1 : 0,
        joinedAt,
      });
      insertActivity.run(crypto.randomUUID(), challengeId, userId, 'joined', null, joinedAt);
      for (const value of CHALLENGE_MILESTONES.filter((value) => value <= milestone)) {
        const at = startDate + Math.floor((endDate - startDate) * (value / 100) * (1 / Math.max(pace, 0.5)));
        insertActivity.run(crypto.randomUUID(), challengeId, userId, 'milestone', value, Math.min(at, now.getTime()));
      }
      if (completedAt !== null) {
        insertActivity.run(crypto.randomUUID(), challengeId, userId, 'completed', spec.targetValue, completedAt);
      }
      participants.push(userId);
    }
    for (const localPart of spec.accounts) {
      const userId = accountId(localPart)!;
      insertParticipant.run({
        id: crypto.randomUUID(),
        challengeId,
        userId,
        progress: 0,
        isCompleted: 0,
        completedAt: null,
        milestone: 0,
        hidden: 0,
        joinedAt: startDate,
      });
      insertActivity.run(crypto.randomUUID(), challengeId, userId, 'joined', null, startDate);
      accountsToCount.push({ challengeId, userId, spec, startDate, endDate });
    }
    for (const [threadIndex, thread] of spec.comments.entries()) {
      const threadId = crypto.randomUUID();
      const postedAt = Math.min(now.getTime() - DAY_MS, startDate + (threadIndex + 1) * DAY_MS);
      const author = participants[thread.author % participants.length]!;
      insertComment.run(threadId, challengeId, author, thread.text, null, 0, postedAt, postedAt);
      for (const [replyIndex, reply] of thread.replies.entries()) {
        const at = postedAt + (replyIndex + 1) * 3_600_000;
        const replier = participants[reply.author % participants.length]!;
        insertComment.run(crypto.randomUUID(), challengeId, replier, reply.text, threadId, 0, at, at);
      }
      // Likes from other participants, counted into the comment as the service does.
      for (const liker of prng.sample(participants, prng.int(1, 5)).filter((id) => id !== author)) {
        client
          .prepare('insert into challenge_comment_likes (comment_id, user_id, created_at) values (?, ?, ?)')
          .run(threadId, liker, postedAt + 7_200_000);
      }
      client
        .prepare(
          'update challenge_comments set likes = (select count(*) from challenge_comment_likes where comment_id = ?) where id = ?',
        )
        .run(threadId, threadId);
    }
  }
  // The demo accounts' progress comes from their seeded reading, by the counting rules (the service counts it the same
  // way again at their next sync or visit).
  const countedTypes = ['page_view', 'finish_book', ...TTS_TIMED_EVENT_TYPES].map((type) => `'${type}'`).join(', ');
  const events = client.prepare<[string, number, number], TStatsEvent>(
    `select session_id as sessionId, book_id as bookId, event_type as eventType, page_number as pageNumber,
            duration_ms as durationMs, occurred_at as occurredAt from reading_events
     where user_id = ? and occurred_at >= ? and occurred_at < ? and event_type in (${countedTypes})`,
  );
  for (const { challengeId, userId, spec, startDate, endDate } of accountsToCount) {
    const progress = progressFromReading(spec.type, countReading(events.all(userId, startDate, endDate)));
    const isCompleted = progress >= spec.targetValue;
    client
      .prepare(
        `update challenge_participants set progress = ?, is_completed = ?, completed_at = ?, milestone = ?
         where challenge_id = ? and user_id = ?`,
      )
      .run(
        progress,
        isCompleted ? 1 : 0,
        isCompleted ? now.getTime() : null,
        isCompleted ? 100 : (reachedMilestone(progress, spec.targetValue, 0) ?? 0),
        challengeId,
        userId,
      );
  }
  return CHALLENGES.length;
}
