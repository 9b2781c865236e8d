/**
 * Reading sessions and events (docs/product/data-model.md#states) as sync mutations: each call returns the id it made
 * at once and stores the change in the outbox in the background, so analytics never hold up reading and survive going
 * offline. Events are sent in larger, less frequent batches than positions.
 */
import type { TEventRecordPayload, TReadingEventType } from '@shared/sync.schemas';
import type { TSyncEngine } from './sync-engine';

function queueQuietly(run: () => Promise<unknown>): void {
  // Analytics must never break reading: a failure to store is already in the sync status (lastError).
  run().catch(() => undefined);
}

export interface TStartSessionInput {
  bookId: string;
  device?: string;
  appVersion?: string;
  /** Defaults to now. */
  startedAt?: Date;
}

/** Starts a reading session (session.start) and returns its id. */
export function startReadingSession(engine: TSyncEngine, input: TStartSessionInput): string {
  const id = crypto.randomUUID();
  const startedAt = (input.startedAt ?? new Date()).toISOString();
  queueQuietly(() =>
    engine.queueMutation(
      {
        type: 'session.start',
        payload: { id, bookId: input.bookId, startedAt, device: input.device, appVersion: input.appVersion },
      },
      { flush: 'later' },
    ),
  );
  return id;
}

/** Ends a reading session (session.end); sent soon, as the reader is usually leaving. */
export function endReadingSession(
  engine: TSyncEngine,
  input: { sessionId: string; bookId: string; endedAt?: Date },
): void {
  const endedAt = (input.endedAt ?? new Date()).toISOString();
  queueQuietly(() =>
    engine.queueMutation(
      { type: 'session.end', payload: { id: input.sessionId, bookId: input.bookId, endedAt } },
      { flush: 'soon' },
    ),
  );
}

export interface TReadingEventInput {
  sessionId: string;
  bookId: string;
  eventType: TReadingEventType;
  pageNumber?: number | null;
  progressPct?: number | null;
  durationMs?: number | null;
  meta?: Record<string, unknown> | null;
  /** Defaults to now. */
  occurredAt?: Date;
}

/** Records one reading event (event.record, appended once by its id) and returns the event id. */
export function recordReadingEvent(engine: TSyncEngine, input: TReadingEventInput): string {
  const id = crypto.randomUUID();
  const { occurredAt, ...rest } = input;
  const payload: TEventRecordPayload = { ...rest, id, occurredAt: (occurredAt ?? new Date()).toISOString() };
  queueQuietly(() => engine.queueMutation({ type: 'event.record', payload }, { flush: 'later' }));
  return id;
}
