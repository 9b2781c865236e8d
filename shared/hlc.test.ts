import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundStamp,
  compareHlc,
  compareStamps,
  createHlc,
  encodeHlc,
  HLC_MAX_AHEAD_MS,
  HLC_MAX_COUNTER,
  parseHlc,
  receive,
  tick,
  toNodeId,
  type THlc,
} from './hlc';

const T0 = Date.UTC(2026, 2, 1, 9);
const node = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const stamp: fc.Arbitrary<THlc> = fc.record({
  wallMs: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  counter: fc.integer({ min: 0, max: HLC_MAX_COUNTER }),
  node,
});

describe('hlc encoding', () => {
  it('round-trips and has a fixed-width prefix', () => {
    const encoded = encodeHlc({ wallMs: T0, counter: 7, node: 'device-1' });
    expect(encoded).toBe(`${String(T0).padStart(15, '0')}-000007-device-1`);
    expect(encoded).toHaveLength(15 + 1 + 6 + 1 + 'device-1'.length);
    expect(parseHlc(encoded)).toEqual({ wallMs: T0, counter: 7, node: 'device-1' });
  });

  it('sorts as text exactly as the stamps order (property)', () => {
    fc.assert(
      fc.property(stamp, stamp, (a, b) => {
        expect(Math.sign(compareHlc(encodeHlc(a), encodeHlc(b)))).toBe(Math.sign(compareStamps(a, b)));
      }),
    );
  });

  it('refuses malformed stamps', () => {
    for (const bad of [
      '',
      'abc',
      '1-2-x',
      `${'0'.repeat(15)}-000001-`,
      `${'0'.repeat(15)}-000001-bad node`,
      `${'0'.repeat(16)}-000001-n`,
      `${'0'.repeat(15)}-00001-n`,
    ]) {
      expect(parseHlc(bad)).toBeNull();
    }
    expect(() => createHlc('has space')).toThrow(/Invalid HLC node/);
    expect(toNodeId('a b/c')).toBe('abc');
    expect(toNodeId('!!!')).toBe('node');
  });
});

describe('tick', () => {
  it('never goes back, even when the wall clock does (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: T0 - 3_600_000, max: T0 + 3_600_000 }), { minLength: 1, maxLength: 60 }),
        (times) => {
          let state = createHlc('dev');
          let previous = encodeHlc(state);
          for (const now of times) {
            state = tick(state, now);
            const next = encodeHlc(state);
            expect(compareHlc(next, previous)).toBeGreaterThan(0);
            expect(state.wallMs).toBeGreaterThanOrEqual(now);
            previous = next;
          }
        },
      ),
    );
  });

  it('moves to the next millisecond when the counter is full', () => {
    const full = { wallMs: T0, counter: HLC_MAX_COUNTER, node: 'n' };
    expect(tick(full, T0)).toEqual({ wallMs: T0 + 1, counter: 0, node: 'n' });
  });
});

describe('receive', () => {
  it('gives a stamp after both the local state and the remote stamp (property)', () => {
    fc.assert(
      fc.property(stamp, stamp, fc.integer({ min: 0, max: 4_102_444_800_000 }), (local, remote, now) => {
        const next = receive(local, remote, now);
        expect(compareStamps(next, local)).toBeGreaterThan(0);
        expect(next.wallMs > remote.wallMs || (next.wallMs === remote.wallMs && next.counter > remote.counter)).toBe(
          true,
        );
        expect(next.node).toBe(local.node);
      }),
    );
  });

  it('only trusts a remote clock up to maxAheadMs ahead', () => {
    const local = { wallMs: T0, counter: 0, node: 'a' };
    const farFuture = { wallMs: T0 + 365 * 86_400_000, counter: 3, node: 'b' };
    expect(receive(local, farFuture, T0, { maxAheadMs: 1000 }).wallMs).toBe(T0 + 1000);
    expect(receive(local, farFuture, T0).wallMs).toBe(farFuture.wallMs);
  });
});

describe('boundStamp', () => {
  it('keeps stamps within the tolerance and pulls later ones back to server time', () => {
    const near = { wallMs: T0 + HLC_MAX_AHEAD_MS, counter: 2, node: 'n' };
    expect(boundStamp(near, T0)).toEqual({ stamp: near, clamped: false });
    const far = { wallMs: T0 + HLC_MAX_AHEAD_MS + 1, counter: 2, node: 'n' };
    expect(boundStamp(far, T0)).toEqual({ stamp: { wallMs: T0, counter: 2, node: 'n' }, clamped: true });
  });
});
