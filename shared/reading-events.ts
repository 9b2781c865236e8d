/**
 * Reading event types (docs/product/data-model.md#states): one list for the sync schemas and the database's check
 * constraint.
 */
export const READING_EVENT_TYPES = [
  'open_book',
  'page_view',
  'progress_update',
  'finish_book',
  'tts_play',
  'tts_pause',
  'tts_stop',
  'add_to_library',
  'remove_from_library',
] as const;
export type TReadingEventType = (typeof READING_EVENT_TYPES)[number];
