/**
 * zod request schemas of the reader's shelf: POST /api/sync (the envelope and one payload schema per
 * mutation type), the progress and bookmark reads and the library routes. Payloads are strict: an
 * unknown field is refused rather than silently dropped, so a client bug shows up at once.
 */
import { z } from 'zod';
import { ZFeedbackSubmitPayload } from './feedback';
import {
  ZCardDeletePayload,
  ZCardReviewPayload,
  ZCardUpsertPayload,
  ZHighlightDeletePayload,
  ZHighlightUpsertPayload,
} from './highlights.schemas';
import { HLC_MAX_LENGTH } from './hlc';
import { LIBRARY_FILTERS } from './progress';

import { READING_EVENT_TYPES } from './reading-events';

export { READING_EVENT_TYPES, type TReadingEventType } from './reading-events';

export const SYNC_MAX_MUTATIONS = 200;
export const BOOKMARK_NOTE_MAX = 1000;
/** Reading events' free-form `meta` stays small: it is analytics context, not content. */
export const EVENT_META_MAX_CHARS = 2000;
/** A single event's duration or a session longer than a day is a broken clock, not reading. */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000;
const MAX_PAGE = 100_000;

/** A book is named by its uuid or its slug (docs/ARCHITECTURE.md#conventions). */
const bookRef = z
  .string({ message: 'Book id is required' })
  .trim()
  .min(1, 'Book id is required')
  .max(200, 'Book id is too long')
  .regex(/^[A-Za-z0-9-]+$/, 'Book id may contain only letters, digits and hyphens');

const page = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 or more`)
    .max(MAX_PAGE, `${label} must be at most ${MAX_PAGE}`);

const instant = (label: string) =>
  z.iso.datetime({ offset: true, message: `${label} must be an ISO 8601 date and time` });
const uuid = (label: string) => z.uuid({ message: `${label} must be a valid id` });

export const ZProgressSetPayload = z.strictObject({
  bookId: bookRef,
  page: page('Page'),
  totalPages: page('Total pages').optional(),
});

export const ZBookmarkUpsertPayload = z.strictObject({
  id: uuid('Bookmark id'),
  bookId: bookRef,
  page: page('Page'),
  note: z
    .string({ message: 'Note must be text' })
    .max(BOOKMARK_NOTE_MAX, `Note must be at most ${BOOKMARK_NOTE_MAX} characters`)
    .nullable()
    .optional(),
});

export const ZBookmarkDeletePayload = z.strictObject({
  id: uuid('Bookmark id'),
  bookId: bookRef,
});

export const ZEventRecordPayload = z.strictObject({
  id: uuid('Event id'),
  sessionId: uuid('Session id'),
  bookId: bookRef,
  eventType: z.enum(READING_EVENT_TYPES, { message: `Event type must be one of ${READING_EVENT_TYPES.join(', ')}` }),
  pageNumber: page('Page number').nullable().optional(),
  progressPct: z
    .number({ message: 'Progress must be a number' })
    .min(0, 'Progress must be between 0 and 100')
    .max(100, 'Progress must be between 0 and 100')
    .nullable()
    .optional(),
  durationMs: z
    .number({ message: 'Duration must be a number' })
    .int('Duration must be whole milliseconds')
    .min(0, 'Duration cannot be negative')
    .max(MAX_DURATION_MS, 'Duration must be at most a day')
    .nullable()
    .optional(),
  meta: z
    .record(z.string(), z.unknown(), { message: 'Meta must be an object' })
    .refine(
      (value) => JSON.stringify(value).length <= EVENT_META_MAX_CHARS,
      `Meta must be at most ${EVENT_META_MAX_CHARS} characters as JSON`,
    )
    .nullable()
    .optional(),
  occurredAt: instant('Occurred at'),
});

export const ZSessionStartPayload = z.strictObject({
  id: uuid('Session id'),
  bookId: bookRef,
  startedAt: instant('Started at'),
  device: z
    .string({ message: 'Device must be text' })
    .trim()
    .max(100, 'Device must be at most 100 characters')
    .optional(),
  appVersion: z
    .string({ message: 'App version must be text' })
    .trim()
    .max(40, 'App version must be at most 40 characters')
    .optional(),
});

export const ZSessionEndPayload = z.strictObject({
  id: uuid('Session id'),
  bookId: bookRef,
  endedAt: instant('Ended at'),
});

export const ZCopyReportPayload = z.strictObject({
  bookId: bookRef,
  deviceTotal: z
    .number({ message: 'Device total must be a number' })
    .int('Device total must be a whole number')
    .min(0, 'Device total cannot be negative')
    .max(1_000_000_000, 'Device total is too large'),
});

export const SYNC_PAYLOAD_SCHEMAS = {
  'progress.set': ZProgressSetPayload,
  'bookmark.upsert': ZBookmarkUpsertPayload,
  'bookmark.delete': ZBookmarkDeletePayload,
  'event.record': ZEventRecordPayload,
  'session.start': ZSessionStartPayload,
  'session.end': ZSessionEndPayload,
  'copy.report': ZCopyReportPayload,
  'feedback.submit': ZFeedbackSubmitPayload,
  'highlight.upsert': ZHighlightUpsertPayload,
  'highlight.delete': ZHighlightDeletePayload,
  'card.upsert': ZCardUpsertPayload,
  'card.delete': ZCardDeletePayload,
  'card.review': ZCardReviewPayload,
} as const;

export type TSyncMutationType = keyof typeof SYNC_PAYLOAD_SCHEMAS;
export const SYNC_MUTATION_TYPES = Object.keys(SYNC_PAYLOAD_SCHEMAS) as TSyncMutationType[];

export function isSyncMutationType(type: string): type is TSyncMutationType {
  return Object.hasOwn(SYNC_PAYLOAD_SCHEMAS, type);
}

export type TProgressSetPayload = z.infer<typeof ZProgressSetPayload>;
export type TBookmarkUpsertPayload = z.infer<typeof ZBookmarkUpsertPayload>;
export type TBookmarkDeletePayload = z.infer<typeof ZBookmarkDeletePayload>;
export type TEventRecordPayload = z.infer<typeof ZEventRecordPayload>;
export type TSessionStartPayload = z.infer<typeof ZSessionStartPayload>;
export type TSessionEndPayload = z.infer<typeof ZSessionEndPayload>;
export type TCopyReportPayload = z.infer<typeof ZCopyReportPayload>;

/** A mutation as the client builds it, before it gets its id and stamp. */
export type TSyncMutationInput = {
  [K in TSyncMutationType]: { type: K; payload: z.input<(typeof SYNC_PAYLOAD_SCHEMAS)[K]> };
}[TSyncMutationType];

/**
 * One mutation on the wire. The envelope is checked here; type and payload are checked per mutation
 * by the server, so one bad mutation is rejected on its own instead of blocking a device's whole outbox.
 */
export const ZSyncMutation = z.strictObject({
  id: uuid('Mutation id'),
  type: z.string({ message: 'Type is required' }).min(1, 'Type is required').max(40, 'Type is too long'),
  hlc: z
    .string({ message: 'HLC stamp is required' })
    .min(1, 'HLC stamp is required')
    .max(HLC_MAX_LENGTH, 'HLC stamp is too long'),
  payload: z.unknown(),
});

export const ZSyncRequest = z.strictObject({
  deviceId: z
    .string({ message: 'Device id is required' })
    .min(1, 'Device id is required')
    .max(64, 'Device id must be at most 64 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Device id may contain only letters, digits, hyphens and underscores'),
  mutations: z
    .array(ZSyncMutation, { message: 'Mutations must be a list' })
    .max(SYNC_MAX_MUTATIONS, `At most ${SYNC_MAX_MUTATIONS} mutations per request`),
});
export type TSyncRequest = z.infer<typeof ZSyncRequest>;
export type TSyncMutation = z.infer<typeof ZSyncMutation>;

const positiveInt = (label: string, max: number, fallback: number) =>
  z.coerce
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 or more`)
    .max(max, `${label} must be at most ${max}`)
    .default(fallback);

export const ZProgressBookParam = z.object({ bookId: bookRef });

export const ZProgressListQuery = z.object({
  status: z.enum(['in_progress', 'all'], { message: 'Status must be in_progress or all' }).default('all'),
  limit: positiveInt('Limit', 50, 10),
});
export type TProgressListQuery = z.infer<typeof ZProgressListQuery>;

export const ZBookmarksQuery = z.object({
  bookId: bookRef.optional(),
  page: positiveInt('Page', 10_000, 1),
  limit: positiveInt('Limit', 500, 100),
});
export type TBookmarksQuery = z.infer<typeof ZBookmarksQuery>;

export const ZLibraryQuery = z.object({
  status: z.enum(LIBRARY_FILTERS, { message: `Status must be one of ${LIBRARY_FILTERS.join(', ')}` }).default('all'),
  page: positiveInt('Page', 10_000, 1),
  limit: positiveInt('Limit', 100, 50),
});
export type TLibraryQuery = z.infer<typeof ZLibraryQuery>;

export const ZAddToLibraryRequest = z.object({ bookId: bookRef });
export type TAddToLibraryRequest = z.infer<typeof ZAddToLibraryRequest>;

export const ZLibraryBookParam = z.object({ bookId: bookRef });
