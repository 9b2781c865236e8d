/**
 * Scheduled entitlement upkeep: 'reset-selection-cycles' closes ended billing cycles, opens the
 * next one for readers still entitled and drops selections whose lock has ended; 'revoke-lapsed-loans'
 * revokes loans of readers who may no longer read the book (access ended: revokeReason 'access_ended').
 * Both apply the same pure rules as the on-demand check of every selections/loans write, one reader per
 * BEGIN IMMEDIATE transaction, so a failure for one reader never blocks the others.
 */
import { and, eq, lte } from 'drizzle-orm';
import { immediateTransaction, type Db } from '../../db/client';
import { loans, userSubscriptionCycles } from '../../db/schema';
import type { Logger } from '../../logger';
import { syncEntitlements } from './entitlement-state';

function syncEach(deps: { db: Db; now: () => Date; logger: Logger }, userIds: string[]): number {
  let changed = 0;
  for (const userId of userIds) {
    try {
      const state = immediateTransaction(deps.db, () =>
        syncEntitlements({ db: deps.db, userId, now: deps.now(), write: true }),
      );
      if (state.changed) changed += 1;
    } catch (error) {
      deps.logger.error({ err: error, userId }, 'entitlement sync failed for a reader');
    }
  }
  return changed;
}

/** Readers whose current cycle has ended get the next one (or none when their access ended). */
export function resetSelectionCycles(deps: { db: Db; now: () => Date; logger: Logger }): number {
  const due = deps.db
    .selectDistinct({ userId: userSubscriptionCycles.userId })
    .from(userSubscriptionCycles)
    .where(and(eq(userSubscriptionCycles.isActive, true), lte(userSubscriptionCycles.cycleEnd, deps.now())))
    .all();
  return syncEach(
    deps,
    due.map((row) => row.userId),
  );
}

/** Every reader holding an active loan is checked; loans they may no longer read are revoked. */
export function revokeLapsedLoans(deps: { db: Db; now: () => Date; logger: Logger }): number {
  const holders = deps.db.selectDistinct({ userId: loans.userId }).from(loans).where(eq(loans.status, 'active')).all();
  return syncEach(
    deps,
    holders.map((row) => row.userId),
  );
}
