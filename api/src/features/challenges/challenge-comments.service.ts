/**
 * Challenge comments (docs/product/reviews-and-challenges.md#comments): threaded replies (one level: a reply to a reply
 * joins its thread), likes (one per reader, recounted in the same transaction), edits marked "edited", deleting one's
 * own, and moderators hiding or restoring with a reason. Text is stored as typed and always rendered as text.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  CHALLENGE_MESSAGES,
  participantName,
  type TChallengeComment,
  type TChallengeComments,
  type TChallengeReply,
} from '@shared/challenges';
import { hasPermission } from '@shared/permissions';
import { immediateTransaction, type Db } from '../../db/client';
import { challengeCommentLikes, challengeComments, readingChallenges } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TViewer } from './challenges.service';

interface TCommentRow {
  id: string;
  parent_id: string | null;
  user_id: string;
  content: string;
  likes: number;
  is_edited: number;
  is_hidden: number;
  moderation_reason: string | null;
  deleted_at: number | null;
  created_at: number;
  first_name: string | null;
  last_name: string | null;
  liked: number;
}

function requireChallenge(db: Db, challengeId: string) {
  const challenge = db
    .select({ id: readingChallenges.id })
    .from(readingChallenges)
    .where(and(eq(readingChallenges.id, challengeId), eq(readingChallenges.isPublic, true)))
    .get();
  if (!challenge) throw new AppError('not_found', 404, CHALLENGE_MESSAGES.notFound);
}

function loadComment(db: Db, commentId: string) {
  const comment = db.select().from(challengeComments).where(eq(challengeComments.id, commentId)).get();
  if (!comment) throw new AppError('not_found', 404, CHALLENGE_MESSAGES.commentNotFound);
  return comment;
}

/** GET /api/challenges/:id/comments: threads newest first, replies oldest first. */
export function listComments(options: { db: Db; challengeId: string; viewer: TViewer | null }): TChallengeComments {
  const { db, challengeId, viewer } = options;
  requireChallenge(db, challengeId);
  const isModerator = hasPermission(viewer?.role, 'community:moderate');
  const rows = db.$client
    .prepare<{ challengeId: string; viewerId: string | null }, TCommentRow>(
      `select c.id, c.parent_id, c.user_id, c.content, c.likes, c.is_edited, c.is_hidden, c.moderation_reason, c.deleted_at,
              c.created_at, u.first_name, u.last_name,
              exists (select 1 from challenge_comment_likes l where l.comment_id = c.id and l.user_id = @viewerId) as liked
       from challenge_comments c join users u on u.id = c.user_id
       where c.challenge_id = @challengeId order by c.created_at, c.rowid`,
    )
    .all({ challengeId, viewerId: viewer?.id ?? null });
  const toComment = (row: TCommentRow): TChallengeComment => {
    const isOwn = row.user_id === viewer?.id;
    const isHidden = row.is_hidden === 1;
    const isDeleted = row.deleted_at !== null;
    const showText = !isDeleted && (!isHidden || isOwn || isModerator);
    return {
      id: row.id,
      parentId: row.parent_id,
      authorName: participantName(row.first_name, row.last_name),
      content: showText ? row.content : null,
      likes: row.likes,
      likedByMe: row.liked === 1,
      isEdited: row.is_edited === 1,
      isOwn,
      isHidden,
      isDeleted,
      moderationReason: isHidden && (isOwn || isModerator) ? row.moderation_reason : null,
      createdAt: new Date(row.created_at).toISOString(),
      replies: [],
    };
  };
  const threads = new Map<string, TChallengeComment>();
  for (const row of rows) if (row.parent_id === null) threads.set(row.id, toComment(row));
  for (const row of rows) {
    if (row.parent_id === null) continue;
    threads.get(row.parent_id)?.replies.push(toComment(row));
  }
  // A hidden thread without replies disappears for other readers; one with replies keeps its place.
  const visible = [...threads.values()]
    .map((thread) => ({ ...thread, replies: thread.replies.filter((reply) => reply.content !== null) }))
    .filter((thread) => thread.content !== null || thread.replies.length > 0)
    .reverse();
  return { challengeId, items: visible, total: rows.length };
}

/** POST /api/challenges/:id/comments: a comment or a reply (a reply to a reply joins its thread). */
export function addComment(options: {
  db: Db;
  challengeId: string;
  viewer: TViewer;
  content: string;
  parentId: string | null;
  now: Date;
}): TChallengeReply {
  const { db, challengeId, viewer, content, now } = options;
  requireChallenge(db, challengeId);
  let parentId = options.parentId;
  if (parentId !== null) {
    const parent = db.select().from(challengeComments).where(eq(challengeComments.id, parentId)).get();
    if (!parent || parent.challengeId !== challengeId) {
      throw new AppError('validation_failed', 400, 'Validation failed', [
        { field: 'parentId', message: CHALLENGE_MESSAGES.replyElsewhere },
      ]);
    }
    parentId = parent.parentId ?? parent.id;
  }
  const row = db
    .insert(challengeComments)
    .values({ challengeId, userId: viewer.id, content, parentId, createdAt: now, updatedAt: now })
    .returning()
    .get();
  return findComment(db, row.challengeId, row.id, viewer);
}

function findComment(db: Db, challengeId: string, commentId: string, viewer: TViewer): TChallengeReply {
  const all = listComments({ db, challengeId, viewer }).items.flatMap((thread) => [thread, ...thread.replies]);
  const found = all.find((comment) => comment.id === commentId);
  if (!found) throw new AppError('not_found', 404, CHALLENGE_MESSAGES.commentNotFound);
  return found;
}

/** PATCH /api/challenges/comments/:commentId: the author edits; the comment shows "edited". */
export function editComment(options: { db: Db; commentId: string; viewer: TViewer; content: string; now: Date }) {
  const { db, commentId, viewer, content, now } = options;
  const comment = loadComment(db, commentId);
  if (comment.userId !== viewer.id || comment.deletedAt) {
    throw new AppError('forbidden', 403, CHALLENGE_MESSAGES.notYourComment);
  }
  if (content !== comment.content) {
    db.update(challengeComments)
      .set({ content, isEdited: true, updatedAt: now })
      .where(eq(challengeComments.id, commentId))
      .run();
  }
  return findComment(db, comment.challengeId, commentId, viewer);
}

/** DELETE /api/challenges/comments/:commentId: the author deletes; replies by others stay under a "deleted" mark. */
export function deleteComment(options: { db: Db; commentId: string; viewer: TViewer; now: Date }): void {
  const { db, commentId, viewer, now } = options;
  immediateTransaction(db, () => {
    const comment = loadComment(db, commentId);
    if (comment.userId !== viewer.id || comment.deletedAt) {
      throw new AppError('forbidden', 403, CHALLENGE_MESSAGES.notYourComment);
    }
    const replies = db
      .select({ id: challengeComments.id })
      .from(challengeComments)
      .where(eq(challengeComments.parentId, commentId))
      .limit(1)
      .all();
    if (replies.length === 0) db.delete(challengeComments).where(eq(challengeComments.id, commentId)).run();
    else
      db.update(challengeComments)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(challengeComments.id, commentId))
        .run();
  });
}

/** PUT / DELETE /api/challenges/comments/:commentId/like: one like per reader, never on one's own comment. */
export function setCommentLike(options: { db: Db; commentId: string; viewer: TViewer; liked: boolean; now: Date }) {
  const { db, commentId, viewer, liked, now } = options;
  const challengeId = immediateTransaction(db, () => {
    const comment = loadComment(db, commentId);
    if (comment.deletedAt || comment.isHidden) throw new AppError('not_found', 404, CHALLENGE_MESSAGES.commentNotFound);
    if (comment.userId === viewer.id) throw new AppError('conflict', 409, CHALLENGE_MESSAGES.ownLike);
    if (liked) {
      db.insert(challengeCommentLikes)
        .values({ commentId, userId: viewer.id, createdAt: now })
        .onConflictDoNothing()
        .run();
    } else {
      db.delete(challengeCommentLikes)
        .where(and(eq(challengeCommentLikes.commentId, commentId), eq(challengeCommentLikes.userId, viewer.id)))
        .run();
    }
    db.update(challengeComments)
      .set({
        likes: sql`(select count(*) from ${challengeCommentLikes} where ${challengeCommentLikes.commentId} = ${commentId})`,
      })
      .where(eq(challengeComments.id, commentId))
      .run();
    return comment.challengeId;
  });
  return findComment(db, challengeId, commentId, viewer);
}

/** PATCH /api/moderation/challenge-comments/:commentId (community:moderate): hide or restore with a reason. */
export function moderateComment(options: {
  db: Db;
  commentId: string;
  viewer: TViewer;
  isHidden: boolean;
  reason: string;
  now: Date;
}) {
  const { db, commentId, viewer, isHidden, reason, now } = options;
  const comment = loadComment(db, commentId);
  db.update(challengeComments)
    .set({ isHidden, moderationReason: reason, updatedAt: now })
    .where(eq(challengeComments.id, commentId))
    .run();
  return findComment(db, comment.challengeId, commentId, viewer);
}
