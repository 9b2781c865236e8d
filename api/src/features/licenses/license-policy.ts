/**
 * Deciding a licence, before anything is signed or stored: may this reader hold it on this device
 * (the same rules as opening the book, plus the offline rules), until when, and which licence row
 * and renewal count the new token carries (decision record 008, see licenses.service.ts).
 */
import { effectiveTier, isOfflineAllowed } from '@shared/entitlement';
import { LICENSE_MESSAGES, type TLicenseKind } from '@shared/reader';
import { DEVICE_MESSAGES } from '@shared/devices';
import type { Db } from '../../db/client';
import type { licenses, loans } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { TDeviceRow } from '../devices/devices.service';
import { holdsDevicePlace, offlineAllowance, overCapError } from '../devices/offline-devices.service';
import { openLoan } from '../loans/loans.service';
import { loadUser, type TUserRow } from '../selections/entitlement-state';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const OFFLINE_NOT_IN_PLAN = LICENSE_MESSAGES.offlineNotInPlan;
export const DEVICE_NOT_OFFLINE = LICENSE_MESSAGES.deviceNotOffline;

export type TLicenseRow = typeof licenses.$inferSelect;
export type TLoanRow = typeof loans.$inferSelect;

/**
 * May this reader hold a licence of `kind` for this loan on this device now? The same rules as opening
 * the book (a lapsed plan revokes the loan, and its licences, and answers 402 here), then for offline
 * licences the plan, the device's offline registration and its place under the plan's device cap.
 * Returns the reader, whom the licence names.
 */
export function assertMayHoldLicense(options: {
  db: Db;
  userId: string;
  loan: TLoanRow;
  device: TDeviceRow;
  kind: TLicenseKind;
  now: Date;
}): TUserRow {
  const { db, userId, loan, device, kind, now } = options;
  const opened = openLoan({ db, userId, bookRef: loan.bookId, now });
  if (opened.loan.id !== loan.id) throw notFound('Loan');
  const user = loadUser(db, userId);
  if (kind === 'offline') {
    if (!isOfflineAllowed(effectiveTier(user, now)))
      throw new AppError('offline_not_allowed', 402, OFFLINE_NOT_IN_PLAN);
    if (device.offlineRegisteredAt === null) throw new AppError('device_not_offline', 403, DEVICE_NOT_OFFLINE);
    // After a downgrade the plan may allow fewer devices than are registered: only the first ones read offline.
    const allowance = offlineAllowance(db, userId, now);
    if (!holdsDevicePlace(db, userId, device.id, allowance.cap)) throw overCapError(allowance);
  }
  return user;
}

/** Why an existing licence cannot be renewed, most specific first (removing a device or returning the book also revokes it). */
export function assertRenewable(
  license: Pick<TLicenseRow, 'revoked'>,
  loan: Pick<TLoanRow, 'status'>,
  device: Pick<TDeviceRow, 'isActive'>,
): void {
  if (loan.status === 'returned') throw new AppError('license_returned', 409, LICENSE_MESSAGES.returned);
  if (!device.isActive) throw new AppError('device_removed', 409, DEVICE_MESSAGES.deviceRemoved);
  if (license.revoked || loan.status !== 'active') throw new AppError('license_revoked', 409, LICENSE_MESSAGES.revoked);
}

/**
 * When a licence issued `now` ends: online licences after ONLINE_LICENSE_MINUTES, offline ones after
 * offline_max_days; both never past the loan's end or the end of the paid (or trial) period. An end
 * already in the past while the rules still allow reading (a renewal not yet recorded) is ignored.
 */
export function licenseExpiry(options: {
  kind: TLicenseKind;
  now: number;
  onlineMinutes: number;
  offlineMaxDays: number;
  loanEnd: number | null;
  accessEnd: number | null;
}): number {
  const { kind, now } = options;
  const own = kind === 'online' ? now + options.onlineMinutes * MINUTE_MS : now + options.offlineMaxDays * DAY_MS;
  const bounds = [options.loanEnd, options.accessEnd].filter((end): end is number => end !== null && end > now);
  return Math.min(own, ...bounds);
}

// ---------------------------------------------------------------------------------------------
// Planning a grant: which licence id and renewal count the new token carries, and whether it is stored.

export interface TGrantPlan {
  /** The row the plan was made from (null: none); the write goes ahead only if it is still the same. */
  basis: TLicenseRow | null;
  licenseId: string;
  renewalCount: number;
  /** False for an online licence over a live offline one: signed and handed out, not stored. */
  store: boolean;
  /** The basis row was revoked: it is replaced by a fresh licence with a new id. */
  replace: boolean;
}

const renewalLimitReached = () => new AppError('renewal_limit_reached', 409, LICENSE_MESSAGES.renewalLimit);

export function planGrant(
  existing: TLicenseRow | null,
  kind: TLicenseKind,
  now: Date,
  maxRenewals: number,
): TGrantPlan {
  const fresh = (replace: boolean): TGrantPlan => ({
    basis: existing,
    licenseId: crypto.randomUUID(),
    renewalCount: 0,
    store: true,
    replace,
  });
  if (!existing) return fresh(false);
  if (existing.revoked) return fresh(true);
  const same = (renewalCount: number, store = true): TGrantPlan => ({
    basis: existing,
    licenseId: existing.id,
    renewalCount,
    store,
    replace: false,
  });
  if (existing.kind === 'offline') {
    if (kind === 'online' && existing.offlineExpiresAt.getTime() > now.getTime())
      return same(existing.renewalCount, false);
    if (kind === 'offline') {
      if (existing.renewalCount >= maxRenewals) throw renewalLimitReached();
      return same(existing.renewalCount + 1);
    }
    return same(existing.renewalCount + 1);
  }
  // The stored licence is online: a new offline licence starts its own count.
  return kind === 'offline' ? same(0) : same(existing.renewalCount + 1);
}

/** Is the row under the write lock still the one the plan was made from? */
export function isSameBasis(current: TLicenseRow | undefined, basis: TLicenseRow | null): boolean {
  if (!current || !basis) return !current && !basis;
  return (
    current.id === basis.id &&
    current.renewalCount === basis.renewalCount &&
    current.revoked === basis.revoked &&
    current.kind === basis.kind &&
    current.offlineExpiresAt.getTime() === basis.offlineExpiresAt.getTime() &&
    current.signature === basis.signature
  );
}
