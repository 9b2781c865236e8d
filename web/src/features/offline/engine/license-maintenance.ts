/**
 * Licence upkeep (docs/ARCHITECTURE.md#offline-devices-and-licences): whenever the browser is online (at start,
 * on 'online', every LICENCE_CHECK_INTERVAL_MS) the signed-in reader's stored offline licences are
 * checked with POST /api/licenses/status: revoked and returned ones lose their material at once,
 * those expiring within RENEW_WITHIN_MS (or expired) are renewed, and a device the server no longer
 * counts as registered (removed on another device, or expired for inactivity) wipes every download
 * and this browser's registration. Every server time in the answers raises the trusted clock.
 *
 * State (per start): the timer, the 'online' listener and the run in progress. A Web Lock (where
 * supported) keeps several tabs from checking at the same moment.
 */
import type { TDeviceStatus } from '@shared/devices';
import type { TLicenseStatusList } from '@shared/reader';
import { api, encodeParams, readJson } from '@web/lib/api';
import type { TStoredLicense } from '@web/storage/db';
import { readBrowserDevice } from '@web/storage/device-store';
import { deleteDownloadedBook, hasOfflineMaterial, listStoredOfflineLicenses } from '@web/storage/offline-books';
import { currentTrustedTime } from '@web/storage/trusted-time';
import { RENEW_WITHIN_MS } from './download-types';
import type { TEngineParts } from './engine-parts';
import { fetchSignedInUser } from './engine-user';
import { recordServerTimeText } from './offline-license';
import { LicenseRenewalError, renewStoredLicense, wipeThisDeviceDownloads } from './license-renewal';
import { keepServerPosition } from './position-snapshot';

export const LICENCE_CHECK_INTERVAL_MS = 30 * 60 * 1000;
/**
 * Licence ids per status request: the server's LICENSE_STATUS_MAX_IDS (shared/licenses.schemas),
 * repeated here so this chunk, loaded at every start, does not carry zod (a test keeps them equal).
 */
export const LICENCE_STATUS_BATCH = 200;

export interface TMaintenanceReport {
  /** Why nothing was checked, when nothing was. */
  skipped: 'offline' | 'nothing-stored' | null;
  checked: number;
  /** Licence ids whose books were deleted (revoked or returned). */
  removed: string[];
  renewed: string[];
  /** Licence ids whose renewal the server refused (kept until they expire) or that could not be renewed now. */
  notRenewed: string[];
  /** The device is no longer registered: every download of the user was deleted. */
  wiped: boolean;
}

function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function checkStatuses(ids: string[], deviceId: string | undefined): Promise<TLicenseStatusList> {
  const answers: TLicenseStatusList[] = [];
  for (let start = 0; start < ids.length; start += LICENCE_STATUS_BATCH) {
    const answer = await readJson<TLicenseStatusList>(
      api.licenses.status.$post({
        json: { ids: ids.slice(start, start + LICENCE_STATUS_BATCH), ...(deviceId ? { deviceId } : {}) },
      }),
    );
    await recordServerTimeText(answer.serverTime);
    await recordServerTimeText(answer.device?.serverTime);
    answers.push(answer);
  }
  return {
    items: answers.flatMap((answer) => answer.items),
    serverTime: answers[answers.length - 1].serverTime,
    device: answers.find((answer) => answer.device)?.device,
  };
}

/**
 * One round of upkeep for the signed-in user (the session decides whose licences the server reports,
 * so call it only with that user). Network failures reject; the next round tries again.
 */
export async function runLicenseMaintenance(
  options: { userId: string },
  { channel, user }: TEngineParts,
): Promise<TMaintenanceReport> {
  const { userId } = options;
  const report: TMaintenanceReport = {
    skipped: null,
    checked: 0,
    removed: [],
    renewed: [],
    notRenewed: [],
    wiped: false,
  };
  if (isBrowserOffline()) return { ...report, skipped: 'offline' };
  user.remember(userId);
  const [licenses, device] = await Promise.all([listStoredOfflineLicenses(userId), readBrowserDevice(userId)]);

  if (licenses.length === 0) {
    if (!device?.offlineRegistered) return { ...report, skipped: 'nothing-stored' };
    // No books, but the registration itself may have been removed on another device.
    const status = await readJson<TDeviceStatus>(
      api.devices[':id'].status.$get({ param: encodeParams({ id: device.deviceId }) }),
    );
    await recordServerTimeText(status.serverTime);
    if (status.status !== 'registered') {
      await wipeThisDeviceDownloads(userId, channel);
      report.wiped = true;
    }
    return report;
  }

  const answer = await checkStatuses(
    licenses.map((license) => license.id),
    device?.deviceId,
  );
  report.checked = answer.items.length;
  if (answer.device && answer.device.status !== 'registered') {
    await wipeThisDeviceDownloads(userId, channel);
    return { ...report, wiped: true };
  }

  const statusOf = new Map(answer.items.map((item) => [item.id, item.status]));
  const keep: TStoredLicense[] = [];
  for (const license of licenses) {
    const status = statusOf.get(license.id);
    if (status === 'revoked' || status === 'returned') {
      await deleteDownloadedBook(userId, license.bookId, status);
      report.removed.push(license.id);
    } else if (status) {
      keep.push(license);
    }
  }
  if (report.removed.length > 0) channel.announceStoredChange();

  const now = await currentTrustedTime().catch(() => Date.now());
  for (const license of keep) {
    if (license.expiresAt - now >= RENEW_WITHIN_MS) continue;
    try {
      await renewStoredLicense(userId, license, channel);
      report.renewed.push(license.id);
    } catch (error) {
      if (error instanceof LicenseRenewalError && error.outcome === 'wiped') return { ...report, wiped: true };
      if (error instanceof LicenseRenewalError && error.outcome === 'removed') report.removed.push(license.id);
      else report.notRenewed.push(license.id);
    }
  }
  // Each contact also brings this device the reader's latest position in every downloaded book (a
  // renewal has just done so), for the next offline open.
  const renewed = new Set(report.renewed);
  await Promise.all(
    keep.filter((license) => !renewed.has(license.id)).map((license) => keepServerPosition(userId, license.bookId)),
  );
  return report;
}

async function withMaintenanceLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return fn();
  await locks.request('wb-licence-maintenance', { ifAvailable: true }, async (lock) => {
    if (lock) await fn();
  });
}

/**
 * Runs upkeep now, on every 'online' event and every LICENCE_CHECK_INTERVAL_MS, for the user the
 * server says is signed in (`signedInUserId`, by default GET /api/auth/user; the app passes its
 * current-user query so no extra request is made). Nothing is asked of the server while this browser
 * holds no licence and no registration. Returns the function that stops it.
 */
export function startLicenseMaintenance(
  parts: TEngineParts,
  options: { signedInUserId?: () => Promise<string | null>; intervalMs?: number } = {},
): () => void {
  let running: Promise<void> | null = null;
  const signedInUserId = options.signedInUserId ?? (async () => (await fetchSignedInUser())?.id ?? null);
  const run = () => {
    if (running || isBrowserOffline()) return;
    running = withMaintenanceLock(async () => {
      if (!(await hasOfflineMaterial())) return;
      const userId = await signedInUserId();
      if (userId) await runLicenseMaintenance({ userId }, parts);
    })
      // A failed round (network, server) changes nothing stored; the next one tries again.
      .catch(() => undefined)
      .finally(() => {
        running = null;
      });
  };
  window.addEventListener('online', run);
  const timer = window.setInterval(run, options.intervalMs ?? LICENCE_CHECK_INTERVAL_MS);
  run();
  return () => {
    window.removeEventListener('online', run);
    window.clearInterval(timer);
  };
}
