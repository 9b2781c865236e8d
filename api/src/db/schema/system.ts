/**
 * Runtime configuration editable by super admins (system_config: docs/product/limits.md#system-settings) and the
 * bookkeeping of scheduled jobs (docs/ARCHITECTURE.md#adapters-and-jobs: jobs live in the database so several workers
 * can share them). Values are stored as text and parsed by `dataType`. Written by the seed (defaults), the
 * system-settings screen and the job runner.
 */
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, enumCheck, id, timestampMs, timestamps } from './columns';
import { users } from './users';

export const CONFIG_DATA_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type TConfigDataType = (typeof CONFIG_DATA_TYPES)[number];
export const JOB_RUN_STATUSES = ['idle', 'running', 'succeeded', 'failed'] as const;

export const systemConfig = sqliteTable(
  'system_config',
  {
    id: id(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    description: text('description'),
    dataType: text('data_type', { enum: CONFIG_DATA_TYPES }).notNull().default('string'),
    isEditable: bool('is_editable').notNull().default(true),
    category: text('category').notNull().default('general'),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('system_config_key_unique').on(table.key),
    index('system_config_category_idx').on(table.category),
    enumCheck('system_config_data_type_check', table.dataType, CONFIG_DATA_TYPES),
  ],
);

/**
 * One row per scheduled job. A worker claims a due job by moving `lockedUntil` forward in a
 * BEGIN IMMEDIATE transaction, so two processes never run the same job at once.
 */
export const scheduledJobs = sqliteTable(
  'scheduled_jobs',
  {
    id: id(),
    name: text('name').notNull(),
    nextRunAt: timestampMs('next_run_at').notNull(),
    lastRunAt: timestampMs('last_run_at'),
    lastFinishedAt: timestampMs('last_finished_at'),
    lastStatus: text('last_status', { enum: JOB_RUN_STATUSES }).notNull().default('idle'),
    lastError: text('last_error'),
    lockedUntil: timestampMs('locked_until'),
    lockedBy: text('locked_by'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('scheduled_jobs_name_unique').on(table.name),
    index('scheduled_jobs_due_idx').on(table.nextRunAt),
    enumCheck('scheduled_jobs_status_check', table.lastStatus, JOB_RUN_STATUSES),
  ],
);
