/**
 * Builds the Hono application: middleware, every feature's routes under /api, and (when a built web
 * root is given) the PWA with server-rendered SEO tags. Exports AppType for the typed web client.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './deps';
import { handleApiNotFound, handleError } from './middleware/error-handler';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { compressResponses } from './middleware/compression';
import { sessionMiddleware } from './features/auth/session.middleware';
import { csrfProtection } from './middleware/csrf';
import { defaultBodyLimit, urlLengthLimit } from './middleware/body-limit';
import { createAuthRoutes } from './features/auth/auth.routes';
import { createHealthRoutes } from './features/health/health.routes';
import { createCatalogueRoutes } from './features/catalogue/catalogue.routes';
import { createSearchRoutes } from './features/search/search.routes';
import { createContentRoutes } from './features/content/content.routes';
import { createSeoRoutes } from './features/seo/seo.routes';
import { createEmailRoutes } from './features/email/email.routes';
import { createProfileRoutes } from './features/profile/profile.routes';
import { createSelectionsRoutes } from './features/selections/selections.routes';
import { createLoansRoutes } from './features/loans/loans.routes';
import { createBillingRoutes } from './features/billing/billing.routes';
import { createIngestRoutes } from './features/ingest/ingest.routes';
import { createReaderRoutes } from './features/reader/reader.routes';
import { createDevicesRoutes } from './features/devices/devices.routes';
import { createLicensesRoutes } from './features/licenses/licenses.routes';
import { createSyncRoutes } from './features/sync/sync.routes';
import { createProgressRoutes } from './features/progress/progress.routes';
import { createHighlightsRoutes } from './features/highlights/highlights.routes';
import { createReadingStatsRoutes } from './features/reading-stats/reading-stats.routes';
import { createLibraryRoutes } from './features/library/library.routes';
import { createDemoMailboxRoutes } from './features/demo-mailbox/demo-mailbox.routes';
import { createAdminUsersRoutes } from './features/admin-users/admin-users.routes';
import { createAdminBooksRoutes } from './features/admin-books/admin-books.routes';
import { createAdminCategoriesRoutes } from './features/admin-categories/admin-categories.routes';
import { createAdminSeoRoutes } from './features/admin-seo/admin-seo.routes';
import { createAdminContentRoutes } from './features/admin-content/admin-content.routes';
import { createAdminLoansRoutes } from './features/admin-loans/admin-loans.routes';
import { createFeedbackRoutes } from './features/feedback/feedback.routes';
import { createAdminPlansRoutes } from './features/admin-plans/admin-plans.routes';
import { createAdminAuditRoutes } from './features/admin-audit/admin-audit.routes';
import { createAdminOverviewRoutes } from './features/admin-overview/admin-overview.routes';
import { createAdminSubscriptionsRoutes } from './features/admin-subscriptions/admin-subscriptions.routes';
import { createAdminReportsRoutes } from './features/admin-reports/admin-reports.routes';
import { createAdminEmailRoutes } from './features/admin-email/admin-email.routes';
import { createReviewsRoutes } from './features/reviews/reviews.routes';
import { createRecommendationsRoutes } from './features/recommendations/recommendations.routes';
import { createChallengesRoutes } from './features/challenges/challenges.routes';
import { createAssistantRoutes } from './features/assistant/assistant.routes';
// Operations (docs/product/operations.md).
import { createSystemSettingsRoutes } from './features/system-settings/system-settings.routes';
import { createSuperAdminRoutes } from './features/super-admin/super-admin.routes';

export interface CreateAppOptions extends AppDeps {
  /** Folder of the built PWA (vite build output); omitted in API-only tests and in `npm run dev`. */
  webRoot?: string;
}

export function createApi(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/', createHealthRoutes(deps))
    .route('/', createAuthRoutes(deps))
    .route('/', createCatalogueRoutes(deps))
    .route('/', createSearchRoutes(deps))
    .route('/', createContentRoutes(deps))
    .route('/', createEmailRoutes(deps))
    .route('/', createProfileRoutes(deps))
    .route('/', createSelectionsRoutes(deps))
    .route('/', createLoansRoutes(deps))
    .route('/', createBillingRoutes(deps))
    .route('/', createIngestRoutes(deps))
    .route('/', createReaderRoutes(deps))
    .route('/', createDevicesRoutes(deps))
    .route('/', createLicensesRoutes(deps))
    .route('/', createSyncRoutes(deps))
    .route('/', createProgressRoutes(deps))
    .route('/', createHighlightsRoutes(deps))
    .route('/', createLibraryRoutes(deps))
    .route('/', createReadingStatsRoutes(deps))
    .route('/', createDemoMailboxRoutes(deps))
    .route('/', createAdminUsersRoutes(deps))
    .route('/', createAdminLoansRoutes(deps))
    .route('/', createAdminPlansRoutes(deps))
    .route('/', createAdminAuditRoutes(deps))
    .route('/', createAdminOverviewRoutes(deps))
    .route('/', createAdminSubscriptionsRoutes(deps))
    .route('/', createAdminReportsRoutes(deps))
    .route('/', createAdminEmailRoutes(deps))
    .route('/', createAdminBooksRoutes(deps))
    .route('/', createAdminCategoriesRoutes(deps))
    .route('/', createAdminSeoRoutes(deps))
    .route('/', createAdminContentRoutes(deps))
    .route('/', createReviewsRoutes(deps))
    .route('/', createRecommendationsRoutes(deps))
    .route('/', createChallengesRoutes(deps))
    .route('/', createFeedbackRoutes(deps))
    .route('/', createAssistantRoutes(deps))
    .route('/', createSystemSettingsRoutes(deps))
    .route('/', createSuperAdminRoutes(deps));
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(options: CreateAppOptions) {
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(options.logger));
  app.use('*', securityHeaders(options.env.NODE_ENV === 'production'));
  app.onError(handleError);
  app.use('*', urlLengthLimit);
  // Before anything that could read a body: an oversized one is refused unread.
  app.use('/api/*', defaultBodyLimit());
  app.use('/api/*', compressResponses());
  // Cross-site and non-JSON writes are refused before any session is looked up (docs/ARCHITECTURE.md#security).
  app.use('/api/*', csrfProtection(options.env));
  app.use('/api/*', sessionMiddleware(options));

  const api = createApi(options);
  api.notFound(handleApiNotFound);
  app.route('/api', api);
  app.all('/api/*', handleApiNotFound);
  // After /api, so the SPA fallback can never answer an API path.
  if (options.webRoot) app.route('/', createSeoRoutes(options, options.webRoot));
  return app;
}
