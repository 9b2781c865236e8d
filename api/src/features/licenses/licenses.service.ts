/**
 * Licences (SPEC §3 licenses; DESIGN §5): a signed statement that one reader may read one book version
 * on one device until a time, carrying the book's content key wrapped to that device's public key.
 * One row per (loan, device): issuing again for the same pair replaces the token and counts a renewal.
 * Issuing checks the loan, the device and the entitlement (the same rules as opening the book) and is
 * recorded in the audit log. The content key only ever leaves the server wrapped to a device key.
 */
import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { accessValidUntil, effectiveTier, isOfflineAllowed } from '@shared/entitlement';
import {
  LICENSE_AUDIENCE,
  LICENSE_ISSUER,
  type TLicenseClaims,
  type TLicenseGrant,
  type TLicenseKind,
  type TLicensePolicy,
  type TLicenseStatus,
  type TLicenseStatusList,
} from '@shared/reader';
import type { TRsaOaepPublicJwk } from '@shared/reader.schemas';
import { immediateTransaction, type Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { licenses, loans } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { devicePublicJwk, findActiveDevice } from '../devices/devices.service';
import { openLoan } from '../loans/loans.service';
import { copyLimit, copyRules } from '../reader/copy-budget.service';
import { ensureBookContent, getContentKey } from '../reader/content-source';
import { readerConfig } from '../reader/reader-config';
import { loadUser, syncEntitlements } from '../selections/entitlement-state';
import { signLicense } from './license-token';
import { licenseKeyring } from './signing-keys';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** nbf is set this far before iat so a device whose clock runs a little behind can use a fresh licence. */
const NOT_BEFORE_SKEW_SECONDS = 60;

export const OFFLINE_NOT_IN_PLAN = 'Offline reading is part of the Basic and Premium plans.';
export const DEVICE_NOT_OFFLINE = 'Register this device for offline reading before downloading books to it.';

const statements = perConnection((db) => ({
  loanOfUser: db
    .select()
    .from(loans)
    .where(and(eq(loans.id, sql.placeholder('loanId')), eq(loans.userId, sql.placeholder('userId'))))
    .prepare(),
  licenseForLoanDevice: db
    .select({ id: licenses.id, renewalCount: licenses.renewalCount })
    .from(licenses)
    .where(and(eq(licenses.loanId, sql.placeholder('loanId')), eq(licenses.deviceId, sql.placeholder('deviceId'))))
    .prepare(),
}));

/** RSA-OAEP with SHA-256 (WebCrypto's RSA-OAEP-256), the only wrapping the browser's unwrapKey accepts. */
export function wrapContentKeyForDevice(publicJwk: TRsaOaepPublicJwk, contentKey: Uint8Array): string {
  const key = createPublicKey({ key: publicJwk, format: 'jwk' });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, contentKey).toString('base64url');
}

/**
 * When a licence issued `now` ends: online licences after ONLINE_LICENSE_MINUTES, offline ones after
 * offline_max_days; both never past the loan's end or the end of the paid (or trial) period. An end
 * already in the past while the rules still allow reading (a renewal not yet recorded) is ignored.
 */
export function licenseExpiry(options: { kind: TLicenseKind; now: number; onlineMinutes: number; offlineMaxDays: number; loanEnd: number | null; accessEnd: number | null }): number {
  const { kind, now } = options;
  const own = kind === 'online' ? now + options.onlineMinutes * MINUTE_MS : now + options.offlineMaxDays * DAY_MS;
  const bounds = [options.loanEnd, options.accessEnd].filter((end): end is number => end !== null && end > now);
  return Math.min(own, ...bounds);
}

function watermarkName(user: { firstName: string | null; lastName: string | null; username: string | null; email: string }): string {
  const full = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ').trim();
  return full || user.username || user.email;
}

export interface TIssueLicenseOptions {
  deps: AppDeps;
  userId: string;
  loanId: string;
  deviceId: string;
  kind: TLicenseKind;
  meta?: TRequestMeta;
  sessionId?: string | null;
}

/**
 * Issues (or re-issues) the licence for a loan on a device. 404 for a loan or device that is not the
 * reader's own and active; 402 when the rules no longer allow the book (or offline reading); 403 for
 * an offline licence on a device not registered for offline reading.
 */
export async function issueLicense(options: TIssueLicenseOptions): Promise<TLicenseGrant> {
  const { deps, userId, loanId, deviceId, kind } = options;
  const { db, env } = deps;
  const now = deps.now();

  const loan = statements(db).loanOfUser.get({ loanId, userId });
  if (!loan || loan.status !== 'active') throw notFound('Loan');
  const device = findActiveDevice({ db, userId, deviceId });
  // The same rules as opening the book; a lapsed plan revokes the loan and answers 402 here.
  const opened = openLoan({ db, userId, bookRef: loan.bookId, now });
  if (opened.loan.id !== loan.id) throw notFound('Loan');

  const user = loadUser(db, userId);
  if (kind === 'offline') {
    if (!isOfflineAllowed(effectiveTier(user, now))) throw new AppError('offline_not_allowed', 402, OFFLINE_NOT_IN_PLAN);
    if (device.offlineRegisteredAt === null) throw new AppError('device_not_offline', 403, DEVICE_NOT_OFFLINE);
  }

  const asset = await ensureBookContent({ deps, bookId: loan.bookId });
  const contentKey = await getContentKey({ deps, bookId: loan.bookId, version: asset.version });
  const keyWrapped = wrapContentKeyForDevice(devicePublicJwk(device), contentKey);
  contentKey.fill(0);

  const config = readerConfig(db);
  const expiresAt = licenseExpiry({
    kind,
    now: now.getTime(),
    onlineMinutes: env.ONLINE_LICENSE_MINUTES,
    offlineMaxDays: config.offlineMaxDays,
    loanEnd: loan.expiresAt?.getTime() ?? null,
    accessEnd: accessValidUntil(user),
  });
  const policy: TLicensePolicy = {
    watermark: { name: watermarkName(user), email: user.email, loanId: loan.id },
    copyLimitChars: copyLimit(asset.totalCharacters, copyRules(db)),
    print: false,
  };
  const existing = statements(db).licenseForLoanDevice.get({ loanId, deviceId });
  const iat = Math.floor(now.getTime() / 1000);
  const claimsFor = (licenseId: string, renewalCount: number): TLicenseClaims => ({
    jti: licenseId,
    iss: LICENSE_ISSUER,
    aud: LICENSE_AUDIENCE,
    sub: userId,
    loanId: loan.id,
    bookId: loan.bookId,
    bookVersion: asset.version,
    deviceId: device.id,
    deviceKeyThumbprint: device.keyThumbprint,
    keyWrapped,
    kind,
    policy,
    iat,
    nbf: iat - NOT_BEFORE_SKEW_SECONDS,
    exp: Math.floor(expiresAt / 1000),
    serverTime: now.getTime(),
    renewalCount,
    statusUrl: `${env.publicUrl}/api/licenses/status`,
  });

  const keyring = await licenseKeyring(env);
  let claims = claimsFor(existing?.id ?? crypto.randomUUID(), existing ? existing.renewalCount + 1 : 0);
  let token = await signLicense(keyring, claims);
  const values = {
    kind,
    bookVersion: asset.version,
    keyWrapped,
    offlineExpiresAt: new Date(claims.exp * 1000),
    policy,
    signature: token,
    serverTime: now,
    revoked: false,
    revokedAt: null,
  };
  const stored = immediateTransaction(db, () =>
    db
      .insert(licenses)
      .values({ id: claims.jti, loanId: loan.id, deviceId: device.id, userId, bookId: loan.bookId, renewalCount: claims.renewalCount, ...values })
      .onConflictDoUpdate({
        target: [licenses.loanId, licenses.deviceId],
        set: { ...values, renewalCount: sql`${licenses.renewalCount} + 1`, lastRenewedAt: now, updatedAt: now },
      })
      .returning({ id: licenses.id, renewalCount: licenses.renewalCount })
      .get(),
  );
  if (stored.id !== claims.jti || stored.renewalCount !== claims.renewalCount) {
    // Another request issued for the same loan and device in between: sign again with the stored identity.
    claims = claimsFor(stored.id, stored.renewalCount);
    token = await signLicense(keyring, claims);
    db.update(licenses).set({ signature: token }).where(eq(licenses.id, stored.id)).run();
  }
  const expiresAtIso = new Date(claims.exp * 1000).toISOString();
  recordAudit(deps, {
    action: 'license.issued',
    resource: 'license',
    resourceId: stored.id,
    userId,
    details: { loanId: loan.id, bookId: loan.bookId, bookVersion: asset.version, deviceId: device.id, kind, expiresAt: expiresAtIso, renewalCount: stored.renewalCount },
    ipAddress: options.meta?.ipAddress ?? null,
    userAgent: options.meta?.userAgent ?? null,
    sessionId: options.sessionId ?? null,
  });
  return { licenseId: stored.id, license: token, expiresAt: expiresAtIso, serverTime: now.toISOString() };
}

/**
 * The state of the reader's licences: revoked (licence or loan revoked, or the rules no longer allow
 * the book), returned (loan handed back), expired, or active. Ids that are not this reader's licences
 * are answered as revoked, so the answer never tells whether someone else's licence exists.
 */
export function licenseStatuses(options: { db: Db; userId: string; ids: readonly string[]; now: Date }): TLicenseStatusList {
  const { db, userId, now } = options;
  const ids = [...new Set(options.ids)];
  const rows = db
    .select({ id: licenses.id, revoked: licenses.revoked, expiresAt: licenses.offlineExpiresAt, loanId: licenses.loanId, loanStatus: loans.status })
    .from(licenses)
    .innerJoin(loans, eq(loans.id, licenses.loanId))
    .where(and(eq(licenses.userId, userId), inArray(licenses.id, ids)))
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const lapsedLoans = new Set(syncEntitlements({ db, userId, now, write: false }).sync.revokeLoans.map((loan) => loan.id));
  const statusOf = (id: string): TLicenseStatus => {
    const row = byId.get(id);
    if (!row || row.revoked || row.loanStatus === 'revoked' || lapsedLoans.has(row.loanId)) return 'revoked';
    if (row.loanStatus === 'returned') return 'returned';
    if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
    return 'active';
  };
  return { items: ids.map((id) => ({ id, status: statusOf(id) })), serverTime: now.toISOString() };
}
