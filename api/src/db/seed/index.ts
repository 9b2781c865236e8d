/**
 * The idempotent demo seed (DEMO_SEED): plans, categories, the catalogue (16 real books plus generated
 * ones up to DEMO_CATALOGUE_SIZE), system configuration defaults, site content and the demo
 * accounts. Every step inserts only what is missing, keyed by natural keys (plan tier, category slug,
 * book slug, user e-mail, page key, SEO page type, config key), so running it again changes nothing,
 * and everything an admin edits afterwards survives restarts. All writes happen in one
 * BEGIN IMMEDIATE transaction; password hashing (async) happens before it, the search index rebuild
 * and the demo-accounts file after it.
 */
import type { AppDeps } from '../../deps';

/** The seed needs no mailer or other adapters. */
export type SeedDeps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'now'>;
import { isSearchIndexInSync, rebuildSearchIndex } from '../search-index';
import { immediateTransaction } from '../client';
import { seedBooks } from './books';
import { seedCategories } from './categories';
import { seedContent } from './content';
import { seedPlans } from './plans';
import { seedSystemConfig } from './system-config';
import { seedDemoSubscriptions } from './demo-billing';
import { backfillMrrMovements, seedDemoMoney } from './demo-money';
import { seedDemoReviews } from './demo-reviews';
import { seedDemoReading } from './demo-reading';
import { seedDemoShelves } from './demo-shelves';
import { seedDemoHighlights } from './demo-highlights';
import { seedDemoChallenges } from './demo-challenges';
import {
  applyDemoAccounts,
  finishDemoAccounts,
  planDemoAccounts,
  promoteSuperAdmins,
  type TDemoAccount,
} from './users';

export { promoteSuperAdmins } from './users';

export interface TSeedReport {
  /** Books in the catalogue after seeding. */
  bookCount: number;
  durationMs: number;
  demoAccounts: TDemoAccount[];
}

export async function seedDemoData(deps: SeedDeps): Promise<TSeedReport> {
  const started = performance.now();
  const accountPlan = await planDemoAccounts(deps);
  const hashedMs = performance.now() - started;

  const result = immediateTransaction(deps.db, () => {
    const plansAdded = seedPlans(deps.db);
    const categories = seedCategories(deps.db);
    const books = seedBooks({
      db: deps.db,
      now: deps.now(),
      catalogueSize: deps.env.DEMO_CATALOGUE_SIZE,
      categoryIdsByName: categories.idsByName,
      categoryIdsBySlug: categories.idsBySlug,
    });
    const configAdded = seedSystemConfig(deps.db);
    const content = seedContent(deps.db, deps.env.publicUrl);
    const accounts = applyDemoAccounts(deps.db, accountPlan);
    const promoted = promoteSuperAdmins(deps);
    // Stripe keeps its own records; only the embedded test-mode provider gets demo subscriptions.
    const demoSubscriptions = deps.env.stripe ? 0 : seedDemoSubscriptions(deps.db, deps.now());
    const moneyStarted = performance.now();
    const demoReaders = deps.env.stripe ? 0 : seedDemoMoney(deps.db, deps.now());
    const mrrBackfilled = backfillMrrMovements(deps.db);
    const demoReviews = deps.env.stripe ? 0 : seedDemoReviews(deps.db, deps.now());
    const demoReadingHistories = seedDemoReading(deps.db, deps.now());
    const demoShelves = seedDemoShelves(deps.db, deps.now());
    // Books whose PDFs are ingested already (a later start); the rest get theirs from the demo-book-pdfs job.
    seedDemoHighlights(deps.db, deps.now());
    const demoChallenges = deps.env.stripe ? 0 : seedDemoChallenges(deps.db, deps.now());
    const demoMoneyMs = Math.round(performance.now() - moneyStarted);
    return {
      demoReviews,
      demoSubscriptions,
      demoReaders,
      mrrBackfilled,
      demoMoneyMs,
      demoReadingHistories,
      demoShelves,
      demoChallenges,
      plansAdded,
      categoriesAdded: categories.added,
      books,
      configAdded,
      content,
      accounts,
      promoted,
    };
  });

  // Categories feed the index too, so any catalogue change means a rebuild; otherwise only a mismatch does.
  const reindexed = result.books.added > 0 || result.categoriesAdded > 0 || !isSearchIndexInSync(deps.db);
  if (reindexed) rebuildSearchIndex(deps.db);
  finishDemoAccounts(accountPlan);

  const durationMs = Math.round(performance.now() - started);
  deps.logger.info(
    {
      durationMs,
      passwordHashingMs: Math.round(hashedMs),
      plansAdded: result.plansAdded,
      categoriesAdded: result.categoriesAdded,
      booksAdded: result.books.added,
      bookCount: result.books.total,
      configAdded: result.configAdded,
      pagesAdded: result.content.pagesAdded,
      seoAdded: result.content.seoAdded,
      demoAccountsCreated: result.accounts.created,
      demoPasswordsReset: result.accounts.passwordsReset,
      superAdminsPromoted: result.promoted.length,
      demoSubscriptionsCreated: result.demoSubscriptions,
      demoReadersCreated: result.demoReaders,
      demoReviewsCreated: result.demoReviews,
      mrrMovementsBackfilled: result.mrrBackfilled,
      demoMoneyMs: result.demoMoneyMs,
      demoReadingHistories: result.demoReadingHistories,
      demoShelves: result.demoShelves,
      demoChallenges: result.demoChallenges,
      searchIndexRebuilt: reindexed,
    },
    'demo data seeded',
  );
  return { bookCount: result.books.total, durationMs, demoAccounts: accountPlan.accounts };
}
