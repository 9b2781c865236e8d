/** Every scheduled job of the API, in one list (the runner is started by api/src/index.ts). */
import { lt } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { pruneRateLimitHits } from '../middleware/rate-limit';
import { pruneSignInThrottle } from '../features/auth/sign-in-throttle.service';
import { resetSelectionCycles, revokeLapsedLoans } from '../features/selections/entitlement-jobs';
import { sendTrialEndingReminders } from '../features/billing/billing-jobs';
import { expireGracePeriods } from '../features/billing/billing-reconcile';
import { deliverCampaigns } from '../features/admin-email/admin-email.service';
import { rebuildDirtyReadingStats } from '../features/reading-stats/reading-stats.service';
import { computeRecommendations } from '../features/recommendations/recommendations.service';
import { sendNewBookAlerts, sendWeeklyRecommendationEmails } from '../features/recommendations/recommendation-emails';
import { sendReadingReminders } from '../features/reading-stats/reading-reminders.service';
import { runHealthChecks } from '../features/health/health-runs.service';
import { ingestDemoBookPdfs } from './demo-book-pdfs';
import { EXPIRE_IDLE_DEVICES_JOB } from './expire-idle-devices';
import type { ScheduledJob } from './runner';

const HOUR_MS = 60 * 60 * 1000;
/** Summaries follow syncs within a minute (docs/product/reading-stats.md#summary-tables). */
const READING_STATS_INTERVAL_MS = 60 * 1000;
/** Often enough that every reader's evening (19:00 to 23:00 local) is seen several times. */
const READING_REMINDERS_INTERVAL_MS = 30 * 60 * 1000;
const DEMO_BOOK_PDFS_INTERVAL_MS = 15 * 60 * 1000;
const RECOMMENDATION_EMAILS_INTERVAL_MS = 15 * 60 * 1000;
/** docs/product/operations.md#health-checks: a run every five minutes. */
const HEALTH_CHECKS_INTERVAL_MS = 5 * 60 * 1000;
/** Longest rate-limit window in use is 30 days (trial abuse per IP); hits older than that count for nothing. */
const RATE_LIMIT_RETENTION_MS = 31 * 24 * HOUR_MS;

export const JOBS: ScheduledJob[] = [
  {
    name: 'prune-rate-limit-hits',
    intervalMs: HOUR_MS,
    run: ({ db, now }) => {
      pruneRateLimitHits({ db, before: new Date(now().getTime() - RATE_LIMIT_RETENTION_MS) });
    },
  },
  {
    name: 'prune-sign-in-throttle',
    intervalMs: HOUR_MS,
    run: (deps) => {
      pruneSignInThrottle(deps);
    },
  },
  {
    name: 'delete-expired-sessions',
    intervalMs: HOUR_MS,
    run: ({ db, now }) => {
      db.delete(sessions).where(lt(sessions.expire, now())).run();
    },
  },
  {
    name: 'reset-selection-cycles',
    intervalMs: HOUR_MS,
    run: (deps) => {
      resetSelectionCycles(deps);
    },
  },
  {
    name: 'revoke-lapsed-loans',
    intervalMs: HOUR_MS,
    run: (deps) => {
      revokeLapsedLoans(deps);
    },
  },
  {
    name: 'trial-ending-reminders',
    intervalMs: HOUR_MS,
    run: async (deps) => {
      await sendTrialEndingReminders(deps);
    },
  },
  {
    // New reading events mark the reader dirty; their summaries are rebuilt here (or at their next dashboard read).
    name: 'reading-stats-summaries',
    intervalMs: READING_STATS_INTERVAL_MS,
    run: (deps) => {
      rebuildDirtyReadingStats(deps);
    },
  },
  {
    // Streaks about to break tonight, in each reader's evening (docs/product/reading-stats.md#reading-reminder).
    name: 'reading-reminders',
    intervalMs: READING_REMINDERS_INTERVAL_MS,
    run: async (deps) => {
      await sendReadingReminders(deps);
    },
  },
  {
    name: 'billing-grace-expiry',
    intervalMs: HOUR_MS,
    run: (deps) => {
      expireGracePeriods(deps);
    },
  },
  {
    // Due at once on start and before the demo books' typesetting, so the demo shows rows at once; then hourly (docs/product/recommendations.md#the-job).
    name: 'recommendations',
    intervalMs: HOUR_MS,
    run: async (deps) => {
      await computeRecommendations(deps);
    },
  },
  {
    // Demo mode: typeset and ingest the 16 real books after start-up instead of before listening;
    // later runs only hash the sources (books whose PDF is current are skipped).
    name: 'demo-book-pdfs',
    intervalMs: DEMO_BOOK_PDFS_INTERVAL_MS,
    run: async (deps) => {
      if (deps.env.DEMO_SEED) await ingestDemoBookPdfs(deps);
    },
  },
  {
    // Campaigns start sending at once in the process that sent them; this picks up retries and anything a restart
    // left behind (docs/product/admin-money.md#campaigns).
    name: 'email-campaigns',
    intervalMs: 60_000,
    run: async (deps) => {
      await deliverCampaigns(deps);
    },
  },
  {
    // Weekly e-mails and new-book alerts; each is claimed in recommendation_mailings first, so runs never repeat one
    // (docs/product/recommendations.md#e-mails).
    name: 'recommendation-emails',
    intervalMs: RECOMMENDATION_EMAILS_INTERVAL_MS,
    run: async (deps) => {
      await sendWeeklyRecommendationEmails(deps);
      await sendNewBookAlerts(deps);
    },
  },
  EXPIRE_IDLE_DEVICES_JOB,
  {
    // Checks with retries, stores the run, e-mails the admins when a check fails or recovers.
    name: 'health-checks',
    intervalMs: HEALTH_CHECKS_INTERVAL_MS,
    run: async (deps) => {
      await runHealthChecks(deps);
    },
  },
];
