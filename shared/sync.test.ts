import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundStamp, createHlc, encodeHlc, tick, type THlc } from './hlc';
import {
  applyChange,
  copyTotal,
  EMPTY_REPLICA,
  mergeBookmark,
  mergePosition,
  mergeReplicas,
  visibleBookmarks,
  type TBookmarkValue,
  type TEventValue,
  type TPositionValue,
  type TReplicaState,
  type TSyncChange,
} from './sync';

const T0 = Date.UTC(2026, 2, 1, 9);
const DEVICES = ['phone', 'tablet', 'laptop'] as const;
const BOOKMARK_IDS = ['b1', 'b2', 'b3', 'b4'];

const hlc = fc
  .record({
    wallMs: fc.integer({ min: T0, max: T0 + 50 }),
    counter: fc.integer({ min: 0, max: 3 }),
    node: fc.constantFrom(...DEVICES),
  })
  .map(encodeHlc);

const position: fc.Arbitrary<TPositionValue> = fc.record({
  page: fc.integer({ min: 1, max: 400 }),
  totalPages: fc.option(fc.constantFrom(300, 400), { nil: null }),
  hlc,
  deviceId: fc.constantFrom(...DEVICES),
});

const bookmark: fc.Arbitrary<TBookmarkValue> = fc.record({
  id: fc.constantFrom(...BOOKMARK_IDS),
  bookId: fc.constant('book'),
  page: fc.integer({ min: 1, max: 400 }),
  note: fc.option(fc.constantFrom('a', 'b', 'remember this'), { nil: null }),
  hlc,
  deleted: fc.boolean(),
});

/** Event ids carry their content (as device-made ids do): the same id is always the same event. */
const event: fc.Arbitrary<TEventValue> = fc.integer({ min: 1, max: 8 }).map((n) => ({
  id: `e${n}`,
  sessionId: `s${n % 2}`,
  bookId: 'book',
  eventType: n % 2 ? 'page_view' : 'tts_play',
  pageNumber: n,
  occurredAtMs: T0 + n,
}));

const change: fc.Arbitrary<TSyncChange> = fc.oneof(
  position.map((value) => ({ kind: 'position' as const, value })),
  bookmark.map((value) => ({ kind: 'bookmark' as const, value })),
  event.map((value) => ({ kind: 'event' as const, value })),
  fc.record({
    kind: fc.constant('copy' as const),
    deviceId: fc.constantFrom(...DEVICES),
    deviceTotal: fc.integer({ min: 0, max: 5000 }),
  }),
);

const replica: fc.Arbitrary<TReplicaState> = fc
  .array(change, { maxLength: 12 })
  .map((changes) => changes.reduce(applyChange, EMPTY_REPLICA));

describe('merge rules are a semilattice', () => {
  it('merge is commutative', () => {
    fc.assert(
      fc.property(replica, replica, (a, b) => {
        expect(mergeReplicas(a, b)).toEqual(mergeReplicas(b, a));
      }),
    );
  });

  it('merge is associative', () => {
    fc.assert(
      fc.property(replica, replica, replica, (a, b, c) => {
        expect(mergeReplicas(mergeReplicas(a, b), c)).toEqual(mergeReplicas(a, mergeReplicas(b, c)));
      }),
    );
  });

  it('merge is idempotent, and applying a change twice equals applying it once', () => {
    fc.assert(
      fc.property(replica, change, (a, c) => {
        expect(mergeReplicas(a, a)).toEqual(a);
        expect(applyChange(applyChange(a, c), c)).toEqual(applyChange(a, c));
      }),
    );
  });

  it('position ties on the stamp resolve the same way whichever side holds which value', () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        const tied = { ...b, hlc: a.hlc };
        expect(mergePosition(a, tied)).toEqual(mergePosition(tied, a));
      }),
    );
  });

  it('a replayed delete is never undone by the upsert it shares a stamp with', () => {
    const live: TBookmarkValue = {
      id: 'b1',
      bookId: 'book',
      page: 3,
      note: 'x',
      hlc: encodeHlc({ wallMs: T0, counter: 0, node: 'a' }),
      deleted: false,
    };
    const tombstone = { ...live, deleted: true };
    expect(mergeBookmark(live, tombstone)).toBe(tombstone);
    expect(mergeBookmark(tombstone, live)).toBe(tombstone);
  });
});

/** A device with its own clock skew making changes, stamped by its own HLC. */
interface TDevice {
  id: string;
  skewMs: number;
  clock: THlc;
}

const scenario = fc.record({
  skews: fc.tuple(
    fc.integer({ min: -3_600_000, max: 3_600_000 }),
    fc.integer({ min: -3_600_000, max: 3_600_000 }),
    // One device may have a clock days or years in the future.
    fc.oneof(
      fc.integer({ min: -3_600_000, max: 3_600_000 }),
      fc.integer({ min: 86_400_000, max: 10 * 365 * 86_400_000 }),
    ),
  ),
  actions: fc.array(
    fc.record({
      device: fc.integer({ min: 0, max: 2 }),
      advanceMs: fc.integer({ min: 0, max: 120_000 }),
      kind: fc.constantFrom('position', 'bookmark', 'delete', 'copy'),
      page: fc.integer({ min: 1, max: 300 }),
      bookmarkId: fc.constantFrom(...BOOKMARK_IDS),
      copied: fc.integer({ min: 0, max: 200 }),
    }),
    { minLength: 1, maxLength: 40 },
  ),
});

/** Runs the scenario: each device stamps its changes; the server bounds each stamp against real time on arrival. */
type TScenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function runScenario({ skews, actions }: TScenario): TSyncChange[] {
  const devices: TDevice[] = DEVICES.map((id, index) => ({ id, skewMs: skews[index], clock: createHlc(id) }));
  const copyTotals = new Map<string, number>();
  let realNow = T0;
  return actions.map((action) => {
    realNow += action.advanceMs;
    const device = devices[action.device];
    device.clock = tick(device.clock, realNow + device.skewMs);
    const stamp = encodeHlc(boundStamp(device.clock, realNow).stamp);
    switch (action.kind) {
      case 'position':
        return { kind: 'position', value: { page: action.page, totalPages: 300, hlc: stamp, deviceId: device.id } };
      case 'bookmark':
      case 'delete':
        return {
          kind: 'bookmark',
          value: {
            id: action.bookmarkId,
            bookId: 'book',
            page: action.page,
            note: null,
            hlc: stamp,
            deleted: action.kind === 'delete',
          },
        };
      case 'copy': {
        const total = (copyTotals.get(device.id) ?? 0) + action.copied;
        copyTotals.set(device.id, total);
        return { kind: 'copy', deviceId: device.id, deviceTotal: total };
      }
      default:
        throw new Error(`unknown action ${action.kind satisfies never}`);
    }
  });
}

/** A random delivery of `changes`: reordered, with some changes delivered more than once. */
const delivery = (changes: TSyncChange[]) =>
  fc.array(fc.nat({ max: Math.max(changes.length - 1, 0) }), { maxLength: changes.length }).chain((duplicates) =>
    fc.shuffledSubarray([...changes, ...duplicates.map((i) => changes[i])], {
      minLength: changes.length + duplicates.length,
    }),
  );

describe('three replicas with skewed clocks converge', () => {
  it('whatever the delivery order and duplicates, every replica ends in the same state', () => {
    fc.assert(
      fc.property(
        scenario.chain((s) => {
          const changes = runScenario(s);
          return fc.tuple(fc.constant(changes), delivery(changes), delivery(changes), delivery(changes));
        }),
        ([changes, first, second, third]) => {
          const expected = changes.reduce(applyChange, EMPTY_REPLICA);
          for (const order of [first, second, third])
            expect(order.reduce(applyChange, EMPTY_REPLICA)).toEqual(expected);
          // Replicas that exchange state instead of changes agree as well.
          const split = Math.floor(first.length / 2);
          const left = first.slice(0, split).reduce(applyChange, EMPTY_REPLICA);
          const right = first.slice(split).reduce(applyChange, EMPTY_REPLICA);
          expect(mergeReplicas(left, right)).toEqual(expected);
        },
      ),
    );
  });

  it('copied characters add up per device, counting each device once at its highest report', () => {
    fc.assert(
      fc.property(
        scenario.chain((s) => {
          const changes = runScenario(s);
          return fc.tuple(fc.constant(changes), delivery(changes));
        }),
        ([changes, order]) => {
          const highest = new Map<string, number>();
          for (const c of changes)
            if (c.kind === 'copy') highest.set(c.deviceId, Math.max(highest.get(c.deviceId) ?? 0, c.deviceTotal));
          const expected = [...highest.values()].reduce((a, b) => a + b, 0);
          expect(copyTotal(order.reduce(applyChange, EMPTY_REPLICA).copyCounters)).toBe(expected);
        },
      ),
    );
  });
});

describe('furthest position', () => {
  it('never decreases, whatever arrives', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 40 }), (changes) => {
        let state = EMPTY_REPLICA;
        for (const c of changes) {
          const next = applyChange(state, c);
          expect(next.furthestPage).toBeGreaterThanOrEqual(state.furthestPage);
          if (c.kind === 'position') expect(next.furthestPage).toBeGreaterThanOrEqual(c.value.page);
          state = next;
        }
      }),
    );
  });
});

describe('a device clock in the future cannot pin the position', () => {
  const farAhead = fc.integer({ min: 2 * 3_600_000, max: 20 * 365 * 86_400_000 });

  it('a change made later on a correct clock wins, in either delivery order', () => {
    fc.assert(
      fc.property(
        farAhead,
        fc.integer({ min: 1, max: 3_600_000 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        (skew, later, futurePage, laterPage) => {
          const uploadedAt = T0;
          const future = tick(createHlc('future'), uploadedAt + skew);
          const futureChange: TSyncChange = {
            kind: 'position',
            value: {
              page: futurePage,
              totalPages: 300,
              hlc: encodeHlc(boundStamp(future, uploadedAt).stamp),
              deviceId: 'future',
            },
          };
          const honest = tick(createHlc('honest'), uploadedAt + later);
          const honestChange: TSyncChange = {
            kind: 'position',
            value: {
              page: laterPage,
              totalPages: 300,
              hlc: encodeHlc(boundStamp(honest, uploadedAt + later).stamp),
              deviceId: 'honest',
            },
          };
          for (const order of [
            [futureChange, honestChange],
            [honestChange, futureChange],
          ]) {
            expect(order.reduce(applyChange, EMPTY_REPLICA).position?.deviceId).toBe('honest');
          }
          // Without the server's bound the future clock would have won: the bound is what protects.
          const unbounded: TSyncChange = { kind: 'position', value: { ...futureChange.value, hlc: encodeHlc(future) } };
          expect(applyChange(applyChange(EMPTY_REPLICA, unbounded), honestChange).position?.deviceId).toBe('future');
        },
      ),
    );
  });
});

describe('visibleBookmarks', () => {
  it('hides tombstones and orders by page', () => {
    const stamp = encodeHlc({ wallMs: T0, counter: 0, node: 'a' });
    const list = visibleBookmarks({
      b: { id: 'b', bookId: 'x', page: 9, note: null, hlc: stamp, deleted: false },
      a: { id: 'a', bookId: 'x', page: 2, note: null, hlc: stamp, deleted: false },
      c: { id: 'c', bookId: 'x', page: 1, note: null, hlc: stamp, deleted: true },
    });
    expect(list.map((b) => b.id)).toEqual(['a', 'b']);
  });
});
