/**
 * The two foreign keys most tables carry: the reader who owns the row and the book it is about.
 * Both are required and go with their parent (ON DELETE CASCADE), which is what account deletion and
 * catalogue removal rely on. Tables that must outlive the parent declare their own column instead.
 */
import { text } from 'drizzle-orm/sqlite-core';
import { books } from './catalogue';
import { users } from './users';

export const ownerUserId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const ownedBookId = () =>
  text('book_id')
    .notNull()
    .references(() => books.id, { onDelete: 'cascade' });
