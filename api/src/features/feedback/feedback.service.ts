/**
 * Reader feedback and its triage (docs/product/feedback.md). Readers file items through the sync outbox
 * (`feedback.submit`, so an item written offline is sent when the connection returns), see their own items with the
 * team's public response and comments meant for them, and upvote public items once. Moderators and admins triage:
 * a queue with Premium readers' items first (docs/product/feedback.md#priority-support), status and priority,
 * internal comments that never reach the reader, and a public response that e-mails the reader. Every triage change
 * is audited.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TAdminPage } from '@shared/admin-list';
import {
  FEEDBACK_MESSAGES,
  type TFeedbackComment,
  type TFeedbackCommentCreate,
  type TFeedbackItem,
  type TFeedbackLists,
  type TFeedbackResponse,
  type TFeedbackSubmitPayload,
  type TFeedbackTriageDetail,
  type TFeedbackTriageQuery,
  type TFeedbackTriageRow,
  type TFeedbackTriageUpdate,
} from '@shared/feedback';
import { immediateTransaction, type Db } from '../../db/client';
import { feedback, feedbackComments, feedbackVotes, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { sendEmail, type TEmailDeps } from '../email/email.service';
import { feedbackResponseEmail } from '../email/templates/feedback-response';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const MY_LIST_LIMIT = 100;
const PUBLIC_LIST_LIMIT = 50;

type TFeedbackRow = typeof feedback.$inferSelect;

function baseItem(row: TFeedbackRow) {
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    url: row.url,
    deviceInfo: row.deviceInfo ?? null,
    isPublic: row.isPublic,
    upvotes: row.upvotes,
    hasScreenshot: row.screenshot !== null,
    adminResponse: row.adminResponse,
    adminResponseAt: iso(row.adminResponseAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Stores a reader's item from the outbox. The id is the device's, so a retried batch stores it once; an id another
 * reader holds is refused. Answers the refusal reason, or null when stored (or already stored by this reader).
 */
export function submitFeedback(options: {
  db: Db;
  userId: string;
  payload: TFeedbackSubmitPayload;
  now: Date;
}): string | null {
  const { db, userId, payload, now } = options;
  const inserted = db
    .insert(feedback)
    .values({
      id: payload.id,
      userId,
      type: payload.type,
      category: payload.category,
      title: payload.title,
      description: payload.description,
      priority: payload.priority,
      url: payload.url,
      userAgent: payload.userAgent ?? null,
      deviceInfo: payload.deviceInfo,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .run();
  if (inserted.changes > 0) return null;
  const owner = db.select({ userId: feedback.userId }).from(feedback).where(eq(feedback.id, payload.id)).get();
  return owner?.userId === userId ? null : FEEDBACK_MESSAGES.idInUse;
}

function readerItems(db: Db, userId: string, rows: TFeedbackRow[]): TFeedbackItem[] {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const voted = new Set(
    db
      .select({ feedbackId: feedbackVotes.feedbackId })
      .from(feedbackVotes)
      .where(and(eq(feedbackVotes.userId, userId), inArray(feedbackVotes.feedbackId, ids)))
      .all()
      .map((vote) => vote.feedbackId),
  );
  // Only the author sees the team's comments meant for them; internal comments never leave this query.
  const ownIds = rows.filter((row) => row.userId === userId).map((row) => row.id);
  const comments =
    ownIds.length === 0
      ? []
      : db
          .select({
            id: feedbackComments.id,
            feedbackId: feedbackComments.feedbackId,
            comment: feedbackComments.comment,
            createdAt: feedbackComments.createdAt,
          })
          .from(feedbackComments)
          .where(and(inArray(feedbackComments.feedbackId, ownIds), eq(feedbackComments.isInternal, false)))
          .orderBy(asc(feedbackComments.createdAt))
          .all();
  return rows.map((row) => ({
    ...baseItem(row),
    upvotedByMe: voted.has(row.id),
    mine: row.userId === userId,
    // Another reader's screenshot stays private, even on a public item.
    hasScreenshot: row.userId === userId && row.screenshot !== null,
    teamComments: comments
      .filter((comment) => comment.feedbackId === row.id)
      .map((comment) => ({ id: comment.id, comment: comment.comment, createdAt: comment.createdAt.toISOString() })),
  }));
}

/** The reader's own items (newest first) and the public items of every reader (most upvoted first). */
export function listFeedbackForReader(options: { db: Db; userId: string }): TFeedbackLists {
  const { db, userId } = options;
  const mine = db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(desc(feedback.createdAt))
    .limit(MY_LIST_LIMIT)
    .all();
  const publicRows = db
    .select()
    .from(feedback)
    .where(eq(feedback.isPublic, true))
    .orderBy(desc(feedback.upvotes), desc(feedback.createdAt))
    .limit(PUBLIC_LIST_LIMIT)
    .all();
  return { mine: readerItems(db, userId, mine), public: readerItems(db, userId, publicRows) };
}

/** One upvote per reader on a public item; a second one is refused (409). */
export function upvoteFeedback(options: { db: Db; userId: string; feedbackId: string; now: Date }): TFeedbackItem {
  const { db, userId, feedbackId, now } = options;
  return immediateTransaction(db, () => {
    const row = db.select().from(feedback).where(eq(feedback.id, feedbackId)).get();
    if (!row || (!row.isPublic && row.userId !== userId)) throw notFound('Feedback');
    if (!row.isPublic) throw new AppError('feedback_not_public', 409, FEEDBACK_MESSAGES.notPublic);
    const vote = db.insert(feedbackVotes).values({ feedbackId, userId, createdAt: now }).onConflictDoNothing().run();
    if (vote.changes === 0) throw new AppError('already_upvoted', 409, FEEDBACK_MESSAGES.alreadyUpvoted);
    db.update(feedback)
      .set({ upvotes: sql`${feedback.upvotes} + 1` })
      .where(eq(feedback.id, feedbackId))
      .run();
    const updated = db.select().from(feedback).where(eq(feedback.id, feedbackId)).get() as TFeedbackRow;
    return readerItems(db, userId, [updated])[0];
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

const PREMIUM = sql<number>`(${users.subscriptionTier} = 'premium' and ${users.subscriptionStatus} in ('active', 'cancelled'))`;
const PRIORITY_RANK = sql`case ${feedback.priority} when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end`;

const triageColumns = {
  row: feedback,
  userEmail: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  premium: PREMIUM,
  commentCount: sql<number>`(select count(*) from ${feedbackComments} where ${feedbackComments.feedbackId} = ${feedback.id})`,
};

type TTriageSelect = {
  row: TFeedbackRow;
  userEmail: string | null;
  firstName: string | null;
  lastName: string | null;
  premium: number | null;
  commentCount: number;
};

function nameOf(firstName: string | null, lastName: string | null): string | null {
  const name = [firstName, lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

function triageRow(selected: TTriageSelect): TFeedbackTriageRow {
  return {
    ...baseItem(selected.row),
    userId: selected.row.userId,
    userEmail: selected.userEmail,
    userName: nameOf(selected.firstName, selected.lastName),
    premium: selected.premium === 1,
    userAgent: selected.row.userAgent,
    commentCount: Number(selected.commentCount),
  };
}

function triageFilter(query: TFeedbackTriageQuery): SQL | undefined {
  const parts: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    parts.push(
      or(
        sql`${feedback.title} like ${like} escape '\\'`,
        sql`${feedback.description} like ${like} escape '\\'`,
        sql`${users.email} like ${like} escape '\\'`,
      ) as SQL,
    );
  }
  if (query.status) parts.push(eq(feedback.status, query.status));
  if (query.type) parts.push(eq(feedback.type, query.type));
  if (query.priority) parts.push(eq(feedback.priority, query.priority));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The triage queue: Premium readers' items first (priority support), then the chosen order. */
export function listFeedbackTriage(options: { db: Db; query: TFeedbackTriageQuery }): TAdminPage<TFeedbackTriageRow> {
  const { db, query } = options;
  const where = triageFilter(query);
  const direction = query.order === 'asc' ? asc : desc;
  const chosen =
    query.sort === 'priority'
      ? [direction(PRIORITY_RANK), desc(feedback.createdAt)]
      : query.sort === 'upvotes'
        ? [direction(feedback.upvotes), desc(feedback.createdAt)]
        : [direction(feedback.createdAt), direction(feedback.id)];
  const total =
    db.select({ n: count() }).from(feedback).leftJoin(users, eq(users.id, feedback.userId)).where(where).get()?.n ?? 0;
  const rows = db
    .select(triageColumns)
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(desc(sql`coalesce(${PREMIUM}, 0)`), ...chosen)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all() as TTriageSelect[];
  return { items: rows.map(triageRow), total, page: query.page, pageSize: query.pageSize };
}

export function getFeedbackTriage(options: { db: Db; feedbackId: string }): TFeedbackTriageDetail {
  const { db, feedbackId } = options;
  const selected = db
    .select(triageColumns)
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, feedbackId))
    .get() as TTriageSelect | undefined;
  if (!selected) throw notFound('Feedback');
  const comments: TFeedbackComment[] = db
    .select({
      id: feedbackComments.id,
      comment: feedbackComments.comment,
      isInternal: feedbackComments.isInternal,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      createdAt: feedbackComments.createdAt,
    })
    .from(feedbackComments)
    .leftJoin(users, eq(users.id, feedbackComments.userId))
    .where(eq(feedbackComments.feedbackId, feedbackId))
    .orderBy(asc(feedbackComments.createdAt))
    .all()
    .map((comment) => ({
      id: comment.id,
      comment: comment.comment,
      isInternal: comment.isInternal,
      authorName: nameOf(comment.firstName, comment.lastName) ?? comment.email ?? 'Former staff member',
      createdAt: comment.createdAt.toISOString(),
    }));
  const responder = selected.row.adminResponseBy
    ? db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, selected.row.adminResponseBy))
        .get()
    : undefined;
  return {
    ...triageRow(selected),
    comments,
    adminResponseByName: responder ? (nameOf(responder.firstName, responder.lastName) ?? responder.email) : null,
  };
}

interface TTriageActor extends TRequestMeta {
  db: Db;
  now: Date;
  staffId: string;
  feedbackId: string;
}

function existingRow(db: Db, feedbackId: string): TFeedbackRow {
  const row = db.select().from(feedback).where(eq(feedback.id, feedbackId)).get();
  if (!row) throw notFound('Feedback');
  return row;
}

/** Status, priority or visibility; audited with the old and new values. */
export function updateFeedbackTriage(options: TTriageActor & { change: TFeedbackTriageUpdate }): TFeedbackTriageDetail {
  const { db, now, staffId, feedbackId, change } = options;
  immediateTransaction(db, () => {
    const before = existingRow(db, feedbackId);
    db.update(feedback)
      .set({ ...change, updatedAt: now })
      .where(eq(feedback.id, feedbackId))
      .run();
    const changed = Object.fromEntries(
      Object.entries(change)
        .filter(([key, value]) => value !== undefined && before[key as keyof TFeedbackRow] !== value)
        .map(([key, value]) => [key, { from: before[key as keyof TFeedbackRow], to: value }]),
    );
    recordAudit(
      { db, now: () => now },
      {
        action: 'feedback.update',
        resource: 'feedback',
        resourceId: feedbackId,
        userId: staffId,
        details: { changes: changed },
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      },
    );
  });
  return getFeedbackTriage({ db, feedbackId });
}

export function addFeedbackComment(options: TTriageActor & { input: TFeedbackCommentCreate }): TFeedbackTriageDetail {
  const { db, now, staffId, feedbackId, input } = options;
  immediateTransaction(db, () => {
    existingRow(db, feedbackId);
    const id = crypto.randomUUID();
    db.insert(feedbackComments)
      .values({
        id,
        feedbackId,
        userId: staffId,
        comment: input.comment,
        isInternal: input.isInternal,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    db.update(feedback).set({ updatedAt: now }).where(eq(feedback.id, feedbackId)).run();
    recordAudit(
      { db, now: () => now },
      {
        action: 'feedback.comment',
        resource: 'feedback',
        resourceId: feedbackId,
        userId: staffId,
        details: { commentId: id, isInternal: input.isInternal },
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      },
    );
  });
  return getFeedbackTriage({ db, feedbackId });
}

/** The team's public response: stored on the item, the status moved, and the reader e-mailed. */
export async function respondToFeedback(
  options: TTriageActor & { input: TFeedbackResponse; emailDeps: TEmailDeps },
): Promise<TFeedbackTriageDetail> {
  const { db, now, staffId, feedbackId, input } = options;
  const before = immediateTransaction(db, () => {
    const row = existingRow(db, feedbackId);
    db.update(feedback)
      .set({
        adminResponse: input.response,
        adminResponseBy: staffId,
        adminResponseAt: now,
        status: input.status,
        updatedAt: now,
      })
      .where(eq(feedback.id, feedbackId))
      .run();
    recordAudit(
      { db, now: () => now },
      {
        action: 'feedback.respond',
        resource: 'feedback',
        resourceId: feedbackId,
        userId: staffId,
        details: { status: { from: row.status, to: input.status }, replacedResponse: row.adminResponse !== null },
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      },
    );
    return row;
  });
  const reader = before.userId
    ? db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, before.userId))
        .get()
    : undefined;
  if (reader) {
    await sendEmail(options.emailDeps, {
      user: reader,
      emailType: 'feedback_response',
      category: 'transactional',
      template: feedbackResponseEmail({ firstName: reader.firstName, title: before.title, response: input.response }),
    });
  }
  return getFeedbackTriage({ db, feedbackId });
}
