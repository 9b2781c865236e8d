/**
 * The signed-in reader's own account (docs/API.md: me): profile fields, password change and account
 * deletion. Writes the `users` row and the reader's `sessions`; deletion removes the account with
 * every row that cascades from it and leaves the append-only audit log in place.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { TChangePasswordRequest, TUpdateProfileRequest } from '@shared/auth.schemas';
import type { TProfile } from '@shared/profile';
import { DEFAULT_PHONE_COUNTRY } from '@shared/limits';
import { normalisePhone } from '@shared/phone';
import { MESSAGES } from '@shared/messages';
import type { AppDeps } from '../../deps';
import { immediateTransaction, type Db } from '../../db/client';
import { emailLogs, sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TRequestMeta } from '../../middleware/client-ip';
import { recordAudit } from '../audit/audit.service';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { SessionUser } from '../auth/session.service';
import { deleteAvatarBlob } from './avatar.service';
import { toProfile } from './profile-view';

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const PASSWORD_INCORRECT = 'Password is incorrect';

/** Names as typed; the phone number stored in E.164 with the country it belongs to. */
export function updateProfile(options: {
  db: Db;
  user: SessionUser;
  changes: TUpdateProfileRequest;
  now: Date;
}): TProfile {
  const { db, user, changes, now } = options;
  const next: Partial<typeof users.$inferInsert> = {};
  if (changes.firstName !== undefined) next.firstName = changes.firstName;
  if (changes.lastName !== undefined) next.lastName = changes.lastName;
  if (changes.phoneNumber !== undefined) {
    const phone = normalisePhone(changes.phoneNumber, changes.countryCode ?? user.countryCode ?? DEFAULT_PHONE_COUNTRY);
    // The schema already checked validity; this guards the same rule against a different default country.
    if (!phone)
      throw new AppError('validation_failed', 400, MESSAGES.phoneInvalid, [
        { field: 'phoneNumber', message: MESSAGES.phoneInvalid },
      ]);
    next.phoneNumber = phone.e164;
    next.countryCode = phone.countryCode ?? changes.countryCode ?? null;
  } else if (changes.countryCode !== undefined) {
    // The country only says how to read a number; stored alone it would contradict the stored number.
    const message = 'Send the phone number together with its country';
    throw new AppError('validation_failed', 400, message, [{ field: 'countryCode', message }]);
  }
  if (Object.keys(next).length === 0) return toProfile(user);
  const updated = db
    .update(users)
    .set({ ...next, updatedAt: now })
    .where(eq(users.id, user.id))
    .returning()
    .get();
  return toProfile(updated);
}

async function assertPassword(user: SessionUser, password: string, field: string, message: string): Promise<void> {
  // Accounts without a local password (none yet, but authProvider allows it) can never match.
  const isCorrect = user.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  if (!isCorrect) throw new AppError('password_incorrect', 400, message, [{ field, message }]);
}

/**
 * Verifies the current password, stores the new hash and signs out every OTHER session of the
 * reader (the device making the change stays signed in). A pending reset link dies with the old password.
 */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'now'>,
  options: { user: SessionUser; currentSessionId: string | null; request: TChangePasswordRequest; meta: TRequestMeta },
): Promise<{ success: true; message: string; signedOutSessions: number }> {
  const { db } = deps;
  const { user, currentSessionId, request, meta } = options;
  try {
    await assertPassword(user, request.currentPassword, 'currentPassword', CURRENT_PASSWORD_INCORRECT);
  } catch (error) {
    recordAudit(deps, {
      action: 'auth.password_changed',
      resource: 'user',
      resourceId: user.id,
      userId: user.id,
      status: 'failure',
      severity: 'warning',
      details: { reason: 'current_password_incorrect' },
      ...meta,
      sessionId: currentSessionId,
    });
    throw error;
  }
  const passwordHash = await hashPassword(request.newPassword);
  const now = deps.now();
  const signedOutSessions = immediateTransaction(db, () => {
    db.update(users)
      .set({ passwordHash, passwordResetToken: null, passwordResetExpires: null, updatedAt: now })
      .where(eq(users.id, user.id))
      .run();
    const others = currentSessionId
      ? and(eq(sessions.userId, user.id), ne(sessions.sid, currentSessionId))
      : eq(sessions.userId, user.id);
    const removed = db.delete(sessions).where(others).run().changes;
    recordAudit(deps, {
      action: 'auth.password_changed',
      resource: 'user',
      resourceId: user.id,
      userId: user.id,
      details: { signedOutSessions: removed },
      ...meta,
      sessionId: currentSessionId,
    });
    return removed;
  });
  return { success: true, message: 'Your password has been changed.', signedOutSessions };
}

/**
 * Deletes the account (decision: delete, not anonymise). Removing the users row cascades to every
 * table that holds the reader's data (sessions, preferences, library, progress, bookmarks,
 * selections, loans, devices, reviews ...); billing rows keep their figures with userId set to null
 * (financial records must be kept; invoices carry their own customer snapshot). The outbox copies of
 * the reader's e-mails are deleted too, since they hold names, addresses and links. The audit log is
 * append-only and not a foreign key, so its rows (including this deletion) stay.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'now' | 'blobs' | 'logger'>,
  options: { user: SessionUser; password: string; currentSessionId: string | null; meta: TRequestMeta },
): Promise<void> {
  const { db } = deps;
  const { user, password, meta } = options;
  await assertPassword(user, password, 'password', PASSWORD_INCORRECT);
  immediateTransaction(db, () => {
    db.delete(emailLogs).where(eq(emailLogs.userId, user.id)).run();
    db.delete(users).where(eq(users.id, user.id)).run();
    recordAudit(deps, {
      action: 'auth.account_deleted',
      resource: 'user',
      resourceId: user.id,
      userId: user.id,
      severity: 'warning',
      // The role is kept for the record; the address is not, since the account's data is gone.
      details: { role: user.role, method: 'self_service' },
      ...meta,
      sessionId: options.currentSessionId,
    });
  });
  await deleteAvatarBlob(deps, { userId: user.id, profileImageUrl: user.profileImageUrl });
}
