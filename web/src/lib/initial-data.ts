/**
 * Reads the first screen's data the server wrote into the page (docs/ARCHITECTURE.md#first-screen-data). A page
 * without it (the precached shell offline, the dev server) or with unreadable JSON gives nothing, and
 * the screens ask the API as usual.
 */
import { INITIAL_DATA_ELEMENT_ID, type TInitialData } from '@shared/initial-data';

export function readInitialData(doc: Document = document): TInitialData {
  const text = doc.getElementById(INITIAL_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as TInitialData) : {};
  } catch {
    return {};
  }
}
