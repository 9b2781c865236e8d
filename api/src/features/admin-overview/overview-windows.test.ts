/**
 * The overview's rolling windows read whole days from the day totals and only the partial first and last day from the
 * source rows (docs/product/metrics.md#day-totals). Over a random history, every window, midnight-aligned or not,
 * gives the same figures as the scans of the source tables they replace.
 */
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../db/client';
import { createPrng } from '../../db/seed/prng';
import {
  churnBetween,
  mrrMovementTotalsBetween,
  mrrMovementsBetween,
  splitAtMidnights,
  trialConversionBetween,
  trialConversionFromDayTotals,
} from '../admin-reports/admin-reports.service';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);

describe('overview windows', () => {
  it('cut a window at UTC midnights into whole days and partial edges', () => {
    const at = (day: number, hour: number) => START + day * DAY_MS + hour * 3_600_000;
    expect(splitAtMidnights(at(0, 9), at(30, 9))).toEqual({
      days: { firstDay: '2026-01-02', endDay: '2026-01-31' },
      edges: [
        [at(0, 9), at(1, 0)],
        [at(30, 0), at(30, 9)],
      ],
    });
    expect(splitAtMidnights(at(0, 0), at(2, 0))).toEqual({
      days: { firstDay: '2026-01-01', endDay: '2026-01-03' },
      edges: [],
    });
    expect(splitAtMidnights(at(0, 3), at(0, 20))).toEqual({ days: null, edges: [[at(0, 3), at(0, 20)]] });
    expect(splitAtMidnights(at(0, 3), at(1, 2))).toEqual({ days: null, edges: [[at(0, 3), at(1, 2)]] });
  });

  it('give the figures of the source tables for 300 random windows over a random history', () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const sqlite = db.$client;
    const prng = createPrng(20261128);
    const someInstant = () => START + Math.floor(prng.next() * 90 * DAY_MS);
    const insertUser = sqlite.prepare(
      `insert into users (id, email, first_name, last_name, trial_started_at, trial_ends_at, free_trial_ended_at,
         created_at, updated_at) values (?, ?, 'T', 'R', ?, ?, ?, ?, ?)`,
    );
    const insertMovement = sqlite.prepare(
      `insert into mrr_movements (id, user_id, subscription_id, kind, tier_before, tier_after, mrr_before, mrr_after,
         occurred_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let index = 0; index < 400; index += 1) {
      const id = `u${index}`;
      const started = someInstant();
      const ends = started + 7 * DAY_MS;
      insertUser.run(
        id,
        `${id}@example.com`,
        started,
        prng.next() < 0.8 ? ends : null,
        ends - DAY_MS,
        started,
        started,
      );
      if (prng.next() < 0.6) {
        insertMovement.run(`m${index}`, id, `s${index}`, 'new', 'trial', 'basic', 0, 599, ends);
        if (prng.next() < 0.4) {
          const kind = prng.pick(['expansion', 'churn'] as const);
          insertMovement.run(
            `m${index}b`,
            id,
            `s${index}`,
            kind,
            'basic',
            kind === 'churn' ? 'basic' : 'premium',
            599,
            kind === 'churn' ? 0 : 999,
            ends + Math.floor(prng.next() * 30 * DAY_MS),
          );
        }
      }
    }

    let wholeDayWindows = 0;
    let windowsWithFigures = 0;
    for (let step = 0; step < 300; step += 1) {
      const from = prng.next() < 0.2 ? Math.floor(someInstant() / DAY_MS) * DAY_MS : someInstant();
      const to = from + Math.floor(prng.next() * 40 * DAY_MS);
      const now = prng.next() < 0.5 ? to : someInstant();
      if (splitAtMidnights(from, Math.min(to, now)).days) wholeDayWindows += 1;
      const conversion = trialConversionFromDayTotals(db, from, to, now);
      expect(conversion).toEqual(
        now > from ? trialConversionBetween(db, from, to, now) : { trialsEnded: 0, converted: 0, rate: null },
      );
      const movements = mrrMovementTotalsBetween(db, from, to);
      expect(movements.amounts).toEqual(mrrMovementsBetween(db, from, to));
      expect(movements.counts.churn).toBe(churnBetween(db, from, to).churned);
      if (conversion.converted > 0 && movements.counts.churn > 0) windowsWithFigures += 1;
    }
    // Most windows really did read whole days from the day totals.
    expect(wholeDayWindows).toBeGreaterThan(150);
    expect(windowsWithFigures).toBeGreaterThan(100);
  });
});
