/**
 * Book selections (user_selected_books; docs/product/decisions.md#7). Trial readers pick 3 books, Basic
 * readers pick 10 per billing cycle, each pick locked until `lockedUntil`. Written only by the
 * selections service; read by entitlement checks. Deselected rows stay (isActive false) as history.
 */
import { sql } from 'drizzle-orm';
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { userSubscriptionCycles } from './billing';
import { BOOK_TIERS } from './catalogue';
import { bool, enumCheck, id, timestampMs, timestamps } from './columns';
import { ownerUserId, ownedBookId } from './refs';

export const userSelectedBooks = sqliteTable(
  'user_selected_books',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    /** The reader's tier when the pick was made (trial or basic). */
    subscriptionTier: text('subscription_tier', { enum: BOOK_TIERS }).notNull(),
    selectedAt: timestampMs('selected_at').notNull(),
    /** Basic picks cannot be swapped out before this instant (30-day lock). */
    lockedUntil: timestampMs('locked_until'),
    billingCycleStart: timestampMs('billing_cycle_start'),
    /** The cycle whose pick counter this selection used; null for trial picks. */
    cycleId: text('cycle_id').references(() => userSubscriptionCycles.id, { onDelete: 'set null' }),
    isActive: bool('is_active').notNull().default(true),
    deselectedAt: timestampMs('deselected_at'),
    ...timestamps(),
  },
  (table) => [
    // One active pick per reader and book (docs/product/data-model.md#stored-tables). A partial index gives the intent
    // (one active pick per book) while letting a reader pick, drop and re-pick the same book in later cycles (history
    // rows).
    uniqueIndex('user_selected_books_active_unique').on(table.userId, table.bookId).where(sql`is_active = 1`),
    index('user_selected_books_user_idx').on(table.userId, table.isActive, table.selectedAt),
    index('user_selected_books_book_idx').on(table.bookId),
    index('user_selected_books_cycle_idx').on(table.cycleId),
    enumCheck('user_selected_books_tier_check', table.subscriptionTier, BOOK_TIERS),
  ],
);
