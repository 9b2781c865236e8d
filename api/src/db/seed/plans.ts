/**
 * The three plans of docs/product/plans-and-picks.md#plans, exactly as priced and described there (prices in pence,
 * GBP, per month).
 */
import type { InferInsertModel } from 'drizzle-orm';
import type { Db } from '../client';
import { subscriptionPlans } from '../schema';

export type TPlanSeed = Omit<InferInsertModel<typeof subscriptionPlans>, 'id' | 'createdAt' | 'updatedAt'>;

export const PLAN_SEEDS: TPlanSeed[] = [
  {
    tier: 'trial',
    name: 'Free Trial',
    price: '£0',
    priceAmount: 0,
    currency: 'GBP',
    period: 'for 7 days',
    description: 'Try Wonderful Books free for 7 days: pick three books and read them as often as you like.',
    bookLimit: 3,
    features: [
      '7 days',
      'Choose 3 books',
      'Unlimited reads during the trial',
      'No credit card required',
      'Upgrade anytime',
    ],
    badge: null,
    isActive: true,
    displayOrder: 1,
  },
  {
    tier: 'basic',
    name: 'Basic Plan',
    price: '£5.99',
    priceAmount: 599,
    currency: 'GBP',
    period: 'per month',
    description: 'Ten books of your choice every month, readable offline on your registered devices.',
    bookLimit: 10,
    features: [
      'Select 10 books per month',
      'Offline reading',
      '30-day lock-in period',
      'Monthly reset on your billing cycle',
      'All reading features',
      'Customer support',
    ],
    badge: null,
    isActive: true,
    displayOrder: 2,
  },
  {
    tier: 'premium',
    name: 'Premium Plan',
    price: '£9.99',
    priceAmount: 999,
    currency: 'GBP',
    period: 'per month',
    description: 'The whole library with nothing to choose: read anything, on every device, online or offline.',
    bookLimit: -1,
    features: [
      'Unlimited access to the entire library',
      'No selection required',
      'Advanced analytics',
      'Priority support',
      'Early access to new books',
      'Multi-device sync',
    ],
    badge: 'MOST POPULAR',
    isActive: true,
    displayOrder: 3,
  },
];

/** Inserts the plans that are missing (by tier); existing plans keep any admin edits. Returns rows added. */
export function seedPlans(db: Db): number {
  return db.insert(subscriptionPlans).values(PLAN_SEEDS).onConflictDoNothing({ target: subscriptionPlans.tier }).run()
    .changes;
}
