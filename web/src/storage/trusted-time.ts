/**
 * The trusted clock of docs/ARCHITECTURE.md#trusted-time: a monotonic high-water mark of server time, kept in the
 * trustedTime store of device-db.ts (raw IndexedDB: a book's open records the server's time before its first page is
 * drawn, without loading Dexie), that licence times are checked against instead of the device clock.
 *
 * The mark is the latest moment this browser knows has passed: raised by every server time seen
 * (licence `serverTime`) and, between server contacts, by the local time that has elapsed since the
 * mark was last written. Each read stores the mark and re-anchors it to the local clock, so waiting a
 * week and then setting the clock back does not win that week back, and small steps back only pause
 * it. It never goes down. A local clock more than an hour behind the local time at which the mark was
 * last written means the clock was moved back; reading the trusted time then fails with
 * ClockRollbackError until a server time is recorded again.
 *
 * Trade-off: a device clock that ran ahead pushes the mark ahead too, and it only comes back into line
 * when real time catches up; licences are refused early rather than used late.
 */
import { readDeviceRow, TRUSTED_TIME_STORE, type TTrustedTime, withDeviceDb } from './device-db';
import { requestResult } from './raw-idb';

/** How far the device clock may go back before it counts as a rollback (docs/ARCHITECTURE.md#trusted-time). */
export const CLOCK_ROLLBACK_TOLERANCE_MS = 60 * 60 * 1000;

export class ClockRollbackError extends Error {
  readonly localMs: number;
  readonly recordedAtLocalMs: number;

  constructor(localMs: number, recordedAtLocalMs: number) {
    super(`The device clock moved back ${Math.round((recordedAtLocalMs - localMs) / 60_000)} minutes.`);
    this.name = 'ClockRollbackError';
    this.localMs = localMs;
    this.recordedAtLocalMs = recordedAtLocalMs;
  }
}

/** The mark carried forward to localMs (never below the stored mark). */
function markAt(stored: TTrustedTime, localMs: number): number {
  return stored.highWaterMs + Math.max(0, localMs - stored.recordedAtLocalMs);
}

/**
 * Raises the mark with a server time (epoch ms) and re-anchors it to the local clock, which also
 * clears a detected rollback: the server has just told us the time. Returns the mark now stored.
 */
export async function recordServerTime(serverMs: number, localMs: number = Date.now()): Promise<number> {
  if (!Number.isFinite(serverMs) || serverMs <= 0)
    throw new RangeError('serverMs must be a positive epoch time in milliseconds');
  return withDeviceDb([TRUSTED_TIME_STORE], 'readwrite', async (transaction) => {
    const clock = transaction.objectStore(TRUSTED_TIME_STORE);
    const stored = await requestResult<TTrustedTime | undefined>(clock.get('clock'));
    const highWaterMs = Math.max(stored ? markAt(stored, localMs) : 0, serverMs);
    await requestResult(clock.put({ id: 'clock', highWaterMs, recordedAtLocalMs: localMs } satisfies TTrustedTime));
    return highWaterMs;
  });
}

/**
 * The trusted time in epoch ms. With no server time recorded yet the local clock is all there is.
 * Throws ClockRollbackError when the local clock is more than an hour behind where it was when the mark
 * was last written.
 */
export async function currentTrustedTime(localMs: number = Date.now()): Promise<number> {
  return withDeviceDb([TRUSTED_TIME_STORE], 'readwrite', async (transaction) => {
    const clock = transaction.objectStore(TRUSTED_TIME_STORE);
    const stored = await requestResult<TTrustedTime | undefined>(clock.get('clock'));
    if (!stored) return localMs;
    if (localMs < stored.recordedAtLocalMs - CLOCK_ROLLBACK_TOLERANCE_MS) {
      throw new ClockRollbackError(localMs, stored.recordedAtLocalMs);
    }
    const trusted = markAt(stored, localMs);
    // Re-anchor on every read, also after a small step back: from here the mark moves with real
    // elapsed time, so repeated small rollbacks cannot freeze it.
    if (localMs !== stored.recordedAtLocalMs || trusted !== stored.highWaterMs) {
      await requestResult(
        clock.put({ id: 'clock', highWaterMs: trusted, recordedAtLocalMs: localMs } satisfies TTrustedTime),
      );
    }
    return trusted;
  });
}

/** The stored mark as is, for tests and the devices screen. */
export function readTrustedTimeMark(): Promise<TTrustedTime | undefined> {
  return readDeviceRow<TTrustedTime>(TRUSTED_TIME_STORE, 'clock');
}
