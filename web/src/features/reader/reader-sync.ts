/**
 * The reader's link to reading sync (web/src/features/sync): every change the reader makes
 * (position, bookmarks, sessions and events) is a sync mutation stored in the device's outbox and sent
 * in batches. Positions and bookmarks go out within a second; analytics wait for a larger batch.
 */
import type { TSyncMutationInput } from '@shared/sync.schemas';
import type { TFlushWhen, TSyncEngine } from '@web/features/sync/sync-engine';

function flushFor(type: TSyncMutationInput['type']): TFlushWhen {
  return type === 'event.record' || type === 'session.start' ? 'later' : 'soon';
}

/** Queues one change for the server; never throws (reading goes on if the outbox is unavailable). */
export function queueReaderMutation(engine: TSyncEngine, mutation: TSyncMutationInput): void {
  // A failure to store is shown by the sync status; it must not interrupt reading.
  engine.queueMutation(mutation, { flush: flushFor(mutation.type) }).catch(() => undefined);
}
