/**
 * The book assistant's conversations (docs/product/data-model.md#stored-tables: chat_threads, chat_messages). Written
 * by the assistant service; each reader sees only their own threads.
 */
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { books } from './catalogue';
import { createdAt, enumCheck, id, timestamps } from './columns';
import { ownerUserId } from './refs';

export const CHAT_ROLES = ['user', 'assistant', 'system'] as const;

export interface TChatCitation {
  page: number;
  snippet: string;
}

/**
 * How an assistant answer was made (docs/product/assistant.md#answers): the claims with their pages, the pages it
 * could use, how many book characters it quoted (counted against the copy budget) and which mode answered.
 */
export interface TChatAnswerDetails {
  parts: { text: string; pages: number[] }[];
  scope: { lastPage: number; totalPages: number; wholeBook: boolean };
  quotedCharacters: number;
  outcome: 'answered' | 'not_found' | 'summary' | 'stopped';
  mode: 'embedded' | 'model';
}

export const chatThreads = sqliteTable(
  'chat_threads',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: text('book_id').references(() => books.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    ...timestamps(),
  },
  (table) => [
    index('chat_threads_user_idx').on(table.userId, table.updatedAt),
    index('chat_threads_book_idx').on(table.bookId),
  ],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: id(),
    threadId: text('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    bookId: text('book_id').references(() => books.id, { onDelete: 'set null' }),
    role: text('role', { enum: CHAT_ROLES }).notNull(),
    content: text('content').notNull(),
    /** Page citations of an assistant answer (retrieval from the book's own text). */
    citations: text('citations', { mode: 'json' }).$type<TChatCitation[]>(),
    /** Assistant answers only: claims, scope, quoted characters and mode (null for questions). */
    details: text('details', { mode: 'json' }).$type<TChatAnswerDetails>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('chat_messages_thread_idx').on(table.threadId, table.createdAt),
    index('chat_messages_user_idx').on(table.userId),
    enumCheck('chat_messages_role_check', table.role, CHAT_ROLES),
  ],
);
