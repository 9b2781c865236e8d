/**
 * Licences (docs/product/offline-and-devices.md#offline-licences; docs/ARCHITECTURE.md#protected-content): a signed
 * statement that one reader may read one book version on one device until a time, carrying the book's content key
 * wrapped to that device's public key. One `licenses` row per (loan, device); an offline licence also has its
 * `offline_licenses` row (user × device × book: the wrapped key, A256GCM, expiry), written in the same transaction.
 * Issuing and renewing check the loan, the device and the entitlement (the same rules as opening the book), touch the
 * device's lastActiveAt and are recorded in the audit log. Licences are revoked with their loan or device
 * (license-revocation). The content key only ever leaves the server wrapped to a device key. Granting is three steps:
 * decide (license-policy.ts), build the claims (license-claims.ts), then sign and persist here.
 *
 * Renewal count (decision record 008): `renewalCount` counts the extensions of the current licence of a
 * (loan, device). Online re-issues count as before; a new offline licence (first download, or after an
 * online one) starts at 0; each offline re-issue or renewal adds 1, at most `offline_max_renewals`
 * (system_config, default 100), after which the reader returns the book and borrows it again (a new
 * loan starts a new licence). An online licence asked for while a live offline licence exists is signed
 * but not stored, so reading online never shortens or replaces a download.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { accessValidUntil } from '@shared/entitlement';
import type { TLicenseGrant, TLicenseKind, TLicensePolicy, TLicenseStatus, TLicenseStatusList } from '@shared/reader';
import type { Db } from '../../db/client';
import { immediateTransactionFlushedOffThread, writeWithoutDiskWait } from '../../db/off-thread-flush';
import { perConnection } from '../../db/per-connection';
import { devices, licenses, loans, offlineLicenses, OFFLINE_LICENSE_ALGORITHM } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { getAsset, getContentKey } from '../content-access/book-content';
import type { TDeviceRow } from '../devices/devices.service';
import { contentKeyring } from '../content-access/content-crypto';
import { deviceStatus, touchDevices } from '../devices/offline-devices.service';
import { offlineSettings } from '../devices/offline-settings';
import { ensureBookContent } from '../ingest/ingest.service';
import { openLoan } from '../loans/loans.service';
import { copyRules } from '../reader/copy-budget.service';
import { readerConfig } from '../reader/reader-config';
import { syncEntitlements } from '../selections/entitlement-state';
import { licenseClaims, licensePolicy, wrapContentKeyForDevice } from './license-claims';
import {
  assertMayHoldLicense,
  assertRenewable,
  isSameBasis,
  licenseExpiry,
  planGrant,
  type TGrantPlan,
  type TLoanRow,
} from './license-policy';
import { signLicense } from './license-token';
import { licenseKeyring } from './signing-keys';

/** Signing happens outside the write lock; a licence changed meanwhile is planned and signed again. */
const GRANT_ATTEMPTS = 3;

const statements = perConnection((db) => ({
  loanOfUser: db
    .select()
    .from(loans)
    .where(and(eq(loans.id, sql.placeholder('loanId')), eq(loans.userId, sql.placeholder('userId'))))
    .prepare(),
  deviceOfUser: db
    .select()
    .from(devices)
    .where(and(eq(devices.id, sql.placeholder('deviceId')), eq(devices.userId, sql.placeholder('userId'))))
    .prepare(),
  licenseForLoanDevice: db
    .select()
    .from(licenses)
    .where(and(eq(licenses.loanId, sql.placeholder('loanId')), eq(licenses.deviceId, sql.placeholder('deviceId'))))
    .prepare(),
  licenseOfUser: db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, sql.placeholder('licenseId')), eq(licenses.userId, sql.placeholder('userId'))))
    .prepare(),
  // The grant's writes, on every book open. Column defaults and update hooks of a prepared statement would be
  // computed once, when it is prepared, so every column written is a placeholder, times included.
  insertLicense: db
    .insert(licenses)
    .values({
      id: sql.placeholder('id'),
      loanId: sql.placeholder('loanId'),
      deviceId: sql.placeholder('deviceId'),
      userId: sql.placeholder('userId'),
      bookId: sql.placeholder('bookId'),
      ...grantedLicenseColumns(),
      createdAt: stored('createdAt'),
      updatedAt: stored('updatedAt'),
    })
    .prepare(),
  renewLicense: db
    .update(licenses)
    .set({ ...grantedLicenseColumns(), lastRenewedAt: stored('lastRenewedAt'), updatedAt: stored('updatedAt') })
    .where(eq(licenses.id, sql.placeholder('id')))
    .prepare(),
  deleteLicense: db
    .delete(licenses)
    .where(eq(licenses.id, sql.placeholder('id')))
    .prepare(),
  deleteOfflineCopy: db
    .delete(offlineLicenses)
    .where(
      and(
        eq(offlineLicenses.userId, sql.placeholder('userId')),
        eq(offlineLicenses.deviceId, sql.placeholder('deviceId')),
        eq(offlineLicenses.bookId, sql.placeholder('bookId')),
      ),
    )
    .prepare(),
  touchDevice: db
    .update(devices)
    .set({ lastActiveAt: stored('lastActiveAt'), updatedAt: stored('updatedAt') })
    .where(eq(devices.id, sql.placeholder('id')))
    .prepare(),
}));

/**
 * A placeholder taking the value as the column stores it (epoch ms for times, JSON text): drizzle's update types do
 * not accept a bare placeholder, and one wrapped in SQL is sent as given.
 */
const stored = (name: string) => sql`${sql.placeholder(name)}`;

/** The licence columns a grant writes, each a placeholder of the same name; a granted licence is never revoked. */
function grantedLicenseColumns() {
  return {
    kind: stored('kind'),
    bookVersion: stored('bookVersion'),
    keyWrapped: stored('keyWrapped'),
    offlineExpiresAt: stored('offlineExpiresAt'),
    policy: stored('policy'),
    signature: stored('signature'),
    serverTime: stored('serverTime'),
    revoked: sql`0`,
    revokedAt: sql`null`,
    renewalCount: stored('renewalCount'),
  };
}

/**
 * Loads the keys every licence needs, the signing keyring and the key-encryption keys, before the server listens:
 * otherwise the first book opened waits while the key files are read, the signing key imported and checked with a
 * probe signature (10-60 ms measured). Each is kept for the process. A broken key file is not fatal here: the
 * caller logs it, and the health checks and the licence requests report it as before.
 */
export async function loadLicenseKeys(env: AppDeps['env']): Promise<void> {
  contentKeyring(env);
  await licenseKeyring(env);
}

// ---------------------------------------------------------------------------------------------
// Issuing and renewing.

export interface TIssueLicenseOptions {
  deps: AppDeps;
  userId: string;
  loanId: string;
  deviceId: string;
  kind: TLicenseKind;
  meta?: TRequestMeta;
  sessionId?: string | null;
}

interface TGrantOptions extends TIssueLicenseOptions {
  loan: TLoanRow;
  device: TDeviceRow;
  /** Renewals keep the book version the device downloaded (while its content key exists). */
  bookVersion?: number;
  action: 'license.issued' | 'license.renewed';
}

/** Checks shared by issue and renewal, then signs, stores and audits the licence. */
async function grantLicense(options: TGrantOptions): Promise<TLicenseGrant> {
  const { deps, userId, loan, device, kind } = options;
  const { db, env } = deps;
  const now = deps.now();

  // 1. Decide: the same rules as opening the book, the offline rules, and until when.
  const user = assertMayHoldLicense({ db, userId, loan, device, kind, now });
  const current = await ensureBookContent({ deps, bookId: loan.bookId });
  const kept =
    options.bookVersion !== undefined && options.bookVersion !== current.version
      ? getAsset({ db, bookId: loan.bookId, version: options.bookVersion })
      : null;
  const asset = kept ?? current;
  const expiresAt = licenseExpiry({
    kind,
    now: now.getTime(),
    onlineMinutes: env.ONLINE_LICENSE_MINUTES,
    offlineMaxDays: readerConfig(db).offlineMaxDays,
    loanEnd: loan.expiresAt?.getTime() ?? null,
    accessEnd: accessValidUntil(user),
  });
  const exp = Math.floor(expiresAt / 1000);

  // 2. Build: the key wrapped to the device, the policy, the claims of each planned attempt.
  const contentKey = await getContentKey({ deps, bookId: loan.bookId, version: asset.version });
  const keyWrap = await wrapContentKeyForDevice(device, contentKey).finally(() => contentKey.fill(0));
  const policy = licensePolicy({
    user,
    loanId: loan.id,
    totalCharacters: asset.totalCharacters,
    copyRules: copyRules(db),
  });
  const claimsFor = (plan: TGrantPlan) =>
    licenseClaims({
      plan,
      userId,
      loan,
      bookVersion: asset.version,
      device,
      keyWrap,
      kind,
      policy,
      now,
      exp,
      publicUrl: env.publicUrl,
    });

  // 3. Sign and persist, re-checked under the write lock; the answer waits for the disk without holding the event loop.
  const keyring = await licenseKeyring(env);
  const { maxRenewals } = offlineSettings(db);
  for (let attempt = 0; attempt < GRANT_ATTEMPTS; attempt += 1) {
    const plan = planGrant(
      statements(db).licenseForLoanDevice.get({ loanId: loan.id, deviceId: device.id }) ?? null,
      kind,
      now,
      maxRenewals,
    );
    const token = await signLicense(keyring, claimsFor(plan));
    const outcome = await immediateTransactionFlushedOffThread(db, () => {
      // Re-read under the write lock: the loan may have ended or the device been removed since the checks.
      if (statements(db).loanOfUser.get({ loanId: loan.id, userId })?.status !== 'active') return 'loan_ended' as const;
      if (!statements(db).deviceOfUser.get({ deviceId: device.id, userId })?.isActive) return 'device_removed' as const;
      const row = statements(db).licenseForLoanDevice.get({ loanId: loan.id, deviceId: device.id });
      if (!isSameBasis(row, plan.basis)) return 'changed' as const;
      if (plan.store)
        storeLicense(db, {
          plan,
          loan,
          device,
          kind,
          version: asset.version,
          keyWrapped: keyWrap.wrapped,
          expiresAt: new Date(exp * 1000),
          policy,
          token,
          now,
        });
      statements(db).touchDevice.run({ id: device.id, lastActiveAt: now.getTime(), updatedAt: Date.now() });
      recordAudit(deps, {
        action: options.action,
        resource: 'license',
        resourceId: plan.licenseId,
        userId,
        details: {
          loanId: loan.id,
          bookId: loan.bookId,
          bookVersion: asset.version,
          deviceId: device.id,
          kind,
          expiresAt: new Date(exp * 1000).toISOString(),
          renewalCount: plan.renewalCount,
          ...(plan.store ? {} : { stored: false }),
        },
        ipAddress: options.meta?.ipAddress ?? null,
        userAgent: options.meta?.userAgent ?? null,
        sessionId: options.sessionId ?? null,
      });
      return 'stored' as const;
    });
    if (outcome === 'loan_ended') throw notFound('Loan');
    if (outcome === 'device_removed') throw notFound('Device');
    if (outcome === 'stored')
      return {
        licenseId: plan.licenseId,
        license: token,
        expiresAt: new Date(exp * 1000).toISOString(),
        serverTime: now.toISOString(),
      };
  }
  throw new AppError('license_busy', 409, 'This licence changed while it was being issued. Please try again.');
}

/** Writes the licence row and, for an offline licence, its offline_licenses row (call inside the transaction). */
function storeLicense(
  db: Db,
  input: {
    plan: TGrantPlan;
    loan: TLoanRow;
    device: TDeviceRow;
    kind: TLicenseKind;
    version: number;
    keyWrapped: string;
    expiresAt: Date;
    policy: TLicensePolicy;
    token: string;
    now: Date;
  },
): void {
  const { plan, loan, device, kind, now } = input;
  const values = {
    kind,
    bookVersion: input.version,
    keyWrapped: input.keyWrapped,
    offlineExpiresAt: input.expiresAt.getTime(),
    policy: JSON.stringify(input.policy),
    signature: input.token,
    serverTime: now.getTime(),
    renewalCount: plan.renewalCount,
  };
  if (plan.basis && !plan.replace) {
    statements(db).renewLicense.run({
      id: plan.basis.id,
      ...values,
      lastRenewedAt: now.getTime(),
      updatedAt: now.getTime(),
    });
  } else {
    if (plan.basis) statements(db).deleteLicense.run({ id: plan.basis.id });
    const createdAt = Date.now();
    statements(db).insertLicense.run({
      id: plan.licenseId,
      loanId: loan.id,
      deviceId: device.id,
      userId: loan.userId,
      bookId: loan.bookId,
      ...values,
      createdAt,
      updatedAt: createdAt,
    });
  }
  if (kind === 'offline') {
    db.insert(offlineLicenses)
      .values({
        userId: loan.userId,
        deviceId: device.id,
        bookId: loan.bookId,
        keyB64: input.keyWrapped,
        algorithm: OFFLINE_LICENSE_ALGORITHM,
        expiresAt: input.expiresAt,
      })
      .onConflictDoUpdate({
        target: [offlineLicenses.userId, offlineLicenses.deviceId, offlineLicenses.bookId],
        set: {
          keyB64: input.keyWrapped,
          algorithm: OFFLINE_LICENSE_ALGORITHM,
          expiresAt: input.expiresAt,
          updatedAt: now,
        },
      })
      .run();
  } else {
    // An expired offline licence replaced by an online one: the device no longer holds the book offline.
    statements(db).deleteOfflineCopy.run({ userId: loan.userId, deviceId: device.id, bookId: loan.bookId });
  }
}

/**
 * POST /api/licenses: issues (or re-issues) the licence for a loan on a device. 404 for a loan or device
 * that is not the reader's own and active; 402 when the rules no longer allow the book (or offline
 * reading); 403 for an offline licence on a device not registered for offline reading; 409 when an
 * offline licence has been renewed offline_max_renewals times.
 */
export async function issueLicense(options: TIssueLicenseOptions): Promise<TLicenseGrant> {
  const { deps, userId, loanId, deviceId } = options;
  const { db } = deps;
  const loan = statements(db).loanOfUser.get({ loanId, userId });
  if (loan?.status !== 'active') throw notFound('Loan');
  const device = statements(db).deviceOfUser.get({ deviceId, userId });
  if (!device?.isActive) throw notFound('Device');
  return grantLicense({ ...options, loan, device, action: 'license.issued' });
}

/**
 * POST /api/licenses with a book instead of a loan: opens the book (creates or reuses the reader's loan,
 * 402 when the rules refuse, exactly as POST /api/loans) and issues the licence for that loan.
 */
export async function issueLicenseForBook(
  options: Omit<TIssueLicenseOptions, 'loanId'> & { bookRef: string },
): Promise<TLicenseGrant> {
  const { db } = options.deps;
  // A first open creates the loan here: its commit does not wait for the disk of its own, since the grant's flush
  // of the same write-ahead log, before the 2xx, takes it to disk too (a refusal answers with no licence issued).
  const { loan } = writeWithoutDiskWait(db, () =>
    openLoan({ db, userId: options.userId, bookRef: options.bookRef, now: options.deps.now() }),
  );
  return issueLicense({ ...options, loanId: loan.id });
}

/**
 * POST /api/licenses/:id/renew: a fresh token for the reader's own licence, of the same kind, for the
 * same device and book version, with a new expiry from now. Works for an expired licence (a device back
 * after a long time offline). 404 for a licence that is not the reader's; 409 when it was revoked, its
 * loan returned, its device removed, or its renewals used up; 402 when the plan no longer allows it.
 */
export async function renewLicense(options: {
  deps: AppDeps;
  userId: string;
  licenseId: string;
  meta?: TRequestMeta;
  sessionId?: string | null;
}): Promise<TLicenseGrant> {
  const { deps, userId, licenseId } = options;
  const { db } = deps;
  const license = statements(db).licenseOfUser.get({ licenseId, userId });
  if (!license) throw notFound('Licence');
  const loan = statements(db).loanOfUser.get({ loanId: license.loanId, userId })!;
  const device = statements(db).deviceOfUser.get({ deviceId: license.deviceId, userId })!;
  assertRenewable(license, loan, device);
  return grantLicense({
    deps,
    userId,
    loanId: loan.id,
    deviceId: device.id,
    kind: license.kind,
    loan,
    device,
    bookVersion: license.bookVersion,
    action: 'license.renewed',
    meta: options.meta,
    sessionId: options.sessionId,
  });
}

// ---------------------------------------------------------------------------------------------
// Status.

/**
 * POST /api/licenses/status: the state of the reader's licences: returned (loan handed back), revoked
 * (licence or loan revoked, device removed, or the rules no longer allow the book), expired, or active.
 * Ids that are not this reader's licences are answered as revoked, so the answer never tells whether
 * someone else's licence exists. With `deviceId`, the answer also says whether that device is still
 * registered. The devices in contact get their lastActiveAt refreshed (at most every few minutes).
 */
export function licenseStatuses(options: {
  db: Db;
  userId: string;
  ids: readonly string[];
  deviceId?: string;
  now: Date;
}): TLicenseStatusList {
  const { db, userId, now } = options;
  const ids = [...new Set(options.ids)];
  const rows = db
    .select({
      id: licenses.id,
      deviceId: licenses.deviceId,
      revoked: licenses.revoked,
      expiresAt: licenses.offlineExpiresAt,
      loanId: licenses.loanId,
      loanStatus: loans.status,
    })
    .from(licenses)
    .innerJoin(loans, eq(loans.id, licenses.loanId))
    .where(and(eq(licenses.userId, userId), inArray(licenses.id, ids)))
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lapsedLoans = new Set(
    syncEntitlements({ db, userId, now, write: false }).sync.revokeLoans.map((loan) => loan.id),
  );
  const statusOf = (id: string): TLicenseStatus => {
    const row = byId.get(id);
    if (!row) return 'revoked';
    if (row.loanStatus === 'returned') return 'returned';
    if (row.revoked || row.loanStatus === 'revoked' || lapsedLoans.has(row.loanId)) return 'revoked';
    if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
    return 'active';
  };
  touchDevices({ db, userId, deviceIds: options.deviceId ? [options.deviceId] : rows.map((row) => row.deviceId), now });
  const answer: TLicenseStatusList = {
    items: ids.map((id) => ({ id, status: statusOf(id) })),
    serverTime: now.toISOString(),
  };
  if (options.deviceId) answer.device = deviceStatus({ db, userId, deviceId: options.deviceId, now });
  return answer;
}
