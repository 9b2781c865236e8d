/**
 * Health checks (docs/product/data-model.md#stored-tables: health_check_runs, health_check_items, health_alert_state).
 * A run records each check's outcome; alert state throttles alert e-mails to one per cooldown. Written by the health
 * job and the health dashboard's "run now"; read by the dashboard.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, enumCheck, id, timestampMs, timestamps } from './columns';

export const HEALTH_STATUSES = ['healthy', 'degraded', 'unhealthy'] as const;
export type THealthStatus = (typeof HEALTH_STATUSES)[number];
export const HEALTH_ALERT_STATUSES = ['ok', 'alerting'] as const;

export const healthCheckRuns = sqliteTable(
  'health_check_runs',
  {
    id: id(),
    startedAt: timestampMs('started_at').notNull(),
    finishedAt: timestampMs('finished_at'),
    /** Null while the run is in progress. */
    overallStatus: text('overall_status', { enum: HEALTH_STATUSES }),
    summaryJson: text('summary_json', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('health_check_runs_started_idx').on(table.startedAt),
    check(
      'health_check_runs_status_check',
      sql`${table.overallStatus} is null or ${table.overallStatus} in ('healthy', 'degraded', 'unhealthy')`,
    ),
  ],
);

export const healthCheckItems = sqliteTable(
  'health_check_items',
  {
    id: id(),
    runId: text('run_id')
      .notNull()
      .references(() => healthCheckRuns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: HEALTH_STATUSES }).notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    message: text('message'),
    metaJson: text('meta_json', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('health_check_items_run_idx').on(table.runId),
    index('health_check_items_name_idx').on(table.name, table.createdAt),
    enumCheck('health_check_items_status_check', table.status, HEALTH_STATUSES),
  ],
);

export const healthAlertState = sqliteTable(
  'health_alert_state',
  {
    id: id(),
    alertType: text('alert_type').notNull(),
    lastSentAt: timestampMs('last_sent_at'),
    status: text('status', { enum: HEALTH_ALERT_STATUSES }).notNull().default('ok'),
    cooldownMinutes: integer('cooldown_minutes').notNull().default(30),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('health_alert_state_type_unique').on(table.alertType),
    enumCheck('health_alert_state_status_check', table.status, HEALTH_ALERT_STATUSES),
    check('health_alert_state_cooldown_check', sql`${table.cooldownMinutes} >= 0`),
  ],
);
