/**
 * The checks of one health run (docs/product/operations.md#health-checks). Each looks at one thing this server needs and
 * answers healthy, degraded (works, but someone should look) or unhealthy (broken), with the figures behind the verdict.
 * No check returns key material, paths of secrets or e-mail contents: the figures are sizes, ages, counts and key ids.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, gte, isNull, lte, lt, or } from 'drizzle-orm';
import type { THealthCheckName, THealthState } from '@shared/health';
import { bookContentKeys, emailLogs, scheduledJobs } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { contentKeyring } from '../content-access/content-crypto';
import { licenseKeyring } from '../licenses/signing-keys';
import { listBackups } from '../../db/backups';

export interface THealthCheckOutcome {
  status: THealthState;
  message: string;
  meta?: Record<string, unknown>;
}

export type THealthCheckDeps = Pick<AppDeps, 'db' | 'env' | 'blobs' | 'mailer' | 'now'>;

export interface THealthCheck {
  name: THealthCheckName;
  run: (deps: THealthCheckDeps) => THealthCheckOutcome | Promise<THealthCheckOutcome>;
}

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const MINUTE_MS = 60_000;

/** Thresholds of docs/product/operations.md#health-checks. */
export const HEALTH_THRESHOLDS = {
  walDegradedBytes: 64 * MIB,
  walUnhealthyBytes: GIB,
  freeDiskDegradedBytes: GIB,
  freeDiskUnhealthyBytes: 200 * MIB,
  jobLagDegradedMinutes: 15,
  jobLagUnhealthyMinutes: 120,
  backupDegradedHours: 26,
  mailWindowMinutes: 60,
} as const;

const megabytes = (bytes: number) =>
  bytes >= GIB ? `${(bytes / GIB).toFixed(1)} GB` : `${(bytes / MIB).toFixed(1)} MB`;

function databaseIntegrity({ db }: THealthCheckDeps): THealthCheckOutcome {
  const rows = db.$client.prepare<[], string>('pragma quick_check').pluck().all();
  const ok = rows.length === 1 && rows[0] === 'ok';
  return ok
    ? { status: 'healthy', message: 'quick_check answered ok.' }
    : {
        status: 'unhealthy',
        message: `quick_check found ${rows.length} problem(s).`,
        meta: { problems: rows.slice(0, 5) },
      };
}

function freeBytes(folder: string): number {
  const stats = fs.statfsSync(folder);
  return stats.bavail * stats.bsize;
}

function databaseSize({ db, env }: THealthCheckDeps): THealthCheckOutcome {
  const pageCount = db.$client.pragma('page_count', { simple: true }) as number;
  const pageSize = db.$client.pragma('page_size', { simple: true }) as number;
  const bytes = pageCount * pageSize;
  const free = freeBytes(existingFolder(env.DATA_DIR));
  // A backup is a full copy: it must fit beside the database.
  if (free < bytes)
    return {
      status: 'degraded',
      message: `The database (${megabytes(bytes)}) is larger than the free disk space: a backup would not fit.`,
      meta: { bytes, freeBytes: free },
    };
  return { status: 'healthy', message: `${megabytes(bytes)}.`, meta: { bytes } };
}

function walSize({ env }: THealthCheckDeps): THealthCheckOutcome {
  const file = `${env.databaseFile}-wal`;
  const bytes = fs.existsSync(file) ? fs.statSync(file).size : 0;
  const meta = { bytes };
  if (bytes >= HEALTH_THRESHOLDS.walUnhealthyBytes)
    return { status: 'unhealthy', message: `${megabytes(bytes)}: checkpoints are not keeping up.`, meta };
  if (bytes >= HEALTH_THRESHOLDS.walDegradedBytes)
    return { status: 'degraded', message: `${megabytes(bytes)}: larger than usual.`, meta };
  return { status: 'healthy', message: `${megabytes(bytes)}.`, meta };
}

/** DATA_DIR, or its nearest existing parent (a fresh test folder may not exist yet). */
function existingFolder(folder: string): string {
  let current = path.resolve(folder);
  while (!fs.existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

function freeDisk({ env }: THealthCheckDeps): THealthCheckOutcome {
  const bytes = freeBytes(existingFolder(env.DATA_DIR));
  const meta = { bytes };
  if (bytes < HEALTH_THRESHOLDS.freeDiskUnhealthyBytes)
    return { status: 'unhealthy', message: `Only ${megabytes(bytes)} free for the data folder.`, meta };
  if (bytes < HEALTH_THRESHOLDS.freeDiskDegradedBytes)
    return { status: 'degraded', message: `${megabytes(bytes)} free for the data folder.`, meta };
  return { status: 'healthy', message: `${megabytes(bytes)} free.`, meta };
}

async function blobStore({ blobs }: THealthCheckDeps): Promise<THealthCheckOutcome> {
  const key = `health/probe-${randomUUID()}`;
  const written = new TextEncoder().encode(key);
  await blobs.put(key, written);
  try {
    const read = await blobs.get(key);
    const same = read !== null && Buffer.from(read).equals(Buffer.from(written));
    return same
      ? { status: 'healthy', message: 'A probe file was written, read back and deleted.' }
      : { status: 'unhealthy', message: 'A probe file read back differently from what was written.' };
  } finally {
    await blobs.delete(key);
  }
}

function mailer({ db, mailer, now }: THealthCheckDeps): THealthCheckOutcome {
  const since = new Date(now().getTime() - HEALTH_THRESHOLDS.mailWindowMinutes * MINUTE_MS);
  const tally = (status: 'sent' | 'failed') =>
    db
      .select({ n: count() })
      .from(emailLogs)
      .where(and(eq(emailLogs.status, status), gte(emailLogs.createdAt, since)))
      .get()?.n ?? 0;
  const sent = tally('sent');
  const failed = tally('failed');
  const meta = { transport: mailer.transport, sentLastHour: sent, failedLastHour: failed };
  if (failed > 0 && sent === 0)
    return { status: 'unhealthy', message: `Every message of the last hour failed (${failed}).`, meta };
  if (failed > 0)
    return { status: 'degraded', message: `${failed} of ${sent + failed} messages failed in the last hour.`, meta };
  return { status: 'healthy', message: `Transport ${mailer.transport}; no failed message in the last hour.`, meta };
}

async function signingKeys({ env }: THealthCheckDeps): Promise<THealthCheckOutcome> {
  const keyring = await licenseKeyring(env);
  return {
    status: 'healthy',
    message: `${keyring.keys.length} key(s); the newest signs.`,
    meta: { keys: keyring.keys.length, currentKid: keyring.current.kid },
  };
}

function contentKek({ db, env }: THealthCheckDeps): THealthCheckOutcome {
  const keyring = contentKeyring(env);
  const kekIds = db
    .selectDistinct({ id: bookContentKeys.encryptionKeyId })
    .from(bookContentKeys)
    .all()
    .map((row) => row.id);
  const missing = kekIds.filter((id) => !keyring.find(id));
  const onRetired = kekIds.filter((id) => id !== keyring.current.id && keyring.find(id));
  const meta = { currentKekId: keyring.current.id, missingKekIds: missing, retiredInUse: onRetired };
  if (missing.length > 0)
    return {
      status: 'unhealthy',
      message: `Book keys are wrapped by ${missing.length} KEK(s) this server does not have.`,
      meta,
    };
  if (onRetired.length > 0)
    return { status: 'degraded', message: 'Some book keys are still on a retired KEK: run npm run keys:rewrap.', meta };
  return { status: 'healthy', message: 'Present; every book key is on the current KEK.', meta };
}

function jobLag({ db, now }: THealthCheckDeps): THealthCheckOutcome {
  const at = now();
  const lagging = db
    .select({ name: scheduledJobs.name, nextRunAt: scheduledJobs.nextRunAt })
    .from(scheduledJobs)
    .where(
      and(
        lt(scheduledJobs.nextRunAt, new Date(at.getTime() - HEALTH_THRESHOLDS.jobLagDegradedMinutes * MINUTE_MS)),
        or(isNull(scheduledJobs.lockedUntil), lte(scheduledJobs.lockedUntil, at)),
      ),
    )
    .all();
  const failed = db
    .select({ name: scheduledJobs.name })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.lastStatus, 'failed'))
    .all()
    .map((row) => row.name);
  const worstLagMinutes = Math.max(0, ...lagging.map((job) => (at.getTime() - job.nextRunAt.getTime()) / MINUTE_MS));
  const meta = { lagging: lagging.map((job) => job.name), failed, worstLagMinutes: Math.round(worstLagMinutes) };
  if (worstLagMinutes >= HEALTH_THRESHOLDS.jobLagUnhealthyMinutes)
    return { status: 'unhealthy', message: `A job is ${Math.round(worstLagMinutes)} minutes late.`, meta };
  if (lagging.length > 0 || failed.length > 0)
    return {
      status: 'degraded',
      message: [
        lagging.length > 0 ? `${lagging.length} job(s) late` : '',
        failed.length > 0 ? `last run failed: ${failed.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
      meta,
    };
  return { status: 'healthy', message: 'Every job ran on time.', meta };
}

function lastBackup({ env, now }: THealthCheckDeps): THealthCheckOutcome {
  const newest = listBackups(env.DATA_DIR)[0];
  if (!newest) return { status: 'degraded', message: 'No backup yet.', meta: { backups: 0 } };
  const ageHours = (now().getTime() - new Date(newest.createdAt).getTime()) / (60 * MINUTE_MS);
  const meta = { ageHours: Math.round(ageHours * 10) / 10, bytes: newest.bytes };
  if (ageHours > HEALTH_THRESHOLDS.backupDegradedHours)
    return { status: 'degraded', message: `The newest backup is ${Math.round(ageHours)} hours old.`, meta };
  return { status: 'healthy', message: `The newest backup is ${Math.round(ageHours * 10) / 10} hours old.`, meta };
}

export const HEALTH_CHECKS: THealthCheck[] = [
  { name: 'database', run: databaseIntegrity },
  { name: 'database_size', run: databaseSize },
  { name: 'wal_size', run: walSize },
  { name: 'free_disk', run: freeDisk },
  { name: 'blob_store', run: blobStore },
  { name: 'mailer', run: mailer },
  { name: 'signing_keys', run: signingKeys },
  { name: 'content_kek', run: contentKek },
  { name: 'job_lag', run: jobLag },
  { name: 'last_backup', run: lastBackup },
];
