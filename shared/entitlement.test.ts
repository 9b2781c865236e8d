import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasValidAccess } from './access';
import {
  addMonthsUtc,
  canReadBook,
  canRemoveSelection,
  canSelect,
  cycleWindowFor,
  DAY_MS,
  effectiveTier,
  reconcileEntitlements,
  trialDaysLeft,
  type TCycleState,
  type TEntitlementSubject,
  type TLoanState,
  type TSelectionState,
} from './entitlement';
import type { TBookTier } from './tiers';

const T0 = Date.UTC(2026, 2, 1, 9);
const trialUser = (now = T0): TEntitlementSubject => ({
  subscriptionTier: 'trial',
  subscriptionStatus: 'active',
  trialStartedAt: new Date(now),
  trialEndsAt: new Date(now + 7 * DAY_MS),
  freeTrialEndedAt: new Date(now + 7 * DAY_MS),
});
const paidUser = (tier: 'basic' | 'premium', periodEnd: number, status = 'active'): TEntitlementSubject => ({
  subscriptionTier: tier,
  subscriptionStatus: status,
  trialEndsAt: null,
  freeTrialEndedAt: null,
  subscriptionCurrentPeriodEnd: new Date(periodEnd),
});
const cycleOf = (over: Partial<TCycleState> = {}): TCycleState => ({
  id: 'c1',
  tier: 'trial',
  cycleStart: T0,
  cycleEnd: T0 + 7 * DAY_MS,
  booksSelectedCount: 0,
  maxBooks: 3,
  ...over,
});
const book = (id: string, requiredTier: TBookTier = 'trial') => ({ id, requiredTier });

describe('entitlement rules (examples)', () => {
  it('effective tier is free once the trial or paid period has ended', () => {
    expect(effectiveTier(trialUser(), T0)).toBe('trial');
    expect(effectiveTier(trialUser(), T0 + 7 * DAY_MS)).toBe('free');
    expect(effectiveTier(paidUser('basic', T0 + DAY_MS, 'cancelled'), T0)).toBe('basic');
    expect(effectiveTier(paidUser('basic', T0 + DAY_MS, 'cancelled'), T0 + DAY_MS)).toBe('free');
    expect(effectiveTier(paidUser('premium', T0, 'past_due'), T0 - 1)).toBe('free');
  });

  it('refuses the 4th trial pick with the count in the message', () => {
    const decision = canSelect({
      user: trialUser(),
      book: book('b4'),
      cycle: cycleOf({ booksSelectedCount: 3 }),
      selections: [],
      lockDays: 30,
      now: T0,
    });
    expect(decision).toEqual({ ok: false, code: 'trial_pick_limit', message: 'You have used 3 of 3 trial picks' });
  });

  it('refuses a Basic pick beyond the cycle limit, naming the reset date', () => {
    const cycle = cycleOf({ tier: 'basic', cycleEnd: Date.UTC(2026, 3, 1, 9), booksSelectedCount: 10, maxBooks: 10 });
    const decision = canSelect({
      user: paidUser('basic', Date.UTC(2026, 3, 1, 9)),
      book: book('b'),
      cycle,
      selections: [],
      lockDays: 30,
      now: T0,
    });
    expect(decision).toMatchObject({
      ok: false,
      code: 'cycle_pick_limit',
      message: 'You have used 10 of 10 picks this billing cycle. Your picks reset on 1 April 2026.',
    });
  });

  it('premium needs no picks, books above the tier are refused, and a book is chosen once', () => {
    const premium = paidUser('premium', T0 + 30 * DAY_MS);
    expect(
      canSelect({ user: premium, book: book('b'), cycle: null, selections: [], lockDays: 30, now: T0 }),
    ).toMatchObject({
      code: 'premium_no_selection',
      message: 'Premium includes every book — no need to pick',
    });
    expect(
      canSelect({
        user: trialUser(),
        book: book('b', 'premium'),
        cycle: cycleOf(),
        selections: [],
        lockDays: 30,
        now: T0,
      }),
    ).toMatchObject({
      code: 'tier_too_low',
      message: 'This book needs the Premium plan',
    });
    const picked: TSelectionState = { id: 's', bookId: 'b', selectedAt: T0, lockedUntil: null, cycleId: 'c1' };
    expect(
      canSelect({ user: trialUser(), book: book('b'), cycle: cycleOf(), selections: [picked], lockDays: 30, now: T0 }),
    ).toMatchObject({
      code: 'already_selected',
      message: 'You have already picked this book',
    });
  });

  it('locks Basic picks for lockDays and refuses removal before then', () => {
    const user = paidUser('basic', Date.UTC(2026, 3, 1, 9));
    const decision = canSelect({
      user,
      book: book('b'),
      cycle: cycleOf({ tier: 'basic', cycleEnd: Date.UTC(2026, 3, 1, 9), maxBooks: 10 }),
      selections: [],
      lockDays: 30,
      now: T0,
    });
    expect(decision).toMatchObject({ ok: true, lockedUntil: T0 + 30 * DAY_MS });
    expect(canRemoveSelection({ lockedUntil: T0 + 30 * DAY_MS }, T0 + DAY_MS)).toEqual({
      ok: false,
      code: 'selection_locked',
      message: 'This pick is locked until 31 March 2026',
    });
    expect(canRemoveSelection({ lockedUntil: T0 + 30 * DAY_MS }, T0 + 30 * DAY_MS)).toEqual({ ok: true });
  });

  it('early access: before the public date only Premium reads; others are told the date and cannot pick', () => {
    const release = T0 + 2 * DAY_MS;
    const early = { id: 'x', requiredTier: 'trial' as const, publicReleaseAt: new Date(release) };
    const basic = paidUser('basic', T0 + 40 * DAY_MS);
    expect(canReadBook(paidUser('premium', T0 + DAY_MS), early, [], T0)).toMatchObject({ ok: true });
    expect(canReadBook(basic, early, [{ bookId: 'x' }], T0)).toEqual({
      ok: false,
      code: 'early_access',
      message: 'Coming on 3 March 2026',
    });
    const pick = { user: basic, book: early, selections: [], lockDays: 30, now: T0 };
    const cycle = cycleOf({ tier: 'basic', cycleEnd: T0 + 30 * DAY_MS, maxBooks: 10 });
    expect(canSelect({ ...pick, cycle })).toMatchObject({ ok: false, code: 'early_access' });
    expect(canSelect({ ...pick, cycle, now: release })).toMatchObject({ ok: true });
    expect(canReadBook(basic, early, [{ bookId: 'x' }], release)).toMatchObject({ ok: true });
  });

  it('reads: premium any book, trial/basic only picked books at or below their tier, free none', () => {
    const premium = paidUser('premium', T0 + DAY_MS);
    expect(canReadBook(premium, book('x', 'premium'), [], T0)).toMatchObject({ ok: true, via: 'premium' });
    expect(canReadBook(trialUser(), book('x'), [], T0)).toMatchObject({ ok: false, code: 'selection_required' });
    expect(canReadBook(trialUser(), book('x'), [{ bookId: 'x' }], T0)).toMatchObject({ ok: true, loanType: 'trial' });
    expect(canReadBook(trialUser(), book('x', 'basic'), [{ bookId: 'x' }], T0)).toMatchObject({
      ok: false,
      code: 'tier_too_low',
    });
    expect(canReadBook(trialUser(), book('x'), [{ bookId: 'x' }], T0 + 8 * DAY_MS)).toMatchObject({
      ok: false,
      code: 'subscription_required',
    });
  });

  it('paid cycles follow the subscription period, chain when it is unknown, and clamp month ends', () => {
    const periodEnd = Date.UTC(2026, 2, 15);
    expect(cycleWindowFor(paidUser('basic', periodEnd), 'basic', T0, null)).toEqual({
      cycleStart: Date.UTC(2026, 1, 15),
      cycleEnd: periodEnd,
    });
    const unknown = { ...paidUser('basic', 0), subscriptionCurrentPeriodEnd: null };
    expect(cycleWindowFor(unknown, 'basic', T0, null)).toEqual({ cycleStart: T0, cycleEnd: addMonthsUtc(T0, 1) });
    const prevEnd = T0 - DAY_MS;
    expect(cycleWindowFor(unknown, 'basic', T0, { tier: 'basic', cycleEnd: prevEnd })).toEqual({
      cycleStart: prevEnd,
      cycleEnd: addMonthsUtc(prevEnd, 1),
    });
    expect(addMonthsUtc(Date.UTC(2026, 0, 31), 1)).toBe(Date.UTC(2026, 1, 28));
    expect(addMonthsUtc(Date.UTC(2026, 0, 31), 2)).toBe(Date.UTC(2026, 2, 31));
  });

  it('a cycle change resets the counter and drops picks whose lock ended, keeping locked ones', () => {
    const end = Date.UTC(2026, 3, 1, 9);
    const user = paidUser('basic', addMonthsUtc(end, 1));
    const selections: TSelectionState[] = [
      { id: 'old', bookId: 'a', selectedAt: T0, lockedUntil: T0 + 30 * DAY_MS, cycleId: 'c1' },
      { id: 'new', bookId: 'b', selectedAt: T0 + 20 * DAY_MS, lockedUntil: T0 + 50 * DAY_MS, cycleId: 'c1' },
    ];
    const sync = reconcileEntitlements({
      user,
      now: end + 1,
      cycle: cycleOf({ tier: 'basic', cycleEnd: end, booksSelectedCount: 10, maxBooks: 10 }),
      selections,
      loans: [{ id: 'l', bookId: 'a', requiredTier: 'trial' }],
      bookLimitFor: () => 10,
    });
    expect(sync).toMatchObject({
      closeCycleId: 'c1',
      dropSelectionIds: ['old'],
      revokeLoans: [{ id: 'l', reason: 'not_entitled' }],
    });
    expect(sync.openCycle).toEqual({
      tier: 'basic',
      cycleStart: end,
      cycleEnd: addMonthsUtc(end, 1),
      booksSelectedCount: 0,
      maxBooks: 10,
    });
    expect(trialDaysLeft(trialUser(), T0 + DAY_MS / 2)).toBe(7);
  });
});

// ---------------------------------------------------------------------------------------------------
// Property tests: generated histories applied through the pure functions keep the invariants.

type TCommand =
  | { kind: 'register' }
  | { kind: 'pick'; book: number }
  | { kind: 'remove'; book: number }
  | { kind: 'open'; book: number }
  | { kind: 'pay'; tier: 'basic' | 'premium' }
  | { kind: 'renew' }
  | { kind: 'cancel' }
  | { kind: 'paymentFailed' }
  | { kind: 'advance'; ms: number };

const commandArb: fc.Arbitrary<TCommand> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'register' as const }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('pick' as const), book: fc.nat(11) }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), book: fc.nat(11) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('open' as const), book: fc.nat(11) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      tier: fc.constantFrom('basic' as const, 'premium' as const),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: 'renew' as const }), weight: 2 },
  { arbitrary: fc.constant({ kind: 'cancel' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'paymentFailed' as const }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 40 * DAY_MS }) }),
    weight: 4,
  },
);

interface TWorld {
  now: number;
  user: TEntitlementSubject | null;
  cycle: TCycleState | null;
  selections: TSelectionState[];
  loans: TLoanState[];
  /** Successful picks per cycle id, counted by the model (independently of booksSelectedCount). */
  picksByCycle: Map<string, number>;
  /** The limit each cycle was opened with. */
  limitByCycle: Map<string, number>;
  /**
   * Trial picks a first Basic cycle opened with (docs/product/trial-policy.md#converting-a-trial): kept even when
   * they are more than the Basic limit, so the count may exceed the limit by them, and no new pick is allowed then.
   */
  carriedByCycle: Map<string, number>;
  nextId: number;
}

describe('entitlement rules (properties)', () => {
  it('every generated history keeps the invariants', () => {
    fc.assert(
      fc.property(
        fc.array(commandArb, { minLength: 1, maxLength: 80 }),
        fc.array(fc.constantFrom<TBookTier>('trial', 'basic', 'premium'), { minLength: 12, maxLength: 12 }),
        fc.record({ trial: fc.integer({ min: 0, max: 5 }), basic: fc.integer({ min: 0, max: 12 }) }),
        fc.integer({ min: 1, max: 45 }),
        (commands, bookTiers, limits, lockDays) => {
          const books = bookTiers.map((requiredTier, index) => ({ id: `book-${index}`, requiredTier }));
          const bookLimitFor = (tier: TBookTier) => (tier === 'premium' ? -1 : limits[tier]);
          const world: TWorld = {
            now: T0,
            user: null,
            cycle: null,
            selections: [],
            loans: [],
            picksByCycle: new Map(),
            limitByCycle: new Map(),
            carriedByCycle: new Map(),
            nextId: 1,
          };
          const id = (prefix: string) => `${prefix}-${world.nextId++}`;

          /** What a request does first: the on-demand reset/revocation check, applied. */
          const reconcile = () => {
            if (!world.user) return;
            const sync = reconcileEntitlements({
              user: world.user,
              now: world.now,
              cycle: world.cycle,
              selections: world.selections,
              loans: world.loans,
              bookLimitFor,
            });
            if (sync.openCycle) {
              const cycleId = id('cycle');
              world.limitByCycle.set(cycleId, sync.openCycle.maxBooks);
              world.carriedByCycle.set(cycleId, sync.carrySelections.length);
              world.cycle = { ...sync.openCycle, id: cycleId };
            } else if (sync.closeCycleId) {
              world.cycle = null;
            }
            world.selections = sync.selections;
            const revoked = new Set(sync.revokeLoans.map((loan) => loan.id));
            world.loans = world.loans.filter((loan) => !revoked.has(loan.id));
            // Idempotent: a second check at the same instant changes nothing.
            const again = reconcileEntitlements({
              user: world.user,
              now: world.now,
              cycle: world.cycle,
              selections: world.selections,
              loans: world.loans,
              bookLimitFor,
            });
            expect(again.closeCycleId).toBeNull();
            expect(again.openCycle).toBeNull();
            expect(again.dropSelectionIds).toEqual([]);
            expect(again.revokeLoans).toEqual([]);
          };

          for (const command of commands) {
            const user = world.user;
            switch (command.kind) {
              case 'register':
                if (!user) world.user = trialUser(world.now);
                break;
              case 'pay':
                if (user) {
                  const base = Math.max(
                    user.subscriptionCurrentPeriodEnd ? (user.subscriptionCurrentPeriodEnd as Date).getTime() : 0,
                    world.now,
                  );
                  world.user = {
                    ...user,
                    subscriptionTier: command.tier,
                    subscriptionStatus: 'active',
                    subscriptionCurrentPeriodEnd: new Date(addMonthsUtc(base, 1)),
                  };
                }
                break;
              case 'renew':
                if (
                  user &&
                  user.subscriptionTier !== 'trial' &&
                  user.subscriptionStatus === 'active' &&
                  user.subscriptionCurrentPeriodEnd
                ) {
                  world.user = {
                    ...user,
                    subscriptionCurrentPeriodEnd: new Date(
                      addMonthsUtc((user.subscriptionCurrentPeriodEnd as Date).getTime(), 1),
                    ),
                  };
                }
                break;
              case 'cancel':
                if (user && user.subscriptionTier !== 'trial')
                  world.user = { ...user, subscriptionStatus: 'cancelled' };
                break;
              case 'paymentFailed':
                if (user && user.subscriptionTier !== 'trial') world.user = { ...user, subscriptionStatus: 'past_due' };
                break;
              case 'advance':
                world.now += command.ms;
                break;
              case 'pick': {
                if (!user) break;
                reconcile();
                const target = books[command.book];
                const decision = canSelect({
                  user: world.user!,
                  book: target,
                  cycle: world.cycle,
                  selections: world.selections,
                  lockDays,
                  now: world.now,
                });
                const tier = effectiveTier(world.user!, world.now);
                if (tier === 'premium') expect(decision).toMatchObject({ ok: false, code: 'premium_no_selection' });
                if (tier === 'free') expect(decision.ok).toBe(false);
                if (!decision.ok) break;
                const cycle = world.cycle!;
                const used = (world.picksByCycle.get(cycle.id) ?? 0) + 1;
                world.picksByCycle.set(cycle.id, used);
                cycle.booksSelectedCount += 1;
                const fresh = {
                  id: decision.renewSelectionId ?? id('sel'),
                  bookId: target.id,
                  selectedAt: world.now,
                  lockedUntil: decision.lockedUntil,
                  cycleId: cycle.id,
                };
                world.selections = [...world.selections.filter((s) => s.id !== fresh.id), fresh];
                if (!world.loans.some((loan) => loan.bookId === target.id))
                  world.loans.push({ id: id('loan'), ...{ bookId: target.id, requiredTier: target.requiredTier } });
                break;
              }
              case 'remove': {
                if (!user) break;
                reconcile();
                const selection = world.selections.find((s) => s.bookId === books[command.book].id);
                if (!selection) break;
                const decision = canRemoveSelection(selection, world.now);
                // No removal before lockedUntil; always allowed after.
                expect(decision.ok).toBe(selection.lockedUntil === null || world.now >= selection.lockedUntil);
                if (decision.ok) {
                  world.selections = world.selections.filter((s) => s.id !== selection.id);
                  const target = books[command.book];
                  if (!canReadBook(world.user!, target, world.selections, world.now).ok)
                    world.loans = world.loans.filter((loan) => loan.bookId !== target.id);
                }
                break;
              }
              case 'open': {
                if (!user) break;
                reconcile();
                const target = books[command.book];
                if (
                  canReadBook(world.user!, target, world.selections, world.now).ok &&
                  !world.loans.some((loan) => loan.bookId === target.id)
                ) {
                  world.loans.push({ id: id('loan'), bookId: target.id, requiredTier: target.requiredTier });
                }
                break;
              }
            }

            // Invariants after every step.
            for (const [cycleId, used] of world.picksByCycle) {
              const limit = world.limitByCycle.get(cycleId)!;
              if (limit !== -1) expect(used).toBeLessThanOrEqual(limit);
            }
            if (world.cycle && world.cycle.maxBooks !== -1) {
              const carried = world.carriedByCycle.get(world.cycle.id) ?? 0;
              expect(world.cycle.booksSelectedCount).toBeLessThanOrEqual(Math.max(world.cycle.maxBooks, carried));
              if (carried >= world.cycle.maxBooks) expect(world.picksByCycle.get(world.cycle.id) ?? 0).toBe(0);
            }
            if (world.user) {
              const valid = hasValidAccess(world.user, new Date(world.now));
              const tier = effectiveTier(world.user, world.now);
              for (const target of books) {
                const read = canReadBook(world.user, target, world.selections, world.now);
                if (!valid) expect(read.ok).toBe(false); // no access after validity ends
                if (tier === 'premium') expect(read.ok).toBe(true); // premium never needs picks
                if (read.ok && tier !== 'premium')
                  expect(world.selections.some((s) => s.bookId === target.id)).toBe(true);
              }
              // After the on-demand check, a reader without valid access holds no active loan.
              if (!valid) {
                reconcile();
                expect(world.loans).toEqual([]);
              }
            }
          }
        },
      ),
      {
        numRuns: 300,
        examples: [
          // A trial pick carried into a first Basic cycle whose limit is lower (found by this property once).
          [
            [
              { kind: 'register' },
              { kind: 'pick', book: 0 },
              { kind: 'pay', tier: 'basic' },
              { kind: 'pick', book: 0 },
            ],
            Array.from({ length: 12 }, () => 'trial' as const),
            { trial: 1, basic: 0 },
            1,
          ],
        ],
      },
    );
  });
});
