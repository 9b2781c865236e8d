/**
 * Ends licences when what they rest on ends (docs/ARCHITECTURE.md#protected-content): a loan returned or revoked (by
 * the reader, a dropped pick or a lapsed plan) or a device removed or expired. `licenses` rows are marked revoked (the
 * status endpoint then tells the device to delete the book) and the device's `offline_licenses` rows are deleted.
 * Callers run these inside the BEGIN IMMEDIATE transaction that ends the loan or device, so a loan is never ended with
 * its licences still live. A unit of its own below selections, loans, devices and licences, all of which call it; it
 * imports only the schema.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenses, offlineLicenses } from '../../db/schema';

/** Deletes the offline_licenses rows (user × device × book) matching the given licences. */
function deleteOfflineCopies(db: Db, rows: readonly { userId: string; deviceId: string; bookId: string }[]): void {
  for (const row of rows) {
    db.delete(offlineLicenses)
      .where(
        and(
          eq(offlineLicenses.userId, row.userId),
          eq(offlineLicenses.deviceId, row.deviceId),
          eq(offlineLicenses.bookId, row.bookId),
        ),
      )
      .run();
  }
}

/** Revokes every live licence of these loans; returns how many were revoked. */
export function revokeLicensesOfLoans(db: Db, loanIds: readonly string[], now: Date): number {
  if (loanIds.length === 0) return 0;
  const revoked = db
    .update(licenses)
    .set({ revoked: true, revokedAt: now })
    .where(and(inArray(licenses.loanId, [...loanIds]), eq(licenses.revoked, false)))
    .returning({ userId: licenses.userId, deviceId: licenses.deviceId, bookId: licenses.bookId })
    .all();
  deleteOfflineCopies(db, revoked);
  return revoked.length;
}

/** Revokes every live licence held by one device and deletes all of its offline_licenses rows. */
export function revokeLicensesOfDevice(db: Db, deviceId: string, now: Date): number {
  const revoked = db
    .update(licenses)
    .set({ revoked: true, revokedAt: now })
    .where(and(eq(licenses.deviceId, deviceId), eq(licenses.revoked, false)))
    .run().changes;
  db.delete(offlineLicenses).where(eq(offlineLicenses.deviceId, deviceId)).run();
  return revoked;
}

/** Revokes every live licence of one reader (a deactivated account) and deletes all of their offline_licenses rows. */
export function revokeLicensesOfUser(db: Db, userId: string, now: Date): number {
  const revoked = db
    .update(licenses)
    .set({ revoked: true, revokedAt: now })
    .where(and(eq(licenses.userId, userId), eq(licenses.revoked, false)))
    .run().changes;
  db.delete(offlineLicenses).where(eq(offlineLicenses.userId, userId)).run();
  return revoked;
}
