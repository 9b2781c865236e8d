/**
 * Reading challenges (docs/product/reviews-and-challenges.md#reading-challenges): the public list and a challenge's
 * page, creating, editing, closing and featuring, joining and leaving (the participant limit holds under concurrent
 * joins: one BEGIN IMMEDIATE transaction with a conditional insert), progress from counted reading inside the
 * challenge's dates, the leaderboard and the activity feed. Comments live in challenge-comments.service.ts.
 */
import { and, eq } from 'drizzle-orm';
import {
  CHALLENGE_COUNTING_RULES,
  CHALLENGE_MESSAGES,
  CHALLENGES_PAGE_SIZE,
  challengeStatus,
  formatAmount,
  HIDDEN_PARTICIPANT_NAME,
  LATE_SYNC_GRACE_MS,
  participantName,
  progressFromReading,
  progressRanks,
  reachedMilestone,
  type TChallengeActivity,
  type TChallengeActivityType,
  type TChallengeDetail,
  type TChallengeList,
  type TChallengeSummary,
  type TChallengeType,
  type TLeaderboard,
  type TOwnParticipation,
} from '@shared/challenges';
import type { ZChallengeInput, ZChallengeListQuery } from '@shared/challenges.schemas';
import type { z } from 'zod';
import { hasPermission } from '@shared/permissions';
import type { TRole } from '@shared/tiers';
import { immediateTransaction, type Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { challengeActivities, challengeParticipants, readingChallenges } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { countedReading } from '../reading-stats/reading-stats.service';

type TChallengeInputParsed = z.output<typeof ZChallengeInput>;
export interface TViewer {
  id: string;
  role: TRole;
}

const LEADERBOARD_LIMIT = 100;
const ACTIVITY_LIMIT = 30;

interface TChallengeRow {
  id: string;
  title: string;
  description: string;
  type: TChallengeType;
  target_value: number;
  duration: TChallengeSummary['duration'];
  difficulty: TChallengeSummary['difficulty'];
  start_date: number;
  end_date: number;
  closed_at: number | null;
  is_featured: number;
  is_active: number;
  created_by_id: string | null;
  max_participants: number | null;
  rules: string;
  tags: string;
  prize: string | null;
  participants: number;
  joined: number;
}

interface TParticipantRow {
  user_id: string;
  progress: number;
  is_completed: number;
  completed_at: number | null;
  hide_from_leaderboard: number;
  first_name: string | null;
  last_name: string | null;
}

const CHALLENGE_COLUMNS = `c.id, c.title, c.description, c.type, c.target_value, c.duration, c.difficulty, c.start_date,
  c.end_date, c.closed_at, c.is_featured, c.is_active, c.created_by_id, c.max_participants, c.rules, c.tags, c.prize,
  (select count(*) from challenge_participants p where p.challenge_id = c.id) as participants,
  exists (select 1 from challenge_participants p where p.challenge_id = c.id and p.user_id = @viewerId) as joined`;

const statements = perConnection((db) => {
  const client = db.$client;
  return {
    challenge: client.prepare<{ id: string; viewerId: string | null }, TChallengeRow>(
      `select ${CHALLENGE_COLUMNS} from reading_challenges c where c.id = @id and c.is_public = 1`,
    ),
    /**
     * The conditional insert that keeps maxParticipants under concurrent joins: it inserts only while the challenge is
     * open and has a spot left, evaluated inside the same BEGIN IMMEDIATE transaction as the count.
     */
    join: client.prepare<{ id: string; challengeId: string; userId: string; now: number }>(
      `insert into challenge_participants (id, challenge_id, user_id, progress, is_completed, joined_at, created_at, updated_at)
       select @id, c.id, @userId, 0, 0, @now, @now, @now from reading_challenges c
       where c.id = @challengeId and c.is_active = 1 and c.closed_at is null and c.end_date > @now
         and (c.max_participants is null
              or (select count(*) from challenge_participants p where p.challenge_id = c.id) < c.max_participants)
       on conflict (challenge_id, user_id) do nothing`,
    ),
    /** What the leaderboard shows of its challenge: its type, target and how many joined (the triggers' count). */
    leaderboardHead: client.prepare<[string], { type: TChallengeType; target_value: number; participants: number }>(
      `select c.type, c.target_value, c.participant_count as participants
       from reading_challenges c where c.id = ? and c.is_public = 1`,
    ),
    /** The top of the leaderboard: the rank of the first rows depends only on the rows above them, so the page's ranks are exact. */
    leaderboard: client.prepare<[string, number], TParticipantRow>(
      `select p.user_id, p.progress, p.is_completed, p.completed_at, p.hide_from_leaderboard, u.first_name, u.last_name
       from challenge_participants p join users u on u.id = p.user_id
       where p.challenge_id = ?
       order by p.progress desc, p.completed_at, p.joined_at
       limit ?`,
    ),
    participantCount: client
      .prepare<[string], number>('select count(*) from challenge_participants where challenge_id = ?')
      .pluck(),
    rankOf: client
      .prepare<[string, number], number>(
        'select count(*) + 1 from challenge_participants where challenge_id = ? and progress > ?',
      )
      .pluck(),
    openParticipations: client.prepare<
      { userId: string; now: number; grace: number },
      {
        id: string;
        challenge_id: string;
        progress: number;
        milestone: number;
        type: TChallengeType;
        target_value: number;
        start_date: number;
        end_date: number;
      }
    >(
      `select p.id, p.challenge_id, p.progress, p.milestone, c.type, c.target_value, c.start_date, c.end_date
       from challenge_participants p join reading_challenges c on c.id = p.challenge_id
       where p.user_id = @userId and p.is_completed = 0 and c.closed_at is null and c.is_active = 1
         and c.start_date <= @now and c.end_date + @grace > @now`,
    ),
    activities: client.prepare<
      [string, number],
      {
        id: string;
        activity_type: TChallengeActivityType;
        progress_value: number | null;
        created_at: number;
        first_name: string | null;
        last_name: string | null;
        hide_from_leaderboard: number | null;
        type: TChallengeType;
      }
    >(
      `select a.id, a.activity_type, a.progress_value, a.created_at, u.first_name, u.last_name, p.hide_from_leaderboard, c.type
       from challenge_activities a join users u on u.id = a.user_id join reading_challenges c on c.id = a.challenge_id
       left join challenge_participants p on p.challenge_id = a.challenge_id and p.user_id = a.user_id
       where a.challenge_id = ? order by a.created_at desc, a.rowid desc limit ?`,
    ),
  };
});

const iso = (ms: number) => new Date(ms).toISOString();
const parseList = (text: string) => JSON.parse(text) as string[];

function toSummary(row: TChallengeRow, nowMs: number): TChallengeSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    duration: row.duration,
    difficulty: row.difficulty,
    targetValue: row.target_value,
    startDate: iso(row.start_date),
    endDate: iso(row.end_date),
    status: challengeStatus(
      { startDate: row.start_date, endDate: row.end_date, closedAt: row.is_active ? row.closed_at : nowMs },
      nowMs,
    ),
    isFeatured: row.is_featured === 1,
    tags: parseList(row.tags),
    prize: row.prize,
    participants: row.participants,
    maxParticipants: row.max_participants,
    spotsLeft: row.max_participants === null ? null : Math.max(row.max_participants - row.participants, 0),
    joined: row.joined === 1,
  };
}

function loadChallenge(db: Db, id: string, viewerId: string | null): TChallengeRow {
  const row = statements(db).challenge.get({ id, viewerId });
  if (!row) throw new AppError('not_found', 404, CHALLENGE_MESSAGES.notFound);
  return row;
}

const canModerate = (viewer: TViewer | null) => hasPermission(viewer?.role, 'community:moderate');
const canManage = (row: TChallengeRow, viewer: TViewer | null) =>
  viewer !== null && (row.created_by_id === viewer.id || canModerate(viewer));

/** GET /api/challenges: public challenges, featured first, with filters (docs/product/reviews-and-challenges.md#list). */
export function listChallenges(options: {
  db: Db;
  query: z.output<typeof ZChallengeListQuery>;
  viewerId: string | null;
  now: Date;
}): TChallengeList {
  const { db, viewerId } = options;
  const query = options.query;
  const nowMs = options.now.getTime();
  const conditions: string[] = ['c.is_public = 1'];
  const params: Record<string, unknown> = { viewerId, now: nowMs };
  if (query.type) {
    conditions.push('c.type = @type');
    params.type = query.type;
  }
  if (query.duration) {
    conditions.push('c.duration = @duration');
    params.duration = query.duration;
  }
  if (query.difficulty) {
    conditions.push('c.difficulty = @difficulty');
    params.difficulty = query.difficulty;
  }
  if (query.status === 'upcoming') conditions.push('c.is_active = 1 and c.closed_at is null and c.start_date > @now');
  if (query.status === 'running') {
    conditions.push('c.is_active = 1 and c.closed_at is null and c.start_date <= @now and c.end_date > @now');
  }
  if (query.status === 'ended') conditions.push('(c.is_active = 0 or c.closed_at is not null or c.end_date <= @now)');
  const search = query.search?.trim();
  if (search) {
    // LIKE with the wildcards of the reader's text escaped, over title, description and tags.
    conditions.push(
      `(c.title like @search escape '\\' or c.description like @search escape '\\' or c.tags like @search escape '\\')`,
    );
    params.search = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  }
  const where = conditions.join(' and ');
  const page = query.page;
  const total = db.$client
    .prepare(`select count(*) from reading_challenges c where ${where}`)
    .pluck()
    .get(params) as number;
  // Running first, then upcoming by start, then ended by most recent end.
  const rows = db.$client
    .prepare(
      `select ${CHALLENGE_COLUMNS} from reading_challenges c where ${where}
       order by c.is_featured desc,
         case when c.is_active = 0 or c.closed_at is not null or c.end_date <= @now then 2 when c.start_date > @now then 1 else 0 end,
         case when c.is_active = 0 or c.closed_at is not null or c.end_date <= @now then -c.end_date else c.start_date end,
         c.id
       limit @limit offset @offset`,
    )
    .all({ ...params, limit: CHALLENGES_PAGE_SIZE, offset: (page - 1) * CHALLENGES_PAGE_SIZE }) as TChallengeRow[];
  return { items: rows.map((row) => toSummary(row, nowMs)), total, page, limit: CHALLENGES_PAGE_SIZE };
}

function ownParticipation(db: Db, challengeId: string, userId: string, target: number): TOwnParticipation | null {
  const row = db
    .select()
    .from(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, challengeId), eq(challengeParticipants.userId, userId)))
    .get();
  if (!row) return null;
  return {
    progress: row.progress,
    percent: Math.min(100, Math.floor((row.progress / target) * 100)),
    isCompleted: row.isCompleted,
    completedAt: row.completedAt?.toISOString() ?? null,
    joinedAt: row.joinedAt.toISOString(),
    hideFromLeaderboard: row.hideFromLeaderboard,
    rank: statements(db).rankOf.get(challengeId, row.progress) ?? null,
  };
}

/** GET /api/challenges/:id: the page's facts and the viewer's own progress (brought up to date first). */
export function getChallenge(options: { db: Db; id: string; viewer: TViewer | null; now: Date }): TChallengeDetail {
  const { db, id, viewer, now } = options;
  if (viewer) refreshChallengeProgress({ db, userId: viewer.id, now });
  const row = loadChallenge(db, id, viewer?.id ?? null);
  const creator = row.created_by_id
    ? db.$client
        .prepare<[string], { first_name: string | null; last_name: string | null }>(
          'select first_name, last_name from users where id = ?',
        )
        .get(row.created_by_id)
    : undefined;
  return {
    ...toSummary(row, now.getTime()),
    rules: parseList(row.rules),
    createdBy: creator ? participantName(creator.first_name, creator.last_name) : 'Wonderful Books',
    isClosed: row.closed_at !== null || row.is_active === 0,
    countingRule: CHALLENGE_COUNTING_RULES[row.type],
    canManage: canManage(row, viewer),
    canFeature: hasPermission(viewer?.role, 'challenges:feature'),
    me: viewer ? ownParticipation(db, id, viewer.id, row.target_value) : null,
  };
}

function datesOf(input: TChallengeInputParsed) {
  return { startDate: new Date(Date.parse(input.startDate)), endDate: new Date(Date.parse(input.endDate)) };
}

/** POST /api/challenges: any signed-in reader creates a public challenge. */
export function createChallenge(options: {
  db: Db;
  viewer: TViewer;
  input: TChallengeInputParsed;
  now: Date;
}): TChallengeDetail {
  const { db, viewer, input, now } = options;
  const created = db
    .insert(readingChallenges)
    .values({
      title: input.title,
      description: input.description,
      type: input.type,
      targetValue: input.targetValue,
      duration: input.duration,
      difficulty: input.difficulty,
      ...datesOf(input),
      maxParticipants: input.maxParticipants,
      rules: input.rules,
      tags: input.tags,
      prize: input.prize,
      createdById: viewer.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: readingChallenges.id })
    .get();
  return getChallenge({ db, id: created.id, viewer, now });
}

/** PATCH /api/challenges/:id: the creator or a moderator edits it; the limit cannot drop below who has joined. */
export function updateChallenge(options: {
  db: Db;
  id: string;
  viewer: TViewer;
  input: TChallengeInputParsed;
  now: Date;
}): TChallengeDetail {
  const { db, id, viewer, input, now } = options;
  immediateTransaction(db, () => {
    const row = loadChallenge(db, id, viewer.id);
    if (!canManage(row, viewer)) throw new AppError('forbidden', 403, CHALLENGE_MESSAGES.notYours);
    if (input.maxParticipants !== null && input.maxParticipants < row.participants) {
      throw new AppError('validation_failed', 400, 'Validation failed', [
        {
          field: 'maxParticipants',
          message: `Maximum participants cannot be below the ${row.participants} readers who joined`,
        },
      ]);
    }
    db.update(readingChallenges)
      .set({
        title: input.title,
        description: input.description,
        type: input.type,
        targetValue: input.targetValue,
        duration: input.duration,
        difficulty: input.difficulty,
        ...datesOf(input),
        maxParticipants: input.maxParticipants,
        rules: input.rules,
        tags: input.tags,
        prize: input.prize,
        updatedAt: now,
      })
      .where(eq(readingChallenges.id, id))
      .run();
    // A new type, target or dates changes what counts: progress is counted again for everyone who has not finished.
    db.update(challengeParticipants)
      .set({ progress: 0, milestone: 0 })
      .where(and(eq(challengeParticipants.challengeId, id), eq(challengeParticipants.isCompleted, false)))
      .run();
  });
  recountChallenge(db, id, now);
  return getChallenge({ db, id, viewer, now });
}

/** POST /api/challenges/:id/close: ends it now (no joins, progress frozen); creator or moderator. */
export function closeChallenge(options: { db: Db; id: string; viewer: TViewer; now: Date }): TChallengeDetail {
  const { db, id, viewer, now } = options;
  const row = loadChallenge(db, id, viewer.id);
  if (!canManage(row, viewer)) throw new AppError('forbidden', 403, CHALLENGE_MESSAGES.notYours);
  if (row.closed_at === null) {
    db.update(readingChallenges)
      .set({ closedAt: now, isActive: false, updatedAt: now })
      .where(eq(readingChallenges.id, id))
      .run();
  }
  return getChallenge({ db, id, viewer, now });
}

/** PUT /api/challenges/:id/featured (challenges:feature). */
export function setFeatured(options: { db: Db; id: string; viewer: TViewer; isFeatured: boolean; now: Date }) {
  const { db, id, viewer, isFeatured, now } = options;
  loadChallenge(db, id, viewer.id);
  db.update(readingChallenges).set({ isFeatured, updatedAt: now }).where(eq(readingChallenges.id, id)).run();
  return getChallenge({ db, id, viewer, now });
}

function addActivity(
  db: Db,
  activity: { challengeId: string; userId: string; type: TChallengeActivityType; progressValue: number | null },
  now: Date,
) {
  db.insert(challengeActivities)
    .values({
      challengeId: activity.challengeId,
      userId: activity.userId,
      activityType: activity.type,
      progressValue: activity.progressValue,
      createdAt: now,
    })
    .run();
}

/**
 * POST /api/challenges/:id/participants/me: joins while the challenge is open and has a spot left. The count and the
 * insert run in one BEGIN IMMEDIATE transaction, so concurrent joins cannot pass the limit.
 */
export function joinChallenge(options: { db: Db; id: string; viewer: TViewer; now: Date }): TChallengeDetail {
  const { db, id, viewer, now } = options;
  const nowMs = now.getTime();
  immediateTransaction(db, () => {
    const row = loadChallenge(db, id, viewer.id);
    if (row.joined === 1) throw new AppError('conflict', 409, CHALLENGE_MESSAGES.alreadyJoined);
    const inserted = statements(db).join.run({
      id: crypto.randomUUID(),
      challengeId: id,
      userId: viewer.id,
      now: nowMs,
    });
    if (inserted.changes === 0) {
      if (row.closed_at !== null || row.is_active === 0) throw new AppError('conflict', 409, CHALLENGE_MESSAGES.closed);
      if (row.end_date <= nowMs) throw new AppError('conflict', 409, CHALLENGE_MESSAGES.ended);
      throw new AppError('challenge_full', 409, CHALLENGE_MESSAGES.full);
    }
    addActivity(db, { challengeId: id, userId: viewer.id, type: 'joined', progressValue: null }, now);
  });
  // Reading already done inside the dates counts (docs/product/reviews-and-challenges.md#progress).
  refreshChallengeProgress({ db, userId: viewer.id, now });
  return getChallenge({ db, id, viewer, now });
}

/** DELETE /api/challenges/:id/participants/me: leaves a challenge that has not ended; the spot opens again. */
export function leaveChallenge(options: { db: Db; id: string; viewer: TViewer; now: Date }): TChallengeDetail {
  const { db, id, viewer, now } = options;
  const row = loadChallenge(db, id, viewer.id);
  if (row.joined !== 1) throw new AppError('conflict', 409, CHALLENGE_MESSAGES.notJoined);
  if (
    challengeStatus({ startDate: row.start_date, endDate: row.end_date, closedAt: row.closed_at }, now.getTime()) ===
    'ended'
  ) {
    throw new AppError('conflict', 409, CHALLENGE_MESSAGES.ended);
  }
  db.delete(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, id), eq(challengeParticipants.userId, viewer.id)))
    .run();
  return getChallenge({ db, id, viewer, now });
}

/** PATCH /api/challenges/:id/participants/me: the leaderboard opt-out. */
export function setLeaderboardChoice(options: {
  db: Db;
  id: string;
  viewer: TViewer;
  hideFromLeaderboard: boolean;
  now: Date;
}): TChallengeDetail {
  const { db, id, viewer, hideFromLeaderboard, now } = options;
  const row = loadChallenge(db, id, viewer.id);
  if (row.joined !== 1) throw new AppError('conflict', 409, CHALLENGE_MESSAGES.notJoined);
  db.update(challengeParticipants)
    .set({ hideFromLeaderboard, updatedAt: now })
    .where(and(eq(challengeParticipants.challengeId, id), eq(challengeParticipants.userId, viewer.id)))
    .run();
  return getChallenge({ db, id, viewer, now });
}

/**
 * Brings a reader's progress up to date in every open challenge they joined (docs/product/reviews-and-challenges.md#progress):
 * counted reading between the challenge's start and end, by the dashboard's counting rules. Reaching a milestone or the
 * target adds an activity; reaching the target sets completedAt. Called after a sync stored reading events, on joining
 * and when the reader opens a challenge.
 */
export function refreshChallengeProgress(options: { db: Db; userId: string; now: Date }): void {
  const { db, userId, now } = options;
  const s = statements(db);
  const open = s.openParticipations.all({ userId, now: now.getTime(), grace: LATE_SYNC_GRACE_MS });
  if (open.length === 0) return;
  const updates = open.map((participation) => {
    const reading = countedReading({
      db,
      userId,
      from: new Date(participation.start_date),
      to: new Date(participation.end_date),
    });
    return { participation, progress: progressFromReading(participation.type, reading) };
  });
  immediateTransaction(db, () => {
    for (const { participation, progress } of updates) {
      if (progress === participation.progress) continue;
      const completed = progress >= participation.target_value;
      const milestone = completed
        ? null
        : reachedMilestone(progress, participation.target_value, participation.milestone);
      const changed = db
        .update(challengeParticipants)
        .set({
          progress,
          ...(milestone !== null ? { milestone } : {}),
          ...(completed ? { isCompleted: true, completedAt: now, milestone: 100 } : {}),
          updatedAt: now,
        })
        // Only from the progress read above, so two refreshes at once announce a milestone once.
        .where(
          and(
            eq(challengeParticipants.id, participation.id),
            eq(challengeParticipants.progress, participation.progress),
            eq(challengeParticipants.isCompleted, false),
          ),
        )
        .run();
      if (changed.changes === 0) continue;
      const base = { challengeId: participation.challenge_id, userId };
      if (completed) addActivity(db, { ...base, type: 'completed', progressValue: progress }, now);
      else if (milestone !== null) addActivity(db, { ...base, type: 'milestone', progressValue: milestone }, now);
    }
  });
}

/** After an edit: every participant who has not finished is counted again. */
function recountChallenge(db: Db, challengeId: string, now: Date) {
  const readers = db
    .select({ userId: challengeParticipants.userId })
    .from(challengeParticipants)
    .where(and(eq(challengeParticipants.challengeId, challengeId), eq(challengeParticipants.isCompleted, false)))
    .all();
  for (const { userId } of readers) refreshChallengeProgress({ db, userId, now });
}

/**
 * GET /api/challenges/:id/leaderboard: ranked by progress, equal progress sharing a rank; readers who opted out are
 * "A reader" to everyone else (docs/product/reviews-and-challenges.md#leaderboard).
 */
export function getLeaderboard(options: { db: Db; id: string; viewerId: string | null }): TLeaderboard {
  const { db, id, viewerId } = options;
  const head = statements(db).leaderboardHead.get(id);
  if (!head) throw new AppError('not_found', 404, CHALLENGE_MESSAGES.notFound);
  const rows = statements(db).leaderboard.all(id, LEADERBOARD_LIMIT);
  const ranks = progressRanks(rows);
  const target = head.target_value;
  return {
    challengeId: id,
    targetValue: target,
    type: head.type,
    total: head.participants,
    entries: rows.map((row, index) => {
      const isYou = row.user_id === viewerId;
      return {
        position: index + 1,
        rank: ranks[index]!,
        name:
          row.hide_from_leaderboard === 1 && !isYou
            ? HIDDEN_PARTICIPANT_NAME
            : participantName(row.first_name, row.last_name),
        progress: row.progress,
        percent: Math.min(100, Math.floor((row.progress / target) * 100)),
        isCompleted: row.is_completed === 1,
        reachedTarget: row.progress >= target,
        isYou,
      };
    }),
  };
}

function activityMessage(type: TChallengeActivityType, challengeType: TChallengeType, value: number | null): string {
  if (type === 'joined') return 'joined the challenge';
  if (type === 'milestone') return `reached ${value}% of the target`;
  return `completed the challenge with ${formatAmount(challengeType, value ?? 0)}`;
}

/** GET /api/challenges/:id/activities: joined, milestones and completions, newest first. */
export function listActivities(options: { db: Db; id: string; viewerId: string | null }): TChallengeActivity[] {
  const { db, id, viewerId } = options;
  loadChallenge(db, id, viewerId);
  return statements(db)
    .activities.all(id, ACTIVITY_LIMIT)
    .map((row) => ({
      id: row.id,
      activityType: row.activity_type,
      name: row.hide_from_leaderboard === 1 ? HIDDEN_PARTICIPANT_NAME : participantName(row.first_name, row.last_name),
      progressValue: row.progress_value,
      message: activityMessage(row.activity_type, row.type, row.progress_value),
      createdAt: iso(row.created_at),
    }));
}

/** For the bench and the seed: how many readers joined. */
export function participantCount(db: Db, challengeId: string): number {
  return statements(db).participantCount.get(challengeId) ?? 0;
}
