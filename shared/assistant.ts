/**
 * The book assistant's answer types, limits and texts (docs/product/assistant.md). Pure: used by the API
 * (features/assistant) and the web panel (web/src/features/assistant).
 */

/** docs/product/assistant.md#limits */
export const ASSISTANT_QUESTION_MAX = 500;
export const ASSISTANT_TITLE_MAX = 120;
/** Book characters one answer may quote at most (also bounded by the reader's copy budget). */
export const ASSISTANT_MAX_QUOTE_CHARS = 320;
/** Questions per reader per hour, and per IP address per hour (docs/product/assistant.md#limits). */
export const ASSISTANT_QUESTIONS_PER_HOUR = 30;
export const ASSISTANT_QUESTIONS_PER_HOUR_PER_IP = 60;
/** Passages the retrieval hands to the answer (or the model). */
export const ASSISTANT_PASSAGES = 6;
/** Threads a reader keeps per book; older ones stay until deleted, the list shows the newest. */
export const ASSISTANT_THREADS_LISTED = 50;

export const ASSISTANT_MODES = ['embedded', 'model'] as const;
export type TAssistantMode = (typeof ASSISTANT_MODES)[number];

/** The texts of docs/product/assistant.md, exactly (answers, quoting, limits, model output, conversations). */
export const ASSISTANT_MESSAGES = {
  notFound: "I couldn't find an answer to that in the pages I can use.",
  notFoundSpoilerHint: 'Switch on "Whole book" to let me look at pages beyond where you are.',
  extractionRefused: "I can't reproduce pages or chapters of the book, but here is what they are about.",
  copyLimitReached:
    "You've reached the copy limit for this book, so this answer points to the pages without quoting them.",
  pageOutOfScope: 'That page is beyond where you are. Switch on "Whole book" to ask about it.',
  rateLimited: "You've asked a lot of questions in the last hour. Please try again later.",
  threadNotFound: 'Conversation not found',
  modelFailed: 'The assistant could not answer just now. Please try again.',
  stopped: 'Stopped.',
  defaultTitle: 'New conversation',
} as const;

/** One claim of an answer and the pages it comes from. */
export interface TAssistantPart {
  text: string;
  pages: number[];
}

export interface TAssistantScope {
  /** The last page the answer may use: the reader's furthest page, or the book's last page with "whole book". */
  lastPage: number;
  totalPages: number;
  wholeBook: boolean;
}

export type TAssistantOutcome = 'answered' | 'not_found' | 'summary' | 'stopped';

export interface TAssistantMessage {
  id: string;
  role: 'user' | 'assistant';
  /** Plain text; the web renders it as text, never as HTML. */
  content: string;
  /** Assistant answers: claims with pages, scope, quoted characters, outcome. */
  parts: TAssistantPart[];
  scope: TAssistantScope | null;
  quotedCharacters: number;
  outcome: TAssistantOutcome | null;
  mode: TAssistantMode | null;
  createdAt: string;
}

export interface TAssistantThread {
  id: string;
  bookId: string | null;
  title: string;
  createdAt: string;
  updatedAt: string;
}

export interface TAssistantThreadDetail extends TAssistantThread {
  messages: TAssistantMessage[];
}

/** GET /api/books/:id/assistant: what the panel needs before the first question. */
export interface TAssistantBookView {
  book: { id: string; slug: string; title: string; author: string };
  /** The reader's furthest page (the default scope) and the book's page count. */
  furthestPage: number;
  totalPages: number;
  mode: TAssistantMode;
  threads: TAssistantThread[];
}

/** GET /api/assistant/status: which mode answers (shown on the profile page). */
export interface TAssistantStatus {
  mode: TAssistantMode;
  /** The configured model's name in model mode, else null. Never the endpoint's key. */
  model: string | null;
}

/** POST /api/assistant/threads/:id/messages answer. */
export interface TAssistantExchange {
  question: TAssistantMessage;
  answer: TAssistantMessage;
}

/**
 * Server-sent events of POST /api/assistant/threads/:id/messages/stream, in order: one `scope`, any number of
 * `part`, then `done` (the stored answer) or `error` (problem text).
 */
export type TAssistantStreamEvent =
  | { event: 'scope'; data: { scope: TAssistantScope } }
  | { event: 'part'; data: TAssistantPart }
  | { event: 'done'; data: TAssistantExchange }
  | { event: 'error'; data: { message: string } };

/** "Using pages 1–48 (up to where you are)" / "Using the whole book (pages 1–320)". */
export function describeScope(scope: TAssistantScope): string {
  if (scope.wholeBook) return `Using the whole book (pages 1–${scope.totalPages})`;
  return scope.lastPage <= 1
    ? 'Using page 1 (up to where you are)'
    : `Using pages 1–${scope.lastPage} (up to where you are)`;
}

/** "p. 12" / "pp. 12, 15". */
export function formatPages(pages: readonly number[]): string {
  return pages.length === 1 ? `p. ${pages[0]}` : `pp. ${pages.join(', ')}`;
}
