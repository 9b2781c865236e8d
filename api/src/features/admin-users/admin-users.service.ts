/**
 * The back office's users (docs/product/back-office.md#users): the searchable list (FTS5 trigram index `users_fts` for
 * three characters or more, prefix match below), a user's page, edits with the role rules, password changes, reset
 * e-mails, sessions and bulk updates. Every change is one BEGIN IMMEDIATE transaction with its audit row.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, is, or, Placeholder, sql, type SQL } from 'drizzle-orm';
import type { TAdminPage } from '@shared/admin-list';
import type { TAdminBulkResult, TAdminUserDetail, TAdminUserRow, TAdminUserSession } from '@shared/admin-users';
import type { TAdminBulkUpdate, TAdminUserUpdate, TAdminUsersQuery } from '@shared/admin-users.schemas';
import { hasPermission } from '@shared/permissions';
import type { TRole } from '@shared/tiers';
import { immediateTransaction, type Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import {
  auditLogs,
  billingSubscriptions,
  books,
  devices,
  invoices,
  licenses,
  loans,
  loginLockouts,
  sessions,
  userSelectedBooks,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import { hashPassword } from '../../lib/password';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { requestPasswordReset } from '../auth/auth.service';
import type { TMailDeps } from '../auth/auth-emails';
import { deleteUserSessions, SESSION_IDLE_MS } from '../auth/session.service';
import { revokeLicensesOfUser } from '../license-revocation/license-revocation';
import { syncEntitlements } from '../selections/entitlement-state';

/** Texts of the rules below (docs/product/back-office.md#users). */
export const ADMIN_USER_RULES = {
  ownRole: 'You cannot change your own role',
  ownDeactivation: 'You cannot deactivate your own account',
  superAdminOnly: 'Only a super admin can grant or remove the admin and super admin roles',
  superAdminOnlyDeactivate: 'Only a super admin can deactivate an admin or super admin',
  lastSuperAdmin: 'The last super admin cannot be demoted or deactivated',
  emailInUse: 'This email address is already in use',
  userNotFound: 'User not found',
  sessionNotFound: 'Session not found',
} as const;

const ADMIN_ROLES: readonly TRole[] = ['admin', 'super_admin'];
/** Trigram search needs three characters; shorter text matches the start of a name, e-mail or username. */
const TRIGRAM_MIN = 3;

type TUserRowDb = typeof users.$inferSelect;
export interface TActor {
  id: string;
  role: TRole;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

const ROW_COLUMNS = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  subscriptionTier: users.subscriptionTier,
  subscriptionStatus: users.subscriptionStatus,
  isActive: users.isActive,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

function toRow(row: Pick<TUserRowDb, keyof typeof ROW_COLUMNS>): TAdminUserRow {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    subscriptionTier: row.subscriptionTier,
    subscriptionStatus: row.subscriptionStatus,
    isActive: row.isActive,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

/** An FTS5 phrase: the text in double quotes with its quotes doubled, so nothing in it is query syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

type TUserListFilters = Omit<TAdminUsersQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

/**
 * The WHERE of the list and its export, with a named placeholder for each filter that is set: the SQL depends only on
 * which filters are set (the query's shape), so it is prepared once per shape and the values bound per call.
 */
function userFilterShape(query: TUserListFilters): SQL | undefined {
  const parts: SQL[] = [];
  const text = query.q?.trim();
  if (text) {
    if (text.length >= TRIGRAM_MIN) {
      parts.push(sql`${users.id} in (select user_id from users_fts where users_fts match ${sql.placeholder('fts')})`);
    } else {
      const prefix = sql.placeholder('prefix');
      parts.push(
        sql`(${users.email} like ${prefix} escape '\\' or ${users.username} like ${prefix} escape '\\' or ${users.firstName} like ${prefix} escape '\\' or ${users.lastName} like ${prefix} escape '\\')`,
      );
    }
  }
  if (query.role) parts.push(sql`${users.role} = ${sql.placeholder('role')}`);
  if (query.tier) parts.push(sql`${users.subscriptionTier} = ${sql.placeholder('tier')}`);
  if (query.status) parts.push(sql`${users.subscriptionStatus} = ${sql.placeholder('status')}`);
  if (query.active !== undefined) parts.push(sql`${users.isActive} = ${sql.placeholder('active')}`);
  if (query.verified !== undefined) parts.push(sql`${users.emailVerified} = ${sql.placeholder('verified')}`);
  if (query.signedUpFrom !== undefined) parts.push(sql`${users.createdAt} >= ${sql.placeholder('signedUpFrom')}`);
  if (query.signedUpTo !== undefined) parts.push(sql`${users.createdAt} < ${sql.placeholder('signedUpBefore')}`);
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The values bound to userFilterShape's placeholders, as SQLite stores them (flags 0/1, times in ms). */
function userFilterValues(query: TUserListFilters): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  const text = query.q?.trim();
  if (text) {
    if (text.length >= TRIGRAM_MIN) values.fts = ftsPhrase(text);
    else values.prefix = `${escapeLike(text)}%`;
  }
  if (query.role) values.role = query.role;
  if (query.tier) values.tier = query.tier;
  if (query.status) values.status = query.status;
  if (query.active !== undefined) values.active = query.active ? 1 : 0;
  if (query.verified !== undefined) values.verified = query.verified ? 1 : 0;
  if (query.signedUpFrom !== undefined) values.signedUpFrom = query.signedUpFrom;
  // A date without a time means the whole of that day.
  if (query.signedUpTo !== undefined) values.signedUpBefore = query.signedUpTo + 86_400_000;
  return values;
}

function userOrder(query: Pick<TAdminUsersQuery, 'sort' | 'order'>): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const tieBreak = direction(users.id);
  switch (query.sort) {
    case 'email':
      return [direction(users.email)];
    case 'name':
      return [
        direction(sql`${users.lastName} collate nocase`),
        direction(sql`${users.firstName} collate nocase`),
        tieBreak,
      ];
    case 'lastLoginAt':
      return [direction(users.lastLoginAt), tieBreak];
    case 'role':
      return [direction(users.role), direction(users.createdAt), tieBreak];
    case 'tier':
      return [direction(users.subscriptionTier), direction(users.createdAt), tieBreak];
    default:
      return [direction(users.createdAt), tieBreak];
  }
}

/** ROW_COLUMNS as SQLite answers them in raw (array) mode, in ROW_COLUMNS' order. */
type TRawUserRow = [
  id: string,
  email: string,
  username: string | null,
  firstName: string | null,
  lastName: string | null,
  role: TAdminUserRow['role'],
  tier: TAdminUserRow['subscriptionTier'],
  status: TAdminUserRow['subscriptionStatus'],
  isActive: number,
  emailVerified: number,
  createdAt: number,
  lastLoginAt: number | null,
];

/** One statement with drizzle's parameter list: fixed values stay, placeholders are filled by name per call. */
interface TShapedStatement {
  statement: ReturnType<typeof prepareRaw>;
  params: readonly unknown[];
}

const prepareRaw = (db: Db, text: string) => db.$client.prepare<unknown[]>(text);

function prepareShaped(db: Db, query: { toSQL(): { sql: string; params: unknown[] } }): TShapedStatement {
  const { sql: text, params } = query.toSQL();
  return { statement: prepareRaw(db, text), params };
}

function bind(shaped: TShapedStatement, values: Record<string, unknown>): unknown[] {
  return shaped.params.map((param) => (is(param, Placeholder) ? values[param.name] : param));
}

/**
 * The users list runs on every keystroke of the search box at 100,000 users, so building and preparing its two
 * statements per request would cost more than running them (bench/admin.bench.ts): each shape (filters set, sort,
 * order) is built by drizzle and prepared once per connection, and only the values change between calls.
 */
const userListStatements = perConnection(() => new Map<string, { count: TShapedStatement; page: TShapedStatement }>());

function userListStatementsFor(db: Db, query: Omit<TAdminUsersQuery, 'page' | 'pageSize'>) {
  const values = userFilterValues(query);
  const key = `${Object.keys(values).join(',')}|${query.sort}|${query.order}`;
  const cache = userListStatements(db);
  let prepared = cache.get(key);
  if (!prepared) {
    const where = userFilterShape(query);
    prepared = {
      count: prepareShaped(db, db.select({ n: count() }).from(users).where(where)),
      page: prepareShaped(
        db,
        db
          .select(ROW_COLUMNS)
          .from(users)
          .where(where)
          .orderBy(...userOrder(query))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ),
    };
    // drizzle names no columns: the page is read as arrays in ROW_COLUMNS' order, the count as its one value.
    prepared.page.statement.raw(true);
    prepared.count.statement.pluck(true);
    cache.set(key, prepared);
  }
  return { ...prepared, values };
}

function rawToRow(row: TRawUserRow): TAdminUserRow {
  return {
    id: row[0],
    email: row[1],
    username: row[2],
    firstName: row[3],
    lastName: row[4],
    role: row[5],
    subscriptionTier: row[6],
    subscriptionStatus: row[7],
    isActive: row[8] === 1,
    emailVerified: row[9] === 1,
    createdAt: new Date(row[10]).toISOString(),
    lastLoginAt: row[11] === null ? null : new Date(row[11]).toISOString(),
  };
}

function selectUserRows(
  db: Db,
  query: Omit<TAdminUsersQuery, 'page' | 'pageSize'>,
  window: { limit: number; offset: number },
) {
  const { page, count: countStatement, values } = userListStatementsFor(db, query);
  const rows = page.statement.all(...bind(page, { ...values, ...window })) as TRawUserRow[];
  return { items: rows.map(rawToRow), countStatement, values };
}

export function listUsers(options: { db: Db; query: TAdminUsersQuery }): TAdminPage<TAdminUserRow> {
  const { db, query } = options;
  const offset = (query.page - 1) * query.pageSize;
  const { items, countStatement, values } = selectUserRows(db, query, { limit: query.pageSize, offset });
  // A page that is not full is the last one, so it gives the total without counting (unless it is past the end).
  const total =
    items.length < query.pageSize && (items.length > 0 || offset === 0)
      ? offset + items.length
      : (countStatement.statement.get(...bind(countStatement, values)) as number);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export const USER_CSV_HEADER = [
  'id',
  'email',
  'username',
  'first_name',
  'last_name',
  'role',
  'tier',
  'status',
  'active',
  'verified',
  'signed_up',
  'last_login',
] as const;

/** The filtered list as CSV, in the list's order (docs/product/back-office.md#lists). */
export function exportUsersCsv(options: { db: Db; query: TAdminUsersQuery; limit: number }): string {
  const { items } = selectUserRows(options.db, options.query, { limit: options.limit, offset: 0 });
  return toCsv(
    USER_CSV_HEADER,
    items.map((row) => [
      row.id,
      row.email,
      row.username,
      row.firstName,
      row.lastName,
      row.role,
      row.subscriptionTier,
      row.subscriptionStatus,
      row.isActive,
      row.emailVerified,
      row.createdAt,
      row.lastLoginAt,
    ]),
  );
}

/** A handle for one session that reveals neither the token nor its stored hash. */
function sessionHandle(sid: string): string {
  return createHash('sha256').update(`admin-session:${sid}`).digest('base64url').slice(0, 22);
}

/** The user's live sessions, newest expiry first, each with its handle (never the token or its stored hash). */
export function userSessions(db: Db, userId: string, now: Date): (TAdminUserSession & { sid: string })[] {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, now)))
    .orderBy(desc(sessions.expire))
    .all()
    .map((row) => ({
      sid: row.sid,
      id: sessionHandle(row.sid),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
      // The idle expiry slides to (last use + idle time), at most hourly: last seen to within the hour.
      lastSeenAt: new Date(row.expire.getTime() - SESSION_IDLE_MS).toISOString(),
      expiresAt: row.expire.toISOString(),
    }));
}

function findUser(db: Db, id: string): TUserRowDb {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw new AppError('not_found', 404, ADMIN_USER_RULES.userNotFound);
  return user;
}

export function getUserDetail(options: { db: Db; userId: string; now: Date }): TAdminUserDetail {
  const { db, userId, now } = options;
  const user = findUser(db, userId);
  const subscription = db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).get();
  const licenseCounts = new Map(
    db
      .select({ deviceId: licenses.deviceId, n: count() })
      .from(licenses)
      .where(and(eq(licenses.userId, userId), eq(licenses.revoked, false)))
      .groupBy(licenses.deviceId)
      .all()
      .map((row) => [row.deviceId, row.n]),
  );
  const isLocked =
    db
      .select({ id: loginLockouts.id })
      .from(loginLockouts)
      .where(and(eq(loginLockouts.userId, userId), gt(loginLockouts.lockedUntil, now)))
      .limit(1)
      .get() !== undefined;
  return {
    ...toRow(user),
    phoneNumber: user.phoneNumber,
    countryCode: user.countryCode,
    trialEndsAt: iso(user.trialEndsAt),
    subscriptionCurrentPeriodEnd: iso(user.subscriptionCurrentPeriodEnd),
    selectionsLockedUntil: iso(user.selectionsLockedUntil),
    subscription: subscription
      ? {
          provider: subscription.provider,
          tier: subscription.tier,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          cardBrand: subscription.cardBrand,
          cardLast4: subscription.cardLast4,
        }
      : null,
    invoices: db
      .select()
      .from(invoices)
      .where(eq(invoices.userId, userId))
      .orderBy(desc(invoices.issuedAt))
      .limit(24)
      .all()
      .map((row) => ({
        id: row.id,
        number: row.number,
        tier: row.tier,
        description: row.description,
        amountDue: row.amountDue,
        amountPaid: row.amountPaid,
        currency: row.currency,
        status: row.status,
        issuedAt: row.issuedAt.toISOString(),
      })),
    selections: db
      .select({ selection: userSelectedBooks, title: books.title })
      .from(userSelectedBooks)
      .innerJoin(books, eq(books.id, userSelectedBooks.bookId))
      .where(and(eq(userSelectedBooks.userId, userId), eq(userSelectedBooks.isActive, true)))
      .orderBy(desc(userSelectedBooks.selectedAt))
      .all()
      .map(({ selection, title }) => ({
        id: selection.id,
        bookId: selection.bookId,
        title,
        selectedAt: selection.selectedAt.toISOString(),
        lockedUntil: iso(selection.lockedUntil),
      })),
    loans: db
      .select({ loan: loans, title: books.title })
      .from(loans)
      .innerJoin(books, eq(books.id, loans.bookId))
      .where(eq(loans.userId, userId))
      .orderBy(desc(loans.startedAt))
      .limit(50)
      .all()
      .map(({ loan, title }) => ({
        id: loan.id,
        bookId: loan.bookId,
        title,
        status: loan.status,
        loanType: loan.loanType,
        startedAt: loan.startedAt.toISOString(),
        revokedAt: iso(loan.revokedAt),
        revokeReason: loan.revokeReason,
      })),
    devices: db
      .select()
      .from(devices)
      .where(eq(devices.userId, userId))
      .orderBy(desc(devices.lastActiveAt))
      .all()
      .map((device) => ({
        id: device.id,
        name: device.name,
        userAgent: device.userAgent,
        isActive: device.isActive,
        offlineRegisteredAt: iso(device.offlineRegisteredAt),
        lastActiveAt: iso(device.lastActiveAt),
        activeLicenses: licenseCounts.get(device.id) ?? 0,
      })),
    sessions: userSessions(db, userId, now).map(({ sid: _sid, ...session }) => session),
    audit: db
      .select()
      .from(auditLogs)
      .where(or(eq(auditLogs.userId, userId), and(eq(auditLogs.resource, 'user'), eq(auditLogs.resourceId, userId))))
      .orderBy(desc(auditLogs.createdAt))
      .limit(50)
      .all()
      .map((entry) => ({
        id: entry.id,
        action: entry.action,
        severity: entry.severity,
        status: entry.status,
        createdAt: entry.createdAt.toISOString(),
        actorId: entry.userId,
      })),
    isLocked,
  };
}

type TUserChanges = Omit<TAdminUserUpdate, never>;

function activeSuperAdminCount(db: Db): number {
  return (
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'super_admin'), eq(users.isActive, true)))
      .get()?.n ?? 0
  );
}

/**
 * The role rules (docs/product/back-office.md#users), checked for one target: null when the change is allowed,
 * otherwise the refusal with its status.
 */
function refusalFor(db: Db, actor: TActor, target: TUserRowDb, changes: TUserChanges): AppError | null {
  const roleChanges = changes.role !== undefined && changes.role !== target.role;
  const deactivates = changes.isActive === false && target.isActive;
  if (roleChanges && target.id === actor.id) return new AppError('own_role', 403, ADMIN_USER_RULES.ownRole);
  if (deactivates && target.id === actor.id) {
    return new AppError('own_account', 403, ADMIN_USER_RULES.ownDeactivation);
  }
  const canAssign = hasPermission(actor.role, 'roles:assign');
  if (roleChanges && !canAssign && (ADMIN_ROLES.includes(target.role) || ADMIN_ROLES.includes(changes.role as TRole))) {
    return new AppError('roles_assign_required', 403, ADMIN_USER_RULES.superAdminOnly);
  }
  if (deactivates && !canAssign && ADMIN_ROLES.includes(target.role)) {
    return new AppError('roles_assign_required', 403, ADMIN_USER_RULES.superAdminOnlyDeactivate);
  }
  const demotesSuperAdmin = target.role === 'super_admin' && target.isActive && (roleChanges || deactivates);
  if (demotesSuperAdmin && activeSuperAdminCount(db) <= 1) {
    return new AppError('last_super_admin', 409, ADMIN_USER_RULES.lastSuperAdmin);
  }
  return null;
}

/** Writes the change of one user (inside the caller's transaction); returns what changed, field by field. */
function applyUserChanges(
  deps: { db: Db; now: Date },
  actor: TActor,
  target: TUserRowDb,
  changes: TUserChanges,
  meta: TRequestMeta,
  via: 'edit' | 'bulk',
): Record<string, { from: unknown; to: unknown }> {
  const { db, now } = deps;
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(changes) as [keyof TUserChanges, unknown][]) {
    if (value !== undefined && target[field] !== value) diff[field] = { from: target[field], to: value };
  }
  if (Object.keys(diff).length === 0) return diff;
  if (changes.email !== undefined && diff.email) {
    const taken = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, changes.email), sql`${users.id} <> ${target.id}`))
      .get();
    if (taken) {
      throw new AppError('email_in_use', 409, ADMIN_USER_RULES.emailInUse, [
        { field: 'email', message: ADMIN_USER_RULES.emailInUse },
      ]);
    }
  }
  const set = Object.fromEntries(Object.entries(diff).map(([field, change]) => [field, change.to]));
  db.update(users)
    .set({ ...set, updatedAt: now })
    .where(eq(users.id, target.id))
    .run();

  let sessionsEnded = false;
  let licensesRevoked = 0;
  if (diff.isActive && changes.isActive === false) {
    // A deactivated account can do nothing: no session, no readable licence (docs/product/back-office.md#users).
    deleteUserSessions({ db, userId: target.id });
    licensesRevoked = revokeLicensesOfUser(db, target.id, now);
    sessionsEnded = true;
  }
  if (diff.subscriptionTier || diff.subscriptionStatus) {
    // Apply the plan rules now (picks, cycles, loans the new plan no longer allows), not at the next open.
    syncEntitlements({ db, userId: target.id, now, write: true });
  }
  const base = {
    resource: 'user',
    resourceId: target.id,
    userId: actor.id,
    ipAddress: meta.ipAddress,
    userAgent: meta.userAgent,
  };
  recordAudit(
    { db, now: () => now },
    {
      ...base,
      action: via === 'bulk' ? 'admin.user.bulk_update' : 'admin.user.update',
      severity: diff.isActive || diff.role ? 'warning' : 'info',
      details: { changes: diff, sessionsEnded, licensesRevoked },
    },
  );
  if (diff.role) {
    recordAudit(
      { db, now: () => now },
      { ...base, action: 'role.change', severity: 'warning', details: { from: diff.role.from, to: diff.role.to } },
    );
  }
  return diff;
}

export function updateUser(
  options: { db: Db; now: Date; actor: TActor; userId: string; changes: TAdminUserUpdate } & TRequestMeta,
): TAdminUserRow {
  const { db, now, actor } = options;
  return immediateTransaction(db, () => {
    const target = findUser(db, options.userId);
    const refusal = refusalFor(db, actor, target, options.changes);
    if (refusal) throw refusal;
    applyUserChanges({ db, now }, actor, target, options.changes, options, 'edit');
    return toRow(findUser(db, target.id));
  });
}

export function bulkUpdateUsers(
  options: { db: Db; now: Date; actor: TActor; request: TAdminBulkUpdate } & TRequestMeta,
): TAdminBulkResult {
  const { db, now, actor, request } = options;
  const ids = [...new Set(request.userIds)];
  return immediateTransaction(db, () => {
    const found = new Map(
      db
        .select()
        .from(users)
        .where(inArray(users.id, ids))
        .all()
        .map((user) => [user.id, user]),
    );
    const skipped: TAdminBulkResult['skipped'] = [];
    let updated = 0;
    for (const id of ids) {
      const target = found.get(id);
      if (!target) {
        skipped.push({ id, reason: ADMIN_USER_RULES.userNotFound });
        continue;
      }
      // Each user is checked as it stands after the ones before it (two super admins demoted together).
      const refusal = refusalFor(db, actor, findUser(db, id), request.changes);
      if (refusal) {
        skipped.push({ id, reason: refusal.message });
        continue;
      }
      const diff = applyUserChanges({ db, now }, actor, findUser(db, id), request.changes, options, 'bulk');
      if (Object.keys(diff).length > 0) updated += 1;
    }
    return { updated, skipped };
  });
}

/** Sets a new password chosen by the admin; every session of the account ends. Optionally e-mails a reset link too. */
export async function changeUserPassword(
  options: TMailDeps & TRequestMeta & { actor: TActor; userId: string; newPassword: string; sendResetEmail: boolean },
): Promise<{ success: true; message: string }> {
  const { db } = options;
  const target = findUser(db, options.userId);
  const passwordHash = await hashPassword(options.newPassword);
  const at = options.now();
  immediateTransaction(db, () => {
    db.update(users)
      .set({ passwordHash, passwordResetToken: null, passwordResetExpires: null, updatedAt: at })
      .where(eq(users.id, target.id))
      .run();
    deleteUserSessions({ db, userId: target.id });
    recordAudit(
      { db, now: options.now },
      {
        action: 'admin.user.password_changed',
        resource: 'user',
        resourceId: target.id,
        userId: options.actor.id,
        severity: 'warning',
        details: { sessionsEnded: true, sendResetEmail: options.sendResetEmail },
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      },
    );
  });
  if (options.sendResetEmail) requestPasswordReset({ ...options, email: target.email });
  return {
    success: true,
    message: options.sendResetEmail
      ? 'Password changed. Every session of this account was ended and a reset e-mail was sent.'
      : 'Password changed. Every session of this account was ended.',
  };
}

/** E-mails the user a password reset link (the link is never shown to the admin). */
export function sendUserResetEmail(options: TMailDeps & TRequestMeta & { actor: TActor; userId: string }): {
  success: true;
  message: string;
} {
  const target = findUser(options.db, options.userId);
  if (!target.isActive) {
    throw new AppError(
      'inactive_user',
      409,
      'This account is deactivated: reactivate it before sending a reset e-mail',
    );
  }
  recordAudit(
    { db: options.db, now: options.now },
    {
      action: 'admin.user.reset_email_sent',
      resource: 'user',
      resourceId: target.id,
      userId: options.actor.id,
      ipAddress: options.ipAddress,
      userAgent: options.userAgent,
    },
  );
  requestPasswordReset({ ...options, email: target.email });
  return { success: true, message: `A password reset e-mail is on its way to ${target.email}.` };
}

/** Ends one session (by its handle) or, without one, every session of the user; returns how many ended. */
export function endUserSessions(
  options: { db: Db; now: Date; actor: TActor; userId: string; sessionId?: string } & TRequestMeta,
): { ended: number } {
  const { db, now } = options;
  return immediateTransaction(db, () => {
    const target = findUser(db, options.userId);
    const current = userSessions(db, target.id, now);
    const chosen = options.sessionId ? current.filter((session) => session.id === options.sessionId) : current;
    if (options.sessionId && chosen.length === 0) throw notFound('Session');
    if (chosen.length > 0) {
      db.delete(sessions)
        .where(
          inArray(
            sessions.sid,
            chosen.map((session) => session.sid),
          ),
        )
        .run();
    }
    recordAudit(
      { db, now: () => now },
      {
        action: options.sessionId ? 'admin.user.session_ended' : 'admin.user.sessions_ended',
        resource: 'user',
        resourceId: target.id,
        userId: options.actor.id,
        severity: 'warning',
        details: { ended: chosen.length },
        ipAddress: options.ipAddress,
        userAgent: options.userAgent,
      },
    );
    return { ended: chosen.length };
  });
}
