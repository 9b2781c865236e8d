/**
 * Reading statistics and preferences (docs/product/reading-stats.md#api): GET /api/reading-stats (the dashboard),
 * GET /api/reading-stats/year/:year (Premium's year in review), GET and PUT /api/reading-preferences (the session
 * user's own), and the reading reminder's one-click stop (token).
 */
import { Hono } from 'hono';
import {
  type TReadingDashboard,
  type TReadingPreferences,
  type TYearInReview,
  ZReadingPreferencesInput,
  ZReadingStatsQuery,
  ZYearParam,
} from '@shared/reading-stats.schemas';
import type { AppDeps, AppEnv } from '../../deps';
import { validate } from '../../lib/validate';
import { requireAuth } from '../../middleware/auth';
import { ZUnsubscribeTokenQuery } from '@shared/email.schemas';
import { allowOneClickUnsubscribe } from '../../middleware/csrf';
import { readingPreferencesOf, saveReadingPreferences } from './reading-preferences.service';
import { stopReadingReminders } from './reading-reminders.service';
import { getReadingDashboard, getYearInReview } from './reading-stats.service';

export function createReadingStatsRoutes({ db, now }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/reading-stats', requireAuth(), validate('query', ZReadingStatsQuery), (c) => {
        c.header('Cache-Control', 'no-store');
        const { timeZone } = c.req.valid('query');
        return c.json(
          getReadingDashboard({
            db,
            userId: c.var.user.id,
            browserTimeZone: timeZone,
            now: now(),
          }) satisfies TReadingDashboard,
        );
      })
      .get(
        '/reading-stats/year/:year',
        requireAuth(),
        validate('param', ZYearParam),
        validate('query', ZReadingStatsQuery),
        (c) => {
          c.header('Cache-Control', 'no-store');
          return c.json(
            getYearInReview({
              db,
              userId: c.var.user.id,
              year: c.req.valid('param').year,
              browserTimeZone: c.req.valid('query').timeZone,
              now: now(),
            }) satisfies TYearInReview,
          );
        },
      )
      .get('/reading-preferences', requireAuth(), (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(readingPreferencesOf(db, c.var.user.id) satisfies TReadingPreferences);
      })
      .put('/reading-preferences', requireAuth(), validate('json', ZReadingPreferencesInput), (c) =>
        c.json(
          saveReadingPreferences({
            db,
            userId: c.var.user.id,
            input: c.req.valid('json'),
            now: now(),
          }) satisfies TReadingPreferences,
        ),
      )
      // The reading reminder's one click (docs/product/reading-stats.md#reading-reminder): the e-mail's token is the
      // credential; mail providers POST the RFC 8058 form body, the unsubscribe page sends none.
      .post(
        '/email/unsubscribe/reading-reminders',
        allowOneClickUnsubscribe,
        validate('query', ZUnsubscribeTokenQuery),
        (c) => {
          stopReadingReminders({ db, token: c.req.valid('query').token, now: now() });
          return c.body(null, 204);
        },
      )
  );
}
