/**
 * The server side of offline sync (docs/ARCHITECTURE.md#sync): every mutation a device sends is recorded here in the
 * same transaction as its effect, so a (user, device, mutation id) is applied exactly once however
 * often the outbox retries. Written only by the sync service.
 */
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { enumCheck, id, timestampMs } from './columns';
import { ownerUserId } from './refs';

export const SYNC_MUTATION_STATUSES = ['applied', 'rejected'] as const;

export const syncMutations = sqliteTable(
  'sync_mutations',
  {
    id: id(),
    userId: ownerUserId(),
    /** The sending browser's id (a registered device id or the browser's own UUID). */
    deviceId: text('device_id').notNull(),
    /** UUID made on the device when the change happened. */
    mutationId: text('mutation_id').notNull(),
    type: text('type').notNull(),
    hlc: text('hlc').notNull(),
    status: text('status', { enum: SYNC_MUTATION_STATUSES }).notNull(),
    /** Why a mutation was rejected (shown back to the device), or null. */
    reason: text('reason'),
    appliedAt: timestampMs('applied_at').notNull(),
  },
  (table) => [
    uniqueIndex('sync_mutations_device_mutation_unique').on(table.userId, table.deviceId, table.mutationId),
    index('sync_mutations_applied_idx').on(table.appliedAt),
    enumCheck('sync_mutations_status_check', table.status, SYNC_MUTATION_STATUSES),
  ],
);
