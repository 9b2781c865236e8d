/**
 * The browser's storage allowance for this origin (StorageManager): how much is used and available,
 * whether the data is persistent (not evicted under storage pressure), and recognising the quota
 * error IndexedDB raises when a write does not fit. Downloads check here before and during storing.
 */

export interface TStorageSummary {
  /** Bytes this origin uses now (all storage: IndexedDB, caches, ...), as the browser estimates. */
  usage: number;
  /** Bytes this origin may use, as the browser estimates; 0 when the browser does not say. */
  quota: number;
  /** True when the browser agreed to keep this origin's data under storage pressure. */
  persisted: boolean;
}

function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

export async function storageSummary(): Promise<TStorageSummary> {
  const manager = storageManager();
  const [estimate, persisted] = await Promise.all([
    manager?.estimate
      ? manager.estimate().catch(() => ({}) as StorageEstimate)
      : Promise.resolve({} as StorageEstimate),
    manager?.persisted ? manager.persisted().catch(() => false) : Promise.resolve(false),
  ]);
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
}

/**
 * Asks the browser to keep this origin's data when space runs low, so downloaded books are not
 * evicted behind the reader's back. Browsers may decide silently; the answer is only informative.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const manager = storageManager();
  if (!manager?.persist) return false;
  try {
    if (manager.persisted && (await manager.persisted())) return true;
    return await manager.persist();
  } catch {
    return false;
  }
}

/** Bytes still free for this origin, or null when the browser gives no estimate. */
export async function freeStorageBytes(): Promise<number | null> {
  const manager = storageManager();
  if (!manager?.estimate) return null;
  try {
    const { usage, quota } = await manager.estimate();
    if (typeof quota !== 'number' || quota <= 0) return null;
    return Math.max(0, quota - (usage ?? 0));
  } catch {
    return null;
  }
}

/** True for IndexedDB's quota error, also when Dexie wraps it (a failed transaction keeps it as `inner`). */
export function isQuotaExceededError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { name, inner, cause } = current as { name?: unknown; inner?: unknown; cause?: unknown };
    if (name === 'QuotaExceededError') return true;
    current = inner ?? cause;
  }
  return false;
}
