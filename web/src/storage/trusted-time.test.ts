import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteDb } from './db';
import {
  CLOCK_ROLLBACK_TOLERANCE_MS,
  ClockRollbackError,
  currentTrustedTime,
  readTrustedTimeMark,
  recordServerTime,
} from './trusted-time';

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2030, 0, 1);

afterEach(async () => {
  await deleteDb();
});

describe('trusted time', () => {
  it('falls back to the local clock before any server time is known', async () => {
    expect(await currentTrustedTime(T0)).toBe(T0);
    expect(await readTrustedTimeMark()).toBeUndefined();
  });

  it('follows server time even when the local clock is far behind it', async () => {
    await recordServerTime(T0 + 10 * HOUR, T0);
    expect(await currentTrustedTime(T0 + 1000)).toBe(T0 + 10 * HOUR + 1000);
  });

  it('never lowers the mark when an older server time arrives', async () => {
    await recordServerTime(T0 + 5 * HOUR, T0);
    expect(await recordServerTime(T0 + HOUR, T0)).toBe(T0 + 5 * HOUR);
    expect((await readTrustedTimeMark())?.highWaterMs).toBe(T0 + 5 * HOUR);
  });

  it('ratchets the mark with elapsed local time and keeps it when the clock steps back a little', async () => {
    await recordServerTime(T0, T0);
    expect(await currentTrustedTime(T0 + 3 * HOUR)).toBe(T0 + 3 * HOUR);
    // 30 minutes back: tolerated, but the trusted time does not go back with it.
    expect(await currentTrustedTime(T0 + 2.5 * HOUR)).toBe(T0 + 3 * HOUR);
    // ...and from there it moves on with real elapsed time.
    expect(await currentTrustedTime(T0 + 2.5 * HOUR + 60_000)).toBe(T0 + 3 * HOUR + 60_000);
  });

  it('detects a clock set back more than an hour, also after waiting before setting it back', async () => {
    await recordServerTime(T0, T0);
    await currentTrustedTime(T0 + 7 * 24 * HOUR);
    const rolledBack = T0 + 24 * HOUR;
    await expect(currentTrustedTime(rolledBack)).rejects.toBeInstanceOf(ClockRollbackError);
    // Still refused on the next read: the rollback is not forgotten by reading again.
    await expect(currentTrustedTime(rolledBack + 1000)).rejects.toBeInstanceOf(ClockRollbackError);
    // Exactly at the tolerance it is still accepted.
    await deleteDb();
    await recordServerTime(T0, T0);
    expect(await currentTrustedTime(T0 - CLOCK_ROLLBACK_TOLERANCE_MS)).toBe(T0);
  });

  it('clears a rollback when the server tells the time again, without lowering the mark', async () => {
    await recordServerTime(T0 + 10 * HOUR, T0 + 10 * HOUR);
    await expect(currentTrustedTime(T0)).rejects.toBeInstanceOf(ClockRollbackError);
    await recordServerTime(T0 + 10 * HOUR + 5000, T0);
    expect(await currentTrustedTime(T0 + 1000)).toBe(T0 + 10 * HOUR + 6000);
  });

  it('refuses a server time that is not an epoch time', async () => {
    await expect(recordServerTime(Number.NaN, T0)).rejects.toBeInstanceOf(RangeError);
    await expect(recordServerTime(-5, T0)).rejects.toBeInstanceOf(RangeError);
  });

  it('the stored mark never decreases whatever the clocks do', async () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('server' as const),
        server: fc.integer({ min: -48 * HOUR, max: 48 * HOUR }),
        local: fc.integer({ min: -48 * HOUR, max: 48 * HOUR }),
      }),
      fc.record({
        kind: fc.constant('read' as const),
        server: fc.constant(0),
        local: fc.integer({ min: -48 * HOUR, max: 48 * HOUR }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await deleteDb();
        let previous = 0;
        for (const { kind, server, local } of steps) {
          if (kind === 'server') await recordServerTime(T0 + server, T0 + local);
          else
            await currentTrustedTime(T0 + local).catch((error: unknown) =>
              expect(error).toBeInstanceOf(ClockRollbackError),
            );
          const mark = (await readTrustedTimeMark())?.highWaterMs ?? 0;
          expect(mark).toBeGreaterThanOrEqual(previous);
          previous = mark;
        }
      }),
      { numRuns: 40 },
    );
  });
});
