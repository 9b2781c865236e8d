/**
 * The book assistant's calls (docs/product/assistant.md): a book's view (position, mode, conversations), one
 * conversation, creating, renaming and deleting conversations, the mode for the profile page, and asking, whose
 * answer streams as server-sent events (read with readAnswerStream).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  TAssistantBookView,
  TAssistantExchange,
  TAssistantPart,
  TAssistantScope,
  TAssistantStatus,
  TAssistantThread,
  TAssistantThreadDetail,
} from '@shared/assistant';
import { api, encodeParams, ensureOk, readJson, withSignal } from '@web/lib/api';
import { readEventStream } from './event-stream';

export const assistantKeys = {
  all: ['assistant'] as const,
  status: ['assistant', 'status'] as const,
  book: (bookId: string) => ['assistant', 'book', bookId] as const,
  thread: (threadId: string) => ['assistant', 'thread', threadId] as const,
};

export const assistantStatusQuery = queryOptions({
  queryKey: assistantKeys.status,
  queryFn: ({ signal }) => readJson<TAssistantStatus>(api.assistant.status.$get(undefined, withSignal(signal))),
  staleTime: 5 * 60 * 1000,
});

export function assistantBookQuery(bookId: string) {
  return queryOptions({
    queryKey: assistantKeys.book(bookId),
    queryFn: ({ signal }) =>
      readJson<TAssistantBookView>(
        api.books[':id'].assistant.$get({ param: encodeParams({ id: bookId }) }, withSignal(signal)),
      ),
    retry: false,
  });
}

export function assistantThreadQuery(threadId: string) {
  return queryOptions({
    queryKey: assistantKeys.thread(threadId),
    queryFn: ({ signal }) =>
      readJson<TAssistantThreadDetail>(
        api.assistant.threads[':id'].$get({ param: encodeParams({ id: threadId }) }, withSignal(signal)),
      ),
  });
}

export function createThread(bookId: string): Promise<TAssistantThread> {
  return readJson<TAssistantThread>(
    api.books[':id'].assistant.threads.$post({ param: encodeParams({ id: bookId }), json: {} }),
  );
}

export function renameThread(threadId: string, title: string): Promise<TAssistantThread> {
  return readJson<TAssistantThread>(
    api.assistant.threads[':id'].$patch({ param: encodeParams({ id: threadId }), json: { title } }),
  );
}

export function deleteThread(threadId: string): Promise<unknown> {
  return readJson(api.assistant.threads[':id'].$delete({ param: encodeParams({ id: threadId }) }));
}

export interface TAnswerStreamHandlers {
  onScope(scope: TAssistantScope): void;
  onPart(part: TAssistantPart): void;
}

/**
 * Asks in a conversation and reads the streamed answer: the scope first, then each checked part as it comes; resolves
 * with the stored exchange, rejects with the API's refusal (ApiError) or the stream's error message. Aborting
 * `signal` is the Stop button: the server keeps what was said so far.
 */
export async function askStreaming(options: {
  threadId: string;
  question: string;
  wholeBook: boolean;
  signal: AbortSignal;
  handlers: TAnswerStreamHandlers;
}): Promise<TAssistantExchange | null> {
  const { threadId, question, wholeBook, signal, handlers } = options;
  const response = await ensureOk(
    await api.assistant.threads[':id'].messages.stream.$post(
      { param: encodeParams({ id: threadId }), json: { question, wholeBook } },
      { init: { signal }, headers: { Accept: 'text/event-stream' } },
    ),
  );
  if (!response.body) throw new Error('The answer could not be read.');
  let exchange: TAssistantExchange | null = null;
  for await (const event of readEventStream(response.body, signal)) {
    if (event.event === 'scope') handlers.onScope(event.data.scope);
    else if (event.event === 'part') handlers.onPart(event.data);
    else if (event.event === 'done') exchange = event.data;
    else if (event.event === 'error') throw new Error(event.data.message);
  }
  return exchange;
}
