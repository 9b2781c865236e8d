/**
 * For tests: every row this browser stores in IndexedDB, in the app's database (db.ts) and the device database
 * (device-db.ts), to check that nothing secret (plaintext, a content key) was written anywhere.
 */
import { getDb } from './db';
import { DEVICE_DB_NAME } from './device-db';
import { requestResult } from './raw-idb';

export async function allStoredRows(): Promise<{ where: string; row: unknown }[]> {
  const found: { where: string; row: unknown }[] = [];
  for (const table of getDb().tables) {
    const rows = await table.toArray();
    for (const [index, row] of rows.entries()) found.push({ where: `${table.name}[${index}]`, row });
  }
  const device = await requestResult(indexedDB.open(DEVICE_DB_NAME));
  try {
    for (const store of Array.from(device.objectStoreNames)) {
      const rows = await requestResult(device.transaction(store, 'readonly').objectStore(store).getAll());
      for (const [index, row] of rows.entries()) found.push({ where: `${DEVICE_DB_NAME}/${store}[${index}]`, row });
    }
  } finally {
    device.close();
  }
  return found;
}
