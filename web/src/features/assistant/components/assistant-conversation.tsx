/**
 * A reader's conversations about one book (docs/product/assistant.md#screens), used by the reader's side panel and
 * by /library/assistant/:bookId: pick, start, rename or delete a conversation; see which pages answers may use and
 * switch on the whole book; ask, watch the answer arrive and stop it. Answers are rendered as text (never HTML), each
 * claim followed by its page citations, which the host renders (a button that turns the page in the reader, or a
 * link that opens the reader at that page).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Switch from '@radix-ui/react-switch';
import { MessageSquarePlus, Pencil, Send, Square, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_QUESTION_MAX,
  describeScope,
  type TAssistantMessage,
  type TAssistantPart,
  type TAssistantScope,
} from '@shared/assistant';
import { ZAssistantQuestion, ZAssistantThreadRename } from '@shared/assistant.schemas';
import { FieldError } from '@web/components/forms/form-field';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { describeError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import {
  askStreaming,
  assistantBookQuery,
  assistantKeys,
  assistantThreadQuery,
  createThread,
  deleteThread,
  renameThread,
} from '../queries';

const ZQuestionForm = ZAssistantQuestion.pick({ question: true });
type TQuestionForm = z.input<typeof ZQuestionForm>;
type TRenameForm = z.input<typeof ZAssistantThreadRename>;

export type TRenderCitation = (page: number) => ReactNode;

interface TLiveAnswer {
  question: string;
  scope: TAssistantScope | null;
  parts: TAssistantPart[];
  stopped: boolean;
}

export function AssistantConversation({
  bookId,
  renderCitation,
  className,
}: {
  bookId: string;
  renderCitation: TRenderCitation;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const view = useQuery(assistantBookQuery(bookId));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [wholeBook, setWholeBook] = useState(false);
  const [live, setLive] = useState<TLiveAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isRenaming, setIsRenaming] = useState(false);
  const stopRef = useRef<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  const threads = view.data?.threads ?? [];
  const threadId =
    selectedId && threads.some((thread) => thread.id === selectedId) ? selectedId : (threads[0]?.id ?? null);
  const thread = useQuery({ ...assistantThreadQuery(threadId ?? ''), enabled: threadId !== null });

  // Stop a running answer when the panel closes or the page changes.
  useEffect(() => () => stopRef.current?.abort(), []);
  // The newest answer stays in view as it arrives.
  const shownCount = (thread.data?.messages.length ?? 0) + (live ? live.parts.length + 1 : 0);
  useEffect(() => {
    if (shownCount > 0) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shownCount]);

  const refresh = async (id: string | null) => {
    await queryClient.invalidateQueries({ queryKey: assistantKeys.book(bookId) });
    if (id) await queryClient.invalidateQueries({ queryKey: assistantKeys.thread(id) });
  };

  const form = useForm<TQuestionForm>({ resolver: zodResolver(ZQuestionForm), defaultValues: { question: '' } });

  const ask = async ({ question }: TQuestionForm) => {
    setFailure(null);
    const stop = new AbortController();
    stopRef.current = stop;
    setLive({ question, scope: null, parts: [], stopped: false });
    let id = threadId;
    try {
      if (!id) {
        id = (await createThread(bookId)).id;
        setSelectedId(id);
      }
      form.reset({ question: '' });
      await askStreaming({
        threadId: id,
        question,
        wholeBook,
        signal: stop.signal,
        handlers: {
          onScope: (scope) => setLive((current) => current && { ...current, scope }),
          onPart: (part) => setLive((current) => current && { ...current, parts: [...current.parts, part] }),
        },
      });
    } catch (error) {
      if (!stop.signal.aborted) {
        setFailure(describeError(error) || ASSISTANT_MESSAGES.modelFailed);
        form.reset({ question });
      }
    } finally {
      stopRef.current = null;
      await refresh(id);
      setLive(null);
    }
  };
  const isAsking = live !== null;

  const remove = useMutation({
    mutationFn: (id: string) => deleteThread(id),
    onSuccess: async () => {
      setSelectedId(null);
      toast({ title: 'Conversation deleted' });
      await refresh(null);
    },
    onError: (error) => toast({ title: 'The conversation could not be deleted.', description: describeError(error) }),
  });

  if (view.isPending)
    return (
      <div className={cn('flex items-center gap-2 p-4 text-sm text-muted-foreground', className)} role="status">
        <Spinner className="size-4" /> Loading the assistant...
      </div>
    );
  if (view.isError)
    return (
      <p role="alert" className={cn('p-4 text-sm', className)}>
        {describeError(view.error) || 'The assistant could not be loaded.'}
      </p>
    );

  const { furthestPage, totalPages } = view.data;
  const scopeNow: TAssistantScope = { lastPage: wholeBook ? totalPages : furthestPage, totalPages, wholeBook };
  const messages = thread.data?.messages ?? [];
  const current = threads.find((item) => item.id === threadId) ?? null;

  return (
    <div className={cn('flex min-h-0 flex-col gap-3', className)}>
      <div className="flex flex-wrap items-end gap-2">
        {threads.length > 0 && !isRenaming && (
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${ids}-thread`} className="text-xs font-medium text-muted-foreground">
              Conversation
            </label>
            <select
              id={`${ids}-thread`}
              className="h-10 min-w-0 rounded-md border border-input bg-background px-2 text-sm"
              value={threadId ?? ''}
              onChange={(event) => setSelectedId(event.target.value)}
              disabled={isAsking}
            >
              {threads.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
            </select>
          </div>
        )}
        {current && isRenaming && (
          <RenameForm
            title={current.title}
            onCancel={() => setIsRenaming(false)}
            onSave={async (title) => {
              await renameThread(current.id, title);
              setIsRenaming(false);
              await refresh(current.id);
            }}
          />
        )}
        {!isRenaming && (
          <div className="flex gap-1">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={isAsking}
              aria-label="New conversation"
              title="New conversation"
              onClick={async () => {
                const created = await createThread(bookId).catch((error) => {
                  toast({ title: 'The conversation could not be started.', description: describeError(error) });
                  return null;
                });
                if (created) {
                  await refresh(null);
                  setSelectedId(created.id);
                }
              }}
            >
              <MessageSquarePlus aria-hidden="true" />
              {/* A word beside the icon: on a touch screen there is no tooltip to say what it does. */}
              New
            </Button>
            {current && (
              <>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label="Rename conversation"
                  title="Rename conversation"
                  disabled={isAsking}
                  onClick={() => setIsRenaming(true)}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label="Delete conversation"
                      title="Delete conversation"
                      disabled={isAsking}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  }
                  title="Delete this conversation?"
                  confirmLabel="Delete"
                  pendingLabel="Deleting..."
                  confirmVariant="destructive"
                  onConfirm={() => remove.mutateAsync(current.id)}
                >
                  <p>“{current.title}” and its answers will be deleted. This cannot be undone.</p>
                </ConfirmDialog>
              </>
            )}
          </div>
        )}
      </div>

      <div className="flex items-center justify-between gap-3 rounded-md bg-muted px-3 py-2">
        <p className="text-sm" data-testid="assistant-scope" aria-live="polite">
          {describeScope(scopeNow)}
        </p>
        <div className="flex shrink-0 items-center gap-2">
          <label htmlFor={`${ids}-whole`} className="text-sm">
            Whole book
          </label>
          <Switch.Root
            id={`${ids}-whole`}
            checked={wholeBook}
            onCheckedChange={setWholeBook}
            disabled={isAsking}
            aria-describedby={`${ids}-whole-hint`}
            className="relative h-6 w-11 shrink-0 rounded-full border border-input bg-background transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:bg-primary"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-foreground/70 shadow transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-primary-foreground" />
          </Switch.Root>
        </div>
      </div>
      <p id={`${ids}-whole-hint`} className="-mt-2 px-1 text-xs text-muted-foreground">
        {wholeBook
          ? 'Answers may use pages beyond where you are and give away what happens.'
          : 'Answers use only what you have read, so nothing is spoiled.'}
      </p>

      <section aria-label="Answers" className="flex min-h-0 flex-1 flex-col gap-3" role="log" aria-live="polite">
        {messages.length === 0 && !live && (
          <p className="text-sm text-muted-foreground">
            Ask about a character, an idea or a passage. Answers come only from the book’s own text, with the pages they
            come from.
          </p>
        )}
        {messages.map((message) => (
          <MessageView key={message.id} message={message} renderCitation={renderCitation} />
        ))}
        {live && (
          <>
            <Bubble from="user">{live.question}</Bubble>
            <AnswerView parts={live.parts} scope={live.scope} renderCitation={renderCitation} pending={!live.stopped} />
          </>
        )}
      </section>

      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}

      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={form.handleSubmit((values) => void ask(values))}
        aria-label="Ask about this book"
      >
        <label htmlFor={`${ids}-question`} className="text-sm font-medium">
          Your question
        </label>
        <textarea
          id={`${ids}-question`}
          rows={2}
          maxLength={ASSISTANT_QUESTION_MAX}
          className="min-h-16 rounded-md border border-input bg-background px-3 py-2 text-sm"
          aria-invalid={form.formState.errors.question ? true : undefined}
          aria-describedby={form.formState.errors.question ? `${ids}-question-error` : undefined}
          disabled={isAsking}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void form.handleSubmit((values) => void ask(values))();
            }
          }}
          {...form.register('question')}
        />
        <FieldError id={`${ids}-question`} message={form.formState.errors.question?.message} />
        <div className="flex justify-end gap-2">
          {isAsking ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                stopRef.current?.abort();
                setLive((current) => current && { ...current, stopped: true });
              }}
            >
              <Square aria-hidden="true" />
              Stop
            </Button>
          ) : (
            <Button type="submit">
              <Send aria-hidden="true" />
              Ask
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

function RenameForm({
  title,
  onSave,
  onCancel,
}: {
  title: string;
  onSave: (title: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<TRenameForm>({ resolver: zodResolver(ZAssistantThreadRename), defaultValues: { title } });
  const error = form.formState.errors.title?.message;
  return (
    <form
      noValidate
      className="flex min-w-0 flex-1 flex-col gap-1"
      onSubmit={form.handleSubmit(async (values) => {
        try {
          await onSave(values.title);
        } catch (failure) {
          form.setError('title', { message: describeError(failure) || 'The name could not be saved.' });
        }
      })}
    >
      <label htmlFor={`${id}-title`} className="text-xs font-medium text-muted-foreground">
        Conversation name
      </label>
      <div className="flex gap-1">
        <Input
          id={`${id}-title`}
          className="h-10 min-w-0 flex-1"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-title-error` : undefined}
          autoFocus
          {...form.register('title')}
        />
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          Save
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <FieldError id={`${id}-title`} message={error} />
    </form>
  );
}

function Bubble({ from, children }: { from: 'user' | 'assistant'; children: ReactNode }) {
  return (
    <div
      className={cn(
        'max-w-[95%] rounded-lg px-3 py-2 text-sm',
        from === 'user' ? 'self-end bg-primary text-primary-foreground' : 'self-start border border-border bg-card',
      )}
    >
      <span className="sr-only">{from === 'user' ? 'You asked: ' : 'Answer: '}</span>
      {children}
    </div>
  );
}

function MessageView({ message, renderCitation }: { message: TAssistantMessage; renderCitation: TRenderCitation }) {
  if (message.role === 'user') return <Bubble from="user">{message.content}</Bubble>;
  const parts = message.parts.length > 0 ? message.parts : [{ text: message.content, pages: [] }];
  return <AnswerView parts={parts} scope={message.scope} renderCitation={renderCitation} pending={false} />;
}

/** Keys from the parts' own text (an answer's parts are append-only; a repeated text gets its occurrence number). */
function keyedParts(parts: readonly TAssistantPart[]) {
  const seen = new Map<string, number>();
  return parts.map((part) => {
    const base = `${part.pages.join(',')}|${part.text}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}|${count}`, part };
  });
}

function AnswerView({
  parts,
  scope,
  renderCitation,
  pending,
}: {
  parts: readonly TAssistantPart[];
  scope: TAssistantScope | null;
  renderCitation: TRenderCitation;
  pending: boolean;
}) {
  return (
    <Bubble from="assistant">
      <div className="flex flex-col gap-2" data-testid="assistant-answer">
        {keyedParts(parts).map(({ key, part }) => (
          <p key={key} className="leading-relaxed">
            {part.text}
            {part.pages.length > 0 && (
              <span className="ml-1 inline-flex flex-wrap gap-1 align-baseline">
                {part.pages.map((page) => (
                  <span key={page}>{renderCitation(page)}</span>
                ))}
              </span>
            )}
          </p>
        ))}
        {pending && (
          <span className="flex items-center gap-2 text-xs text-muted-foreground" role="status">
            <Spinner className="size-3" /> Looking in the book...
          </span>
        )}
        {scope && <p className="text-xs text-muted-foreground">{describeScope(scope)}</p>}
      </div>
    </Bubble>
  );
}
