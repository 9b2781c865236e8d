/**
 * Subscription plans (subscription_plans; docs/product/plans-and-picks.md#plans). Prices are integer pence;
 * `bookLimit` -1 means unlimited. Written by the seed and admin plan management; read by the pricing pages and billing.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, id, stringList, timestamps } from './columns';

export const subscriptionPlans = sqliteTable(
  'subscription_plans',
  {
    id: id(),
    /** Stable machine key: trial, basic or premium. */
    tier: text('tier', { enum: ['trial', 'basic', 'premium'] }).notNull(),
    name: text('name').notNull(),
    price: text('price').notNull(),
    priceAmount: integer('price_amount').notNull().default(0),
    currency: text('currency').notNull().default('GBP'),
    period: text('period').notNull().default('per month'),
    description: text('description'),
    bookLimit: integer('book_limit').notNull().default(3),
    features: stringList('features'),
    badge: text('badge'),
    isActive: bool('is_active').notNull().default(true),
    stripePriceId: text('stripe_price_id'),
    displayOrder: integer('display_order').notNull().default(1),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('subscription_plans_tier_unique').on(table.tier),
    index('subscription_plans_order_idx').on(table.displayOrder),
  ],
);
