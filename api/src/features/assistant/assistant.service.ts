/**
 * The book assistant (docs/product/assistant.md): a reader's conversations about one book (chat_threads,
 * chat_messages; only their own) and the answers. An answer uses only the book's own text up to the reader's furthest
 * page unless they ask for the whole book, cites its pages, quotes at most a short passage, and counts what it quotes
 * against the copy budget like a copy from the reader. Access is the reader's: a book they may not read now is refused
 * with the usual access message.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  ASSISTANT_MAX_QUOTE_CHARS,
  ASSISTANT_MESSAGES,
  ASSISTANT_THREADS_LISTED,
  formatPages,
  type TAssistantBookView,
  type TAssistantExchange,
  type TAssistantMessage,
  type TAssistantMode,
  type TAssistantPart,
  type TAssistantScope,
  type TAssistantStatus,
  type TAssistantThread,
  type TAssistantThreadDetail,
} from '@shared/assistant';
import { COPY_LIMIT_UNLIMITED, READER_MESSAGES } from '@shared/reader';
import type { Db } from '../../db/client';
import { chatMessages, chatThreads, type TChatAnswerDetails } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { TEnv } from '../../env';
import { AppError } from '../../lib/app-error';
import { ensureBookContent } from '../ingest/ingest.service';
import { readProgress } from '../progress/progress.service';
import { getCopyBudget, recordCopyEvent } from '../reader/copy-budget.service';
import { assertCanRead } from '../reader/reader-access';
import { loadBookIndex, type TBookIndex } from './book-index';
import { composeAnswer, detectExtractionRequest, type TComposedAnswer } from './compose-answer';
import { ModelOutputGate, modelMessages, streamModel } from './model-answer';

const threadNotFound = () => new AppError('not_found', 404, ASSISTANT_MESSAGES.threadNotFound);
/** A new conversation takes its first question as its title, shortened to this. */
const TITLE_FROM_QUESTION = 60;

export function assistantMode(env: TEnv): TAssistantMode {
  return env.ASSISTANT_API_BASE && env.ASSISTANT_MODEL ? 'model' : 'embedded';
}

export function assistantStatus(env: TEnv): TAssistantStatus {
  const mode = assistantMode(env);
  return { mode, model: mode === 'model' ? (env.ASSISTANT_MODEL ?? null) : null };
}

type TThreadRow = typeof chatThreads.$inferSelect;
type TMessageRow = typeof chatMessages.$inferSelect;

function toThread(row: TThreadRow): TAssistantThread {
  return {
    id: row.id,
    bookId: row.bookId,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toMessage(row: TMessageRow): TAssistantMessage {
  const details = row.details;
  return {
    id: row.id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: row.content,
    parts: details?.parts ?? [],
    scope: details?.scope ?? null,
    quotedCharacters: details?.quotedCharacters ?? 0,
    outcome: details?.outcome ?? null,
    mode: details?.mode ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function ownThread(db: Db, userId: string, threadId: string): TThreadRow {
  const row = db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId)))
    .get();
  if (!row) throw threadNotFound();
  return row;
}

/** The book's current version with content (made first for a demo book without it yet). */
async function readableBook(options: { deps: AppDeps; userId: string; bookId: string }) {
  const { deps, userId, bookId } = options;
  const book = assertCanRead({ db: deps.db, userId, bookRef: bookId, now: deps.now() });
  let asset: Awaited<ReturnType<typeof ensureBookContent>>;
  try {
    asset = await ensureBookContent({ deps, bookId: book.id });
  } catch {
    throw new AppError('no_content', 404, READER_MESSAGES.noContent);
  }
  return { book, asset };
}

function furthestPage(db: Db, userId: string, bookId: string, pageCount: number): number {
  const progress = readProgress(db, userId, bookId);
  return Math.min(pageCount, Math.max(1, progress?.furthestPage ?? 1));
}

/** GET /api/books/:id/assistant: the book, the reader's position, the mode and their conversations about it. */
export async function getBookView(options: {
  deps: AppDeps;
  userId: string;
  bookId: string;
}): Promise<TAssistantBookView> {
  const { deps, userId } = options;
  const { book, asset } = await readableBook(options);
  const threads = deps.db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.userId, userId), eq(chatThreads.bookId, book.id)))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(ASSISTANT_THREADS_LISTED)
    .all();
  // The panel opens before the first question: build the book's index meanwhile, so the question finds it ready.
  setImmediate(() => {
    try {
      loadBookIndex({ db: deps.db, bookId: book.id, version: asset.version });
    } catch (error) {
      deps.logger.warn({ err: error, bookId: book.id }, 'assistant index could not be built ahead');
    }
  });
  return {
    book: { id: book.id, slug: book.slug, title: book.title, author: book.author },
    furthestPage: furthestPage(deps.db, userId, book.id, asset.pageCount),
    totalPages: asset.pageCount,
    mode: assistantMode(deps.env),
    threads: threads.map(toThread),
  };
}

export async function createThread(options: {
  deps: AppDeps;
  userId: string;
  bookId: string;
  title?: string;
}): Promise<TAssistantThread> {
  const { deps, userId } = options;
  const { book } = await readableBook(options);
  const now = deps.now();
  const row = deps.db
    .insert(chatThreads)
    .values({
      userId,
      bookId: book.id,
      title: options.title ?? ASSISTANT_MESSAGES.defaultTitle,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
  return toThread(row);
}

export function getThread(options: { db: Db; userId: string; threadId: string }): TAssistantThreadDetail {
  const { db, userId, threadId } = options;
  const thread = ownThread(db, userId, threadId);
  const messages = db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, thread.id), eq(chatMessages.userId, userId)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.role))
    .all();
  return { ...toThread(thread), messages: messages.map(toMessage) };
}

export function renameThread(options: {
  db: Db;
  userId: string;
  threadId: string;
  title: string;
  now: Date;
}): TAssistantThread {
  const { db, userId, threadId, title, now } = options;
  ownThread(db, userId, threadId);
  const row = db
    .update(chatThreads)
    .set({ title, updatedAt: now })
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId)))
    .returning()
    .get();
  return toThread(row!);
}

/** Deletes the conversation and its messages (cascade). */
export function deleteThread(options: { db: Db; userId: string; threadId: string }): void {
  const { db, userId, threadId } = options;
  ownThread(db, userId, threadId);
  db.delete(chatThreads)
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.userId, userId)))
    .run();
}

/** Everything an answer needs, checked before any answering starts (so refusals are plain problem answers). */
export interface TPreparedQuestion {
  thread: TThreadRow;
  bookId: string;
  question: string;
  index: TBookIndex;
  scope: TAssistantScope;
  totalCharacters: number;
  /** Book characters this answer may quote: the per-answer cap or what is left of the copy budget. */
  quoteAllowance: number;
}

export async function prepareQuestion(options: {
  deps: AppDeps;
  userId: string;
  threadId: string;
  question: string;
  wholeBook: boolean;
}): Promise<TPreparedQuestion> {
  const { deps, userId, question, wholeBook } = options;
  const thread = ownThread(deps.db, userId, options.threadId);
  if (!thread.bookId) throw new AppError('not_found', 404, 'Book not found');
  const { book, asset } = await readableBook({ deps, userId, bookId: thread.bookId });
  const index = loadBookIndex({ db: deps.db, bookId: book.id, version: asset.version });
  const totalPages = Math.max(asset.pageCount, index.pageCount);
  const scope: TAssistantScope = {
    lastPage: wholeBook ? totalPages : furthestPage(deps.db, userId, book.id, totalPages),
    totalPages,
    wholeBook,
  };
  const budget = getCopyBudget({ db: deps.db, userId, bookId: book.id, totalCharacters: asset.totalCharacters });
  const remaining = budget.limit === COPY_LIMIT_UNLIMITED ? ASSISTANT_MAX_QUOTE_CHARS : budget.limit - budget.used;
  return {
    thread,
    bookId: book.id,
    question,
    index,
    scope,
    totalCharacters: asset.totalCharacters,
    quoteAllowance: Math.max(0, Math.min(ASSISTANT_MAX_QUOTE_CHARS, remaining)),
  };
}

/** The embedded answer to a prepared question (pure retrieval and composition, no I/O). */
export function composeEmbeddedAnswer(prepared: TPreparedQuestion, quoteAllowance = prepared.quoteAllowance) {
  return composeAnswer({
    index: prepared.index,
    question: prepared.question,
    lastPage: prepared.scope.lastPage,
    quoteAllowance,
    canWidenScope: !prepared.scope.wholeBook && prepared.scope.lastPage < prepared.scope.totalPages,
  });
}

export function answerText(parts: readonly TAssistantPart[]): string {
  return parts
    .map((part) => (part.pages.length > 0 ? `${part.text} (${formatPages(part.pages)})` : part.text))
    .join('\n');
}

/**
 * Counts the answer's quoted characters against the copy budget and stores the question and the answer. When the
 * budget moved on since the question was prepared (another tab copied), the count is refused whole; `recompose`
 * then makes the answer again without quotes.
 */
export function storeExchange(options: {
  deps: AppDeps;
  userId: string;
  prepared: TPreparedQuestion;
  answer: Pick<TComposedAnswer, 'parts' | 'outcome' | 'quotedCharacters'>;
  mode: TAssistantMode;
  recompose: () => Pick<TComposedAnswer, 'parts' | 'outcome' | 'quotedCharacters'>;
}): TAssistantExchange {
  const { deps, userId, prepared, mode } = options;
  const { db } = deps;
  const now = deps.now();
  let answer = options.answer;
  if (answer.quotedCharacters > 0) {
    try {
      recordCopyEvent({
        db,
        userId,
        bookId: prepared.bookId,
        totalCharacters: prepared.totalCharacters,
        characters: answer.quotedCharacters,
        now,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'copy_limit_reached') throw error;
      answer = options.recompose();
    }
  }
  const details: TChatAnswerDetails = {
    parts: answer.parts,
    scope: prepared.scope,
    quotedCharacters: answer.quotedCharacters,
    outcome: answer.outcome,
    mode,
  };
  const question = db
    .insert(chatMessages)
    .values({
      threadId: prepared.thread.id,
      userId,
      bookId: prepared.bookId,
      role: 'user',
      content: prepared.question,
      createdAt: now,
    })
    .returning()
    .get();
  const stored = db
    .insert(chatMessages)
    .values({
      threadId: prepared.thread.id,
      userId,
      bookId: prepared.bookId,
      role: 'assistant',
      content: answerText(answer.parts),
      citations: answer.parts.flatMap((part) => part.pages.map((page) => ({ page, snippet: part.text.slice(0, 120) }))),
      details,
      // One millisecond after the question, so the two keep their order whatever the clock does.
      createdAt: new Date(now.getTime() + 1),
    })
    .returning()
    .get();
  const title =
    prepared.thread.title === ASSISTANT_MESSAGES.defaultTitle ? shortTitle(prepared.question) : prepared.thread.title;
  db.update(chatThreads).set({ title, updatedAt: now }).where(eq(chatThreads.id, prepared.thread.id)).run();
  return { question: toMessage(question), answer: toMessage(stored) };
}

function shortTitle(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_FROM_QUESTION) return flat;
  return `${flat.slice(0, TITLE_FROM_QUESTION - 1).replace(/\s+\S*$/, '')}…`;
}

/** POST /api/assistant/threads/:id/messages in embedded mode: prepare, compose, count and store. */
export async function askEmbedded(options: {
  deps: AppDeps;
  userId: string;
  threadId: string;
  question: string;
  wholeBook: boolean;
}): Promise<TAssistantExchange> {
  const prepared = await prepareQuestion(options);
  return storeExchange({
    deps: options.deps,
    userId: options.userId,
    prepared,
    answer: composeEmbeddedAnswer(prepared),
    mode: 'embedded',
    recompose: () => composeEmbeddedAnswer(prepared, 0),
  });
}

/**
 * The streamed answer (POST /api/assistant/threads/:id/messages/stream): in model mode the model's checked sentences
 * as they come, otherwise the embedded answer's parts. Requests to reproduce pages or chapters, and questions the
 * retrieval finds nothing for, are answered by the embedded rules in both modes, so the model is never asked for
 * them. When `signal` aborts (the reader pressed Stop) what was said so far is kept, marked as stopped.
 */
export async function answerStreaming(options: {
  deps: AppDeps;
  userId: string;
  prepared: TPreparedQuestion;
  signal: AbortSignal;
  emit: (part: TAssistantPart) => Promise<void>;
}): Promise<TAssistantExchange> {
  const { deps, userId, prepared, signal, emit } = options;
  const embedded = composeEmbeddedAnswer(prepared);
  const useModel =
    assistantMode(deps.env) === 'model' &&
    embedded.outcome === 'answered' &&
    !detectExtractionRequest(prepared.question);
  if (!useModel) {
    for (const part of embedded.parts) await emit(part);
    return storeExchange({
      deps,
      userId,
      prepared,
      answer: embedded,
      mode: 'embedded',
      recompose: () => composeEmbeddedAnswer(prepared, 0),
    });
  }

  const { index } = prepared;
  const gate = new ModelOutputGate(
    new Set(embedded.passages.map((passage) => passage.page)),
    embedded.passages.map((ranked) => {
      const passage = index.passages[ranked.id];
      return index.sentences
        .slice(passage.first, passage.first + passage.count)
        .map((sentence) => sentence.text)
        .join(' ');
    }),
    prepared.quoteAllowance,
  );
  const parts: TAssistantPart[] = [];
  const say = async (said: TAssistantPart[]) => {
    for (const part of said) {
      parts.push(part);
      await emit(part);
    }
  };
  let stopped = false;
  try {
    const messages = modelMessages({ index, passages: embedded.passages, question: prepared.question });
    for await (const delta of streamModel({ env: deps.env, messages, signal })) {
      await say(gate.push(delta));
      if (signal.aborted) break;
    }
  } catch (error) {
    if (!signal.aborted) {
      deps.logger.warn({ err: error }, 'assistant model call failed');
      if (parts.length === 0) throw new AppError('model_failed', 503, ASSISTANT_MESSAGES.modelFailed);
    }
  }
  stopped = signal.aborted;
  await say(gate.flush());
  if (stopped) parts.push({ text: ASSISTANT_MESSAGES.stopped, pages: [] });
  return storeExchange({
    deps,
    userId,
    prepared,
    answer: { parts, outcome: stopped ? 'stopped' : 'answered', quotedCharacters: gate.quotedCharacters },
    mode: 'model',
    recompose: () => composeEmbeddedAnswer(prepared, 0),
  });
}
