/**
 * The data model on a fresh database: every migration applies, the tables of docs/product/data-model.md#stored-tables
 * exist, and the constraints that protect the business rules hold (uniques, checks, cascades, append-only audit).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Db } from './client';
import {
  auditLogs,
  bookChunks,
  bookPages,
  bookReviews,
  books,
  challengeComments,
  devices,
  emailPreferences,
  licenses,
  loans,
  offlineLicenses,
  readingChallenges,
  readingEvents,
  readingProgress,
  readingSessions,
  systemConfig,
  userLibrary,
  userSelectedBooks,
  userSubscriptionCycles,
  users,
} from './schema';

/**
 * Every stored table of docs/product/data-model.md#stored-tables (sessions included), plus the support tables of
 * docs/ARCHITECTURE.md#data.
 */
const SPEC_TABLES = [
  'users',
  'sessions',
  'subscription_plans',
  'books',
  'pdf_assets',
  'book_pdf_map',
  'user_selected_books',
  'user_subscription_cycles',
  'user_copy_tracking',
  'free_trial_abuse_prevention',
  'signup_attempts',
  'reading_progress',
  'bookmarks',
  'user_library',
  'categories',
  'book_categories',
  'book_reviews',
  'review_helpful_votes',
  'email_preferences',
  'email_logs',
  'user_reading_preferences',
  'book_recommendations',
  'chat_threads',
  'chat_messages',
  'feedback',
  'feedback_comments',
  'devices',
  'loans',
  'licenses',
  'book_chunks',
  'system_config',
  'analytics_user_library',
  'reading_sessions',
  'reading_events',
  'book_progress_snapshot',
  'offline_licenses',
  'reading_challenges',
  'challenge_participants',
  'challenge_activities',
  'challenge_comments',
  'audit_logs',
  'health_check_runs',
  'health_check_items',
  'health_alert_state',
  'seo_configs',
  'seo_keywords',
  'seo_images',
  'page_content',
];
const SUPPORT_TABLES = [
  'payments',
  'invoices',
  'webhook_events',
  'checkout_sessions',
  'rate_limit_hits',
  'sync_mutations',
  'device_challenges',
  'book_content_keys',
  'book_pages',
  'user_copy_device_counters',
  'feedback_votes',
  'scheduled_jobs',
  'recommendation_dismissals',
  'book_term_vectors',
  'similar_books',
  'recommendation_mailings',
];

function freshDb(): Db {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  return db;
}

function addUser(db: Db, email = `${crypto.randomUUID()}@example.com`) {
  return db
    .insert(users)
    .values({ email, username: email.split('@')[0] })
    .returning()
    .get();
}

function addBook(db: Db, slug = crypto.randomUUID()) {
  return db
    .insert(books)
    .values({ title: `Book ${slug}`, author: 'A. Writer', slug })
    .returning()
    .get();
}

function addDevice(db: Db, userId: string) {
  return db
    .insert(devices)
    .values({ userId, name: 'Laptop', publicKey: '{"kty":"RSA"}', keyThumbprint: crypto.randomUUID() })
    .returning()
    .get();
}

/** The SQLite error message of a statement that must fail. */
function failureOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    // drizzle wraps some driver errors; the SQLite message is then on `cause`.
    const { message, cause } = error as Error & { cause?: Error };
    return cause ? `${message} ${cause.message}` : message;
  }
  throw new Error('expected the statement to fail');
}

describe('schema and migrations', () => {
  it('apply to a fresh database with every table of the data model', () => {
    const db = freshDb();
    const tables = new Set(
      db.all<{ name: string }>(sql`select name from sqlite_master where type = 'table'`).map((row) => row.name),
    );
    for (const table of [...SPEC_TABLES, ...SUPPORT_TABLES, 'books_fts', 'book_pages_fts'])
      expect(tables, table).toContain(table);
    expect(db.get<{ ok: string }>(sql`pragma integrity_check`)).toEqual({ integrity_check: 'ok' });
    expect(db.all(sql`pragma foreign_key_check`)).toEqual([]);
  });

  it('are idempotent: migrating an up-to-date database changes nothing', () => {
    const db = freshDb();
    const before = db.all(sql`select name, sql from sqlite_master order by name`);
    migrateDatabase(db);
    expect(db.all(sql`select name, sql from sqlite_master order by name`)).toEqual(before);
  });
});

describe('audit_logs', () => {
  it('accepts inserts but refuses UPDATE and DELETE', () => {
    const db = freshDb();
    const entry = db
      .insert(auditLogs)
      .values({ action: 'auth.login', severity: 'critical', status: 'failure' })
      .returning()
      .get();
    expect(entry).toMatchObject({ severity: 'critical', status: 'failure' });

    expect(
      failureOf(() => db.update(auditLogs).set({ action: 'tampered' }).where(eq(auditLogs.id, entry.id)).run()),
    ).toContain('audit_logs is append-only');
    expect(failureOf(() => db.delete(auditLogs).run())).toContain('audit_logs is append-only');
    expect(db.select().from(auditLogs).all()).toHaveLength(1);
  });

  it('keeps entries when the user they mention is deleted', () => {
    const db = freshDb();
    const user = addUser(db);
    db.insert(auditLogs).values({ action: 'auth.login', userId: user.id }).run();
    db.delete(users).where(eq(users.id, user.id)).run();
    expect(db.select().from(auditLogs).all()).toMatchObject([{ userId: user.id }]);
  });

  it('defaults to severity info and status success and refuses other values', () => {
    const db = freshDb();
    expect(db.insert(auditLogs).values({ action: 'x' }).returning().get()).toMatchObject({
      severity: 'info',
      status: 'success',
    });
    expect(
      failureOf(() => db.run(sql`insert into audit_logs (id, action, severity) values ('a', 'x', 'fatal')`)),
    ).toContain('CHECK constraint failed');
  });
});

describe('unique constraints', () => {
  it('refuse a second user with the same e-mail or username', () => {
    const db = freshDb();
    addUser(db, 'reader@example.com');
    expect(
      failureOf(() => db.insert(users).values({ email: 'reader@example.com', username: 'other' }).run()),
    ).toContain('UNIQUE constraint failed: users.email');
    expect(failureOf(() => db.insert(users).values({ email: 'x@example.com', username: 'reader' }).run())).toContain(
      'UNIQUE constraint failed: users.username',
    );
  });

  it('allow one reading position, one library entry and one review per reader and book', () => {
    const db = freshDb();
    const user = addUser(db);
    const book = addBook(db);
    const pair = { userId: user.id, bookId: book.id };
    db.insert(readingProgress).values(pair).run();
    db.insert(userLibrary)
      .values({ ...pair, addedAt: new Date() })
      .run();
    db.insert(bookReviews)
      .values({ ...pair, rating: 5 })
      .run();
    expect(failureOf(() => db.insert(readingProgress).values(pair).run())).toContain('UNIQUE');
    expect(
      failureOf(() =>
        db
          .insert(userLibrary)
          .values({ ...pair, addedAt: new Date() })
          .run(),
      ),
    ).toContain('UNIQUE');
    expect(
      failureOf(() =>
        db
          .insert(bookReviews)
          .values({ ...pair, rating: 4 })
          .run(),
      ),
    ).toContain('UNIQUE');
  });

  it('allow one active selection per reader and book, while keeping dropped selections as history', () => {
    const db = freshDb();
    const user = addUser(db);
    const book = addBook(db);
    const pick = { userId: user.id, bookId: book.id, subscriptionTier: 'basic' as const, selectedAt: new Date() };
    db.insert(userSelectedBooks)
      .values({ ...pick, isActive: false })
      .run();
    db.insert(userSelectedBooks)
      .values({ ...pick, isActive: false })
      .run();
    db.insert(userSelectedBooks).values(pick).run();
    expect(failureOf(() => db.insert(userSelectedBooks).values(pick).run())).toContain('UNIQUE');
  });

  it('allow one current billing cycle per reader', () => {
    const db = freshDb();
    const user = addUser(db);
    const cycle = {
      userId: user.id,
      tier: 'basic' as const,
      cycleStart: new Date(0),
      cycleEnd: new Date(1000),
      maxBooks: 10,
    };
    db.insert(userSubscriptionCycles).values(cycle).run();
    db.insert(userSubscriptionCycles)
      .values({ ...cycle, isActive: false })
      .run();
    expect(failureOf(() => db.insert(userSubscriptionCycles).values(cycle).run())).toContain('UNIQUE');
  });

  it('allow one licence per loan and device, one offline licence per user, device and book', () => {
    const db = freshDb();
    const user = addUser(db);
    const book = addBook(db);
    const device = addDevice(db, user.id);
    const loan = db.insert(loans).values({ userId: user.id, bookId: book.id, startedAt: new Date() }).returning().get();
    const license = {
      loanId: loan.id,
      deviceId: device.id,
      userId: user.id,
      bookId: book.id,
      keyWrapped: 'wrapped',
      offlineExpiresAt: new Date(),
      policy: {
        watermark: { name: 'R', email: 'r@example.com', loanId: loan.id },
        copyLimitChars: 100,
        print: false as const,
      },
      signature: 'jws',
      serverTime: new Date(),
    };
    db.insert(licenses).values(license).run();
    expect(failureOf(() => db.insert(licenses).values(license).run())).toContain('UNIQUE');

    const offline = { userId: user.id, deviceId: device.id, bookId: book.id, keyB64: 'a2V5', expiresAt: new Date() };
    expect(db.insert(offlineLicenses).values(offline).returning().get().algorithm).toBe('A256GCM');
    expect(failureOf(() => db.insert(offlineLicenses).values(offline).run())).toContain('UNIQUE');
  });

  it('allow one active loan per reader and book, and any number of returned ones', () => {
    const db = freshDb();
    const user = addUser(db);
    const book = addBook(db);
    const loan = { userId: user.id, bookId: book.id, startedAt: new Date() };
    db.insert(loans)
      .values({ ...loan, status: 'returned' })
      .run();
    db.insert(loans)
      .values({ ...loan, status: 'returned' })
      .run();
    db.insert(loans).values(loan).run();
    expect(failureOf(() => db.insert(loans).values(loan).run())).toContain('UNIQUE');
  });

  it('refuse a reused unsubscribe token and a second preferences row for a user', () => {
    const db = freshDb();
    const first = addUser(db);
    const second = addUser(db);
    db.insert(emailPreferences).values({ userId: first.id, email: first.email, unsubscribeToken: 'token' }).run();
    expect(
      failureOf(() =>
        db.insert(emailPreferences).values({ userId: second.id, email: second.email, unsubscribeToken: 'token' }).run(),
      ),
    ).toContain('UNIQUE constraint failed: email_preferences.unsubscribe_token');
    expect(
      failureOf(() =>
        db.insert(emailPreferences).values({ userId: first.id, email: first.email, unsubscribeToken: 'other' }).run(),
      ),
    ).toContain('UNIQUE');
    expect(db.select().from(emailPreferences).get()).toMatchObject({
      marketingEmails: false,
      trialReminders: true,
      subscriptionUpdates: true,
      isUnsubscribedAll: false,
    });
  });

  it('refuse a duplicate system config key and an unknown data type', () => {
    const db = freshDb();
    db.insert(systemConfig).values({ key: 'trial_days', value: '7', dataType: 'number' }).run();
    expect(failureOf(() => db.insert(systemConfig).values({ key: 'trial_days', value: '8' }).run())).toContain(
      'UNIQUE',
    );
    expect(
      failureOf(() =>
        db.run(sql`insert into system_config (id, key, value, data_type) values ('x', 'k', 'v', 'date')`),
      ),
    ).toContain('CHECK constraint failed');
  });
});

describe('check constraints', () => {
  it('keep ratings between 1 and 5 and the offline licence algorithm A256GCM', () => {
    const db = freshDb();
    const user = addUser(db);
    const book = addBook(db);
    for (const rating of [0, 6]) {
      expect(
        failureOf(() => db.insert(bookReviews).values({ userId: user.id, bookId: book.id, rating }).run()),
      ).toContain('book_reviews_rating_check');
    }
    const device = addDevice(db, user.id);
    expect(
      failureOf(() =>
        db
          .insert(offlineLicenses)
          .values({
            userId: user.id,
            deviceId: device.id,
            bookId: book.id,
            keyB64: 'k',
            algorithm: 'A128GCM',
            expiresAt: new Date(),
          })
          .run(),
      ),
    ).toContain('offline_licenses_algorithm_check');
  });

  it('keep the states and bounds of the data model: event types, challenge values, comment length', () => {
    const db = freshDb();
    const user = addUser(db);
    const book = addBook(db);
    const session = db
      .insert(readingSessions)
      .values({ userId: user.id, bookId: book.id, startedAt: new Date() })
      .returning()
      .get();
    const event = { sessionId: session.id, userId: user.id, bookId: book.id, occurredAt: new Date() };
    db.insert(readingEvents)
      .values({ ...event, eventType: 'tts_play' })
      .run();
    expect(
      failureOf(() =>
        db
          .insert(readingEvents)
          .values({ ...event, eventType: 'dance' as 'tts_play' })
          .run(),
      ),
    ).toContain('reading_events_type_check');
    expect(
      failureOf(() =>
        db
          .insert(readingSessions)
          .values({ userId: user.id, bookId: book.id, startedAt: new Date(), country: 'GBR' })
          .run(),
      ),
    ).toContain('reading_sessions_country_check');

    const challenge = {
      title: 'Read more',
      description: 'Ten books this month.',
      type: 'books_count' as const,
      targetValue: 10,
      duration: 'monthly' as const,
      startDate: new Date(0),
      endDate: new Date(1000),
    };
    expect(db.insert(readingChallenges).values(challenge).returning().get().difficulty).toBe('medium');
    expect(
      failureOf(() =>
        db
          .insert(readingChallenges)
          .values({ ...challenge, targetValue: 0 })
          .run(),
      ),
    ).toContain('target_check');
    const saved = db.select().from(readingChallenges).get()!;
    const comment = { challengeId: saved.id, userId: user.id };
    db.insert(challengeComments)
      .values({ ...comment, content: 'x'.repeat(1000) })
      .run();
    expect(
      failureOf(() =>
        db
          .insert(challengeComments)
          .values({ ...comment, content: 'x'.repeat(1001) })
          .run(),
      ),
    ).toContain('content_check');
    expect(
      failureOf(() =>
        db
          .insert(challengeComments)
          .values({ ...comment, content: '   ' })
          .run(),
      ),
    ).toContain('content_check');
  });

  it('refuse book chunks without ciphertext or a storage key', () => {
    const db = freshDb();
    const book = addBook(db);
    const chunk = { bookId: book.id, chunkIndex: 0, iv: 'iv', size: 16, sha256: 'ab' };
    expect(failureOf(() => db.insert(bookChunks).values(chunk).run())).toContain('book_chunks_location_check');
    db.insert(bookChunks)
      .values({ ...chunk, encryptedData: Buffer.from('ciphertext') })
      .run();
    expect(
      failureOf(() =>
        db
          .insert(bookChunks)
          .values({ ...chunk, storageKey: 'k' })
          .run(),
      ),
    ).toContain('UNIQUE');
  });
});

describe('foreign keys', () => {
  it('remove a deleted user’s own rows and keep shared ones', () => {
    const db = freshDb();
    const user = addUser(db);
    const book = addBook(db);
    db.insert(userLibrary).values({ userId: user.id, bookId: book.id, addedAt: new Date() }).run();
    db.insert(readingProgress).values({ userId: user.id, bookId: book.id }).run();
    const device = addDevice(db, user.id);
    db.delete(users).where(eq(users.id, user.id)).run();
    expect(db.select().from(userLibrary).all()).toEqual([]);
    expect(db.select().from(readingProgress).all()).toEqual([]);
    expect(db.select().from(devices).where(eq(devices.id, device.id)).all()).toEqual([]);
    expect(db.select().from(books).all()).toHaveLength(1);
  });

  it('refuse rows that point at nothing', () => {
    const db = freshDb();
    expect(
      failureOf(() =>
        db.insert(userLibrary).values({ userId: 'nobody', bookId: 'nothing', addedAt: new Date() }).run(),
      ),
    ).toContain('FOREIGN KEY constraint failed');
  });
});

describe('book_pages_fts', () => {
  it('follows inserts, updates and deletes of book pages', () => {
    const db = freshDb();
    const book = addBook(db);
    const matches = (term: string) =>
      db.all<{ page: number }>(
        sql`select p.page_number as page from book_pages_fts f join book_pages p on p.id = f.rowid where book_pages_fts match ${term} order by page`,
      );
    db.insert(bookPages)
      .values([
        { bookId: book.id, pageNumber: 1, text: 'Good habits are built slowly.' },
        { bookId: book.id, pageNumber: 2, text: 'Attention is the beginning of devotion.' },
      ])
      .run();
    expect(matches('habit')).toEqual([{ page: 1 }]);
    db.update(bookPages).set({ text: 'Nothing about routines here.' }).where(eq(bookPages.pageNumber, 1)).run();
    expect(matches('habit')).toEqual([]);
    expect(matches('routine')).toEqual([{ page: 1 }]);
    db.delete(books).run();
    expect(matches('devotion')).toEqual([]);
  });
});
