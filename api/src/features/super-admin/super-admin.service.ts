/**
 * The super admin's screen (docs/product/operations.md#super-admin). Staff roles go through the users feature's role
 * rules (never your own role, never the last super admin; audited as role.change). Emergency login and key status are
 * read from the configuration and the database: account, limits, recent attempts, key ids and counts, never passwords,
 * hashes or key material. Backups use SQLite's online backup API into DATA_DIR/backups (db/backups.ts), one at a time.
 */
import path from 'node:path';
import { count, desc, eq, inArray, like } from 'drizzle-orm';
import {
  SUPER_ADMIN_MESSAGES,
  type TEmergencyLoginStatus,
  type TKeyStatus,
  type TRoleGrant,
  type TStaffMember,
  type TSuperAdminOverview,
} from '@shared/super-admin';
import { backupDatabase, defaultBackupPath, listBackups, type TBackupFile } from '../../db/backups';
import { auditLogs, bookContentKeys, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { type TActor, updateUser, userSessions } from '../admin-users/admin-users.service';
import { recordAudit } from '../audit/audit.service';
import { AUTH_RATE_LIMITS } from '../auth/auth.limits';
import { contentKeyring } from '../content-access/content-crypto';
import { licenseKeyring } from '../licenses/signing-keys';

const STAFF_ROLES = ['moderator', 'admin', 'super_admin'] as const;
const HOUR_MS = 60 * 60 * 1000;

function listStaff(db: AppDeps['db'], now: Date): TStaffMember[] {
  return db
    .select()
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(desc(users.role), users.email)
    .all()
    .map((user) => ({
      id: user.id,
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
      role: user.role,
      isActive: user.isActive,
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      sessions: userSessions(db, user.id, now).map(({ sid: _sid, ...session }) => session),
    }));
}

function emergencyLoginStatus(deps: Pick<AppDeps, 'db' | 'env'>): TEmergencyLoginStatus {
  const { db, env } = deps;
  const config = env.emergencyLogin;
  const account = config ? db.select().from(users).where(eq(users.email, config.email)).get() : undefined;
  const perHour = (rule: { limit: number; windowMs: number }) => Math.round((rule.limit * HOUR_MS) / rule.windowMs);
  return {
    mode: !config ? 'off' : config.demo ? 'demo' : 'configured',
    account: config?.email ?? null,
    accountReady: account?.role === 'super_admin' && account.isActive,
    limits: {
      perIpPerHour: perHour(AUTH_RATE_LIMITS.emergencyPerIp),
      globalPerHour: perHour(AUTH_RATE_LIMITS.emergencyGlobal),
    },
    recentAttempts: db
      .select({ at: auditLogs.createdAt, status: auditLogs.status, ipAddress: auditLogs.ipAddress })
      .from(auditLogs)
      .where(like(auditLogs.action, 'auth.emergency_login%'))
      .orderBy(desc(auditLogs.createdAt))
      .limit(10)
      .all()
      .map((row) => ({ at: row.at.toISOString(), status: row.status, ipAddress: row.ipAddress })),
  };
}

const retiredKekIds = (retired: string | undefined) =>
  (retired ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => entry.slice(0, Math.max(0, entry.indexOf(':'))))
    .filter(Boolean);

async function keyStatus(deps: Pick<AppDeps, 'db' | 'env'>): Promise<TKeyStatus> {
  const { db, env } = deps;
  const ephemeral = env.NODE_ENV === 'test';
  const signing = await licenseKeyring(env);
  const kek = contentKeyring(env);
  const wrapped = db
    .select({ kekId: bookContentKeys.encryptionKeyId, n: count() })
    .from(bookContentKeys)
    .groupBy(bookContentKeys.encryptionKeyId)
    .all();
  return {
    signing: {
      source: env.LICENSE_SIGNING_KEYS ? 'environment' : ephemeral ? 'ephemeral' : 'data-folder',
      keyIds: signing.keys.map((key) => key.kid),
      currentKeyId: signing.current.kid,
    },
    kek: {
      source: env.CONTENT_KEK ? 'environment' : ephemeral ? 'ephemeral' : 'data-folder',
      currentId: kek.current.id,
      retiredIds: retiredKekIds(env.CONTENT_KEK_RETIRED),
      wrappedKeys: wrapped.map((row) => ({
        kekId: row.kekId,
        count: row.n,
        isCurrent: row.kekId === kek.current.id,
        isKnown: kek.find(row.kekId) !== undefined,
      })),
    },
  };
}

export async function superAdminOverview(deps: Pick<AppDeps, 'db' | 'env' | 'now'>): Promise<TSuperAdminOverview> {
  const { db, env } = deps;
  return {
    staff: listStaff(db, deps.now()),
    emergencyLogin: emergencyLoginStatus(deps),
    keys: await keyStatus(deps),
    backups: { folder: path.join(env.DATA_DIR, 'backups'), items: listBackups(env.DATA_DIR) },
  };
}

/** Grants or removes a staff role by e-mail, under the users feature's role rules. */
export function assignRole(
  options: { db: AppDeps['db']; now: Date; actor: TActor; grant: TRoleGrant } & TRequestMeta,
): TStaffMember | null {
  const { db, now, grant } = options;
  const target = db.select({ id: users.id }).from(users).where(eq(users.email, grant.email)).get();
  if (!target)
    throw new AppError('not_found', 404, SUPER_ADMIN_MESSAGES.noAccount, [
      { field: 'email', message: SUPER_ADMIN_MESSAGES.noAccount },
    ]);
  updateUser({
    db,
    now,
    actor: options.actor,
    userId: target.id,
    changes: { role: grant.role },
    ipAddress: options.ipAddress,
    userAgent: options.userAgent,
  });
  return listStaff(db, now).find((member) => member.id === target.id) ?? null;
}

/** Backups in this process run one at a time; the file name (UTC time) keeps two processes apart. */
let backupInProgress = false;

export async function runBackupNow(
  options: Pick<AppDeps, 'db' | 'env' | 'now'> & { actorId: string } & TRequestMeta,
): Promise<TBackupFile> {
  // A database in memory (tests) has no file a restore could replace: nothing to back up.
  if (options.db.$client.memory) throw new AppError('backup_unavailable', 409, SUPER_ADMIN_MESSAGES.inMemory);
  if (backupInProgress) throw new AppError('backup_running', 409, SUPER_ADMIN_MESSAGES.backupRunning);
  backupInProgress = true;
  const started = options.now();
  try {
    const file = await backupDatabase(options.db, defaultBackupPath(options.env.DATA_DIR, started));
    recordAudit(options, {
      action: 'system.backup',
      resource: 'backup',
      resourceId: file.name,
      userId: options.actorId,
      details: { bytes: file.bytes, durationMs: options.now().getTime() - started.getTime() },
      ipAddress: options.ipAddress,
      userAgent: options.userAgent,
    });
    return file;
  } finally {
    backupInProgress = false;
  }
}
