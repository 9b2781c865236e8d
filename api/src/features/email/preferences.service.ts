/**
 * E-mail preferences (docs/product/accounts.md#e-mail): read and changed by the signed-in reader, or
 * without a session through the unsubscribe token every e-mail links to. The row itself is created
 * by email.service.ts (ensureEmailPreferences) on first use.
 */
import { eq } from 'drizzle-orm';
import type { TEmailPreferencesResponse, TUnsubscribeResponse } from '@shared/email';
import type { TEmailPreferences, TUnsubscribeRequest } from '@shared/auth.schemas';
import type { Db } from '../../db/client';
import { emailPreferences } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { ensureEmailPreferences, type TEmailUser } from './email.service';

type TPreferencesRow = typeof emailPreferences.$inferSelect;

export function toPreferencesResponse(row: TPreferencesRow): TEmailPreferencesResponse {
  return {
    marketingEmails: row.marketingEmails,
    trialReminders: row.trialReminders,
    subscriptionUpdates: row.subscriptionUpdates,
    isUnsubscribedAll: row.isUnsubscribedAll,
    unsubscribedAt: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
  };
}

/** `reader@example.com` → `r***@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

function applyChanges(db: Db, row: TPreferencesRow, changes: Partial<TEmailPreferences>, now: Date): TPreferencesRow {
  const next: Partial<TPreferencesRow> = { ...changes, updatedAt: now };
  // unsubscribedAt records when the reader last opted out of everything; opting back in clears it.
  if (changes.isUnsubscribedAll === true && !row.isUnsubscribedAll) next.unsubscribedAt = now;
  if (changes.isUnsubscribedAll === false) next.unsubscribedAt = null;
  return db.update(emailPreferences).set(next).where(eq(emailPreferences.id, row.id)).returning().get();
}

export function getEmailPreferences(options: { db: Db; user: TEmailUser; now: Date }): TEmailPreferencesResponse {
  return toPreferencesResponse(ensureEmailPreferences(options));
}

export function updateEmailPreferences(options: {
  db: Db;
  user: TEmailUser;
  preferences: TEmailPreferences;
  now: Date;
}): TEmailPreferencesResponse {
  const { db, user, preferences, now } = options;
  const row = ensureEmailPreferences({ db, user, now });
  return toPreferencesResponse(applyChanges(db, row, preferences, now));
}

function findByToken(db: Db, token: string): TPreferencesRow {
  const row = db.select().from(emailPreferences).where(eq(emailPreferences.unsubscribeToken, token)).get();
  // One answer for every bad token: the link is unknown, expired with a deleted account, or mistyped.
  if (!row)
    throw new AppError(
      'unsubscribe_token_unknown',
      404,
      'This unsubscribe link is not valid. Sign in to manage your e-mail preferences.',
    );
  return row;
}

/** The account an unsubscribe link belongs to (404 for an unknown token, as every unsubscribe answer). */
export function userIdForUnsubscribeToken(db: Db, token: string): string {
  const row = findByToken(db, token);
  if (!row.userId)
    throw new AppError(
      'unsubscribe_token_unknown',
      404,
      'This unsubscribe link is not valid. Sign in to manage your e-mail preferences.',
    );
  return row.userId;
}

export function getUnsubscribeInfo(options: { db: Db; token: string }): TUnsubscribeResponse {
  const row = findByToken(options.db, options.token);
  return { email: maskEmail(row.email), preferences: toPreferencesResponse(row) };
}

/**
 * Changes preferences through an unsubscribe link. A request with only the token means
 * "unsubscribe from everything" (what a one-click link promises); with fields it sets exactly those.
 */
export function unsubscribeByToken(options: { db: Db; request: TUnsubscribeRequest; now: Date }): TUnsubscribeResponse {
  const { db, request, now } = options;
  const row = findByToken(db, request.token);
  const { token: _token, ...fields } = request;
  const changes: Partial<TEmailPreferences> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  );
  const updated = applyChanges(db, row, Object.keys(changes).length > 0 ? changes : { isUnsubscribedAll: true }, now);
  return { email: maskEmail(updated.email), preferences: toPreferencesResponse(updated) };
}
