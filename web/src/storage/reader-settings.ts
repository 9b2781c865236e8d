/**
 * The reader's display settings for this device (docs/product/reader.md#display-settings), in the
 * `meta` table under READER_SETTINGS_KEY: the view (pages or text), the page habits (one page at a
 * time or continuous, two-page spread), the text view's type settings, the reader's measured
 * reading speed, and whether the text view was offered already. Written by the reader only; kept per
 * device on purpose (a phone and a desktop want different settings), never synced. The value is
 * validated by its reader (web/src/features/reader/reader-settings.ts); this module only stores it.
 */
import { READER_SETTINGS_KEY } from './app-db-reads';
import { getDb } from './db';

// Read with raw IndexedDB: the reader page's first page reads them before Dexie could load.
export { READER_SETTINGS_KEY, readReaderSettings } from './app-db-reads';

export async function writeReaderSettings(value: unknown): Promise<void> {
  await getDb().meta.put({ key: READER_SETTINGS_KEY, value });
}
