/**
 * The reader's display settings for this device (docs/product/reader.md#display-settings), in the
 * `meta` table under READER_SETTINGS_KEY: the view (pages or text), the page habits (one page at a
 * time or continuous, two-page spread), the text view's type settings, the reader's measured
 * reading speed, and whether the text view was offered already. Written by the reader only; kept per
 * device on purpose (a phone and a desktop want different settings), never synced. The value is
 * validated by its reader (web/src/features/reader/reader-settings.ts); this module only stores it.
 */
import { getDb } from './db';

export const READER_SETTINGS_KEY = 'reader.settings';

export async function readReaderSettings(): Promise<unknown> {
  return (await getDb().meta.get(READER_SETTINGS_KEY))?.value ?? null;
}

export async function writeReaderSettings(value: unknown): Promise<void> {
  await getDb().meta.put({ key: READER_SETTINGS_KEY, value });
}
