/**
 * "Download my data": everything stored about the signed-in reader as one JSON document. Reads only.
 * Secrets are left out on purpose: password and token hashes, one-time codes, session ids, the
 * unsubscribe token, wrapped content keys and licence signatures, and the bodies of stored e-mails
 * (they can hold live codes and reset links). The profile is an allow-list, so a new secret column
 * on `users` never leaks here by default.
 */
import { eq, or, and } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import {
  analyticsUserLibrary,
  auditLogs,
  bookmarks,
  bookProgressSnapshot,
  bookRecommendations,
  recommendationDismissals,
  recommendationMailings,
  bookReviews,
  challengeActivities,
  challengeComments,
  challengeParticipants,
  chatMessages,
  chatThreads,
  checkoutSessions,
  devices,
  emailLogs,
  emailPreferences,
  feedback,
  feedbackComments,
  feedbackVotes,
  invoices,
  licenses,
  loans,
  offlineLicenses,
  payments,
  readingEvents,
  readingProgress,
  readingSessions,
  reviewHelpfulVotes,
  sessions,
  syncMutations,
  userCopyDeviceCounters,
  userCopyTracking,
  userLibrary,
  userReadingPreferences,
  userSelectedBooks,
  userSubscriptionCycles,
  users,
} from '../../db/schema';
import type { SessionUser } from '../auth/session.service';

export const EXPORT_FORMAT_VERSION = 1;

type TRow = Record<string, unknown>;

function omit(row: TRow, keys: readonly string[]): TRow {
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
}

function rowsOf(
  db: Db,
  table: SQLiteTable,
  userIdColumn: SQLiteColumn,
  userId: string,
  secretKeys: readonly string[] = [],
): TRow[] {
  return (db.select().from(table).where(eq(userIdColumn, userId)).all() as TRow[]).map((row) => omit(row, secretKeys));
}

function profileOf(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    countryCode: user.countryCode,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    emailVerified: user.emailVerified,
    authProvider: user.authProvider,
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionCurrentPeriodEnd: user.subscriptionCurrentPeriodEnd,
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionId: user.stripeSubscriptionId,
    booksReadThisMonth: user.booksReadThisMonth,
    freeTrialUsed: user.freeTrialUsed,
    freeTrialStartedAt: user.freeTrialStartedAt,
    freeTrialEndedAt: user.freeTrialEndedAt,
    trialStartedAt: user.trialStartedAt,
    trialEndsAt: user.trialEndsAt,
    selectionsLockedUntil: user.selectionsLockedUntil,
    registrationIp: user.registrationIp,
    deviceFingerprint: user.deviceFingerprint,
    isActive: user.isActive,
    lastLoginAt: user.lastLoginAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export function exportUserData(options: { db: Db; user: SessionUser; now: Date }) {
  const { db, now } = options;
  // Re-read the row: the session's copy may predate a change made earlier in this request cycle.
  const user = db.select().from(users).where(eq(users.id, options.user.id)).get() ?? options.user;
  const id = user.id;
  return {
    format: 'wonderful-books-export',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    profile: profileOf(user),
    emailPreferences: rowsOf(db, emailPreferences, emailPreferences.userId, id, ['unsubscribeToken'])[0] ?? null,
    readingPreferences: rowsOf(db, userReadingPreferences, userReadingPreferences.userId, id)[0] ?? null,
    library: rowsOf(db, userLibrary, userLibrary.userId, id),
    libraryActivity: rowsOf(db, analyticsUserLibrary, analyticsUserLibrary.userId, id),
    readingProgress: rowsOf(db, readingProgress, readingProgress.userId, id),
    progressSnapshots: rowsOf(db, bookProgressSnapshot, bookProgressSnapshot.userId, id),
    bookmarks: rowsOf(db, bookmarks, bookmarks.userId, id),
    selections: rowsOf(db, userSelectedBooks, userSelectedBooks.userId, id),
    subscriptionCycles: rowsOf(db, userSubscriptionCycles, userSubscriptionCycles.userId, id),
    // The checkout URL can still open a live payment page.
    checkoutSessions: rowsOf(db, checkoutSessions, checkoutSessions.userId, id, ['url']),
    invoices: rowsOf(db, invoices, invoices.userId, id),
    payments: rowsOf(db, payments, payments.userId, id),
    loans: rowsOf(db, loans, loans.userId, id),
    devices: rowsOf(db, devices, devices.userId, id, ['publicKey']),
    licenses: rowsOf(db, licenses, licenses.userId, id, ['keyWrapped', 'signature']),
    offlineLicenses: rowsOf(db, offlineLicenses, offlineLicenses.userId, id, ['keyB64']),
    copyTracking: rowsOf(db, userCopyTracking, userCopyTracking.userId, id),
    copyCountersPerDevice: rowsOf(db, userCopyDeviceCounters, userCopyDeviceCounters.userId, id),
    reviews: rowsOf(db, bookReviews, bookReviews.userId, id),
    reviewVotes: rowsOf(db, reviewHelpfulVotes, reviewHelpfulVotes.userId, id),
    readingSessions: rowsOf(db, readingSessions, readingSessions.userId, id),
    readingEvents: rowsOf(db, readingEvents, readingEvents.userId, id),
    recommendations: rowsOf(db, bookRecommendations, bookRecommendations.userId, id),
    recommendationDismissals: rowsOf(db, recommendationDismissals, recommendationDismissals.userId, id),
    recommendationMailings: rowsOf(db, recommendationMailings, recommendationMailings.userId, id),
    assistantThreads: rowsOf(db, chatThreads, chatThreads.userId, id),
    assistantMessages: rowsOf(db, chatMessages, chatMessages.userId, id),
    feedback: rowsOf(db, feedback, feedback.userId, id),
    feedbackComments: rowsOf(db, feedbackComments, feedbackComments.userId, id),
    feedbackVotes: rowsOf(db, feedbackVotes, feedbackVotes.userId, id),
    challengeParticipation: rowsOf(db, challengeParticipants, challengeParticipants.userId, id),
    challengeActivities: rowsOf(db, challengeActivities, challengeActivities.userId, id),
    challengeComments: rowsOf(db, challengeComments, challengeComments.userId, id),
    syncMutations: rowsOf(db, syncMutations, syncMutations.userId, id),
    sessions: rowsOf(db, sessions, sessions.userId, id, ['sid', 'sess']),
    emails: rowsOf(db, emailLogs, emailLogs.userId, id, ['bodyText', 'bodyHtml']),
    auditLog: (
      db
        .select()
        .from(auditLogs)
        .where(or(eq(auditLogs.userId, id), and(eq(auditLogs.resource, 'user'), eq(auditLogs.resourceId, id))))
        .orderBy(auditLogs.createdAt)
        .all() as TRow[]
    ).map((row) => omit(row, ['sessionId'])),
  };
}

export type TUserDataExport = ReturnType<typeof exportUserData>;
