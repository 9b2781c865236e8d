/**
 * Challenge comments (docs/product/reviews-and-challenges.md#comments): a form, threads with replies, likes, edit with
 * an "edited" mark, delete own, and hide or restore for moderators. Every text is rendered as text, never as HTML.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeOff, Heart, MessageSquare } from 'lucide-react';
import { COMMENT_MAX, type TChallengeReply } from '@shared/challenges';
import { ZCommentEdit } from '@shared/challenges.schemas';
import { hasPermission } from '@shared/permissions';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { ErrorPanel } from '@web/components/error-panel';
import { ReasonDialog } from '@web/components/reason-dialog';
import { FormField } from '@web/components/forms/form-field';
import { useCurrentUser } from '@web/features/auth/queries';
import { describeError, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import {
  commentsQueryOptions,
  deleteComment,
  editComment,
  likeComment,
  moderateComment,
  postComment,
  refreshChallenges,
} from '../queries';

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** The comment schema's message for this text, or the server's, or null when it may be sent. */
function commentError(content: string): string | null {
  const parsed = ZCommentEdit.safeParse({ content });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

function failureText(error: unknown): string {
  return isApiError(error) ? (error.problem?.errors?.[0]?.message ?? describeError(error)) : describeError(error);
}

export function CommentsSection({ challengeId, isSignedIn }: { challengeId: string; isSignedIn: boolean }) {
  const { user } = useCurrentUser();
  const comments = useQuery(commentsQueryOptions(challengeId, user?.id ?? null));
  const isModerator = hasPermission(user?.role, 'community:moderate');
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-4">
      <h2 id="comments-heading" className="font-serif text-xl font-semibold">
        Comments
      </h2>
      {isSignedIn ? (
        <CommentForm challengeId={challengeId} parentId={null} label="Add a comment" submitLabel="Post comment" />
      ) : (
        <p className="text-sm text-muted-foreground">Sign in to comment.</p>
      )}
      {comments.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : comments.isError ? (
        <ErrorPanel
          title="We couldn't load the comments."
          error={comments.error}
          onRetry={() => void comments.refetch()}
        />
      ) : comments.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {comments.data.items.map((thread) => (
            <li key={thread.id} className="rounded-xl border border-border bg-card p-3">
              <Comment comment={thread} challengeId={challengeId} isSignedIn={isSignedIn} isModerator={isModerator} />
              {thread.replies.length > 0 && (
                <ul className="mt-3 flex flex-col gap-3 border-l-2 border-border pl-3 sm:pl-5" aria-label="Replies">
                  {thread.replies.map((reply) => (
                    <li key={reply.id}>
                      <Comment
                        comment={reply}
                        challengeId={challengeId}
                        isSignedIn={isSignedIn}
                        isModerator={isModerator}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentForm({
  challengeId,
  parentId,
  label,
  submitLabel,
  onDone,
}: {
  challengeId: string;
  parentId: string | null;
  label: string;
  submitLabel: string;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const post = useMutation({
    mutationFn: () => postComment(challengeId, content, parentId),
    onSuccess: async () => {
      setContent('');
      await refreshChallenges(queryClient);
      onDone?.();
    },
    onError: (failure) => setError(failureText(failure)),
  });
  const id = `comment-${parentId ?? 'new'}`;
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const problem = commentError(content);
        setError(problem ?? undefined);
        if (!problem) post.mutate();
      }}
    >
      <FormField id={id} label={label} error={error} hint={`${content.length} / ${COMMENT_MAX}`}>
        {(a11y) => (
          <textarea
            rows={parentId ? 2 : 3}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
            value={content}
            onChange={(event) => setContent(event.target.value)}
            {...a11y}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={post.isPending}>
          {post.isPending ? 'Posting...' : submitLabel}
        </Button>
        {onDone && (
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function Comment({
  comment,
  challengeId,
  isSignedIn,
  isModerator,
}: {
  comment: TChallengeReply;
  challengeId: string;
  isSignedIn: boolean;
  isModerator: boolean;
}) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const [draft, setDraft] = useState(comment.content ?? '');
  const [error, setError] = useState<string | undefined>();
  const refresh = () => refreshChallenges(queryClient);
  const like = useMutation({
    mutationFn: () => likeComment(comment.id, !comment.likedByMe),
    onError: (failure) => toast({ variant: 'destructive', title: "Couldn't like", description: failureText(failure) }),
    onSettled: refresh,
  });
  const save = useMutation({
    mutationFn: () => editComment(comment.id, draft),
    onSuccess: async () => {
      setMode('view');
      await refresh();
    },
    onError: (failure) => setError(failureText(failure)),
  });
  const remove = useMutation({
    mutationFn: () => deleteComment(comment.id),
    onError: (failure) =>
      toast({ variant: 'destructive', title: "Couldn't delete", description: failureText(failure) }),
    onSettled: refresh,
  });

  if (comment.isDeleted) {
    return <p className="text-sm italic text-muted-foreground">Comment deleted</p>;
  }
  return (
    <article className="flex flex-col gap-1.5" aria-label={`Comment by ${comment.authorName}`}>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
        <span className="font-medium text-foreground">{comment.authorName}</span>
        <time dateTime={comment.createdAt}>{DATE_FORMAT.format(new Date(comment.createdAt))}</time>
        {comment.isEdited && <span>(edited)</span>}
        {comment.isHidden && (
          <span className="inline-flex items-center gap-1 font-medium text-destructive">
            <EyeOff className="size-3.5" aria-hidden="true" />
            Hidden by a moderator{comment.moderationReason ? `: ${comment.moderationReason}` : ''}
          </span>
        )}
      </p>
      {mode === 'edit' ? (
        <form
          noValidate
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = commentError(draft);
            setError(problem ?? undefined);
            if (!problem) save.mutate();
          }}
        >
          <FormField id={`edit-${comment.id}`} label="Edit comment" error={error}>
            {(a11y) => (
              <textarea
                rows={2}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                {...a11y}
              />
            )}
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={save.isPending}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setMode('view')}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-line break-words text-sm leading-relaxed">{comment.content}</p>
      )}
      <div className="flex flex-wrap items-center gap-1 text-sm">
        {isSignedIn && !comment.isOwn && !comment.isHidden ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={comment.likedByMe}
            disabled={like.isPending}
            onClick={() => like.mutate()}
          >
            <Heart aria-hidden="true" className={comment.likedByMe ? 'fill-current' : undefined} />
            {comment.likes} {comment.likes === 1 ? 'like' : 'likes'}
          </Button>
        ) : (
          <span className="px-3 text-muted-foreground">
            {comment.likes} {comment.likes === 1 ? 'like' : 'likes'}
          </span>
        )}
        {isSignedIn && mode === 'view' && (
          <Button variant="ghost" size="sm" onClick={() => setMode('reply')}>
            <MessageSquare aria-hidden="true" />
            Reply
          </Button>
        )}
        {comment.isOwn && mode === 'view' && (
          <>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(comment.content ?? '');
                setMode('edit');
              }}
            >
              Edit
            </Button>
            <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Delete
            </Button>
          </>
        )}
        {isModerator && <ModerateDialog comment={comment} />}
      </div>
      {mode === 'reply' && (
        <CommentForm
          challengeId={challengeId}
          parentId={comment.id}
          label={`Reply to ${comment.authorName}`}
          submitLabel="Post reply"
          onDone={() => setMode('view')}
        />
      )}
    </article>
  );
}

/** Moderators hide or restore a comment with a reason the author sees (docs/product/reviews-and-challenges.md#comments). */
function ModerateDialog({ comment }: { comment: TChallengeReply }) {
  const queryClient = useQueryClient();
  return (
    <ReasonDialog
      trigger={
        <Button variant="ghost" size="sm">
          {comment.isHidden ? 'Restore' : 'Hide'}
        </Button>
      }
      title={comment.isHidden ? 'Restore this comment' : 'Hide this comment'}
      description="The author sees your reason beside the comment."
      fieldId={`moderate-${comment.id}`}
      submitLabel={comment.isHidden ? 'Restore comment' : 'Hide comment'}
      pendingLabel="Saving..."
      send={(reason) => moderateComment(comment.id, !comment.isHidden, reason)}
      onSent={() => {
        toast({ title: comment.isHidden ? 'Comment restored' : 'Comment hidden' });
        return refreshChallenges(queryClient);
      }}
    />
  );
}
