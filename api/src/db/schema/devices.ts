/**
 * Protected content and offline reading (devices, loans, licenses, offline_licenses,
 * book_chunks; docs/product/offline-and-devices.md; docs/ARCHITECTURE.md#protected-content). Devices are browsers
 * registered for offline reading (they count against the plan's device cap); loans say a reader may read a book;
 * licences bind a loan to a device with the book's content key wrapped to that device. Chunks are AES-256-GCM
 * ciphertext of the book file; content keys are stored wrapped by a key-encryption key. Written by the devices, loans
 * and licences services and the book ingest job.
 */
import { sql } from 'drizzle-orm';
import { blob, check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, enumCheck, id, timestampMs, timestamps } from './columns';
import { users } from './users';
import { ownerUserId, ownedBookId } from './refs';

/** Loan states (docs/product/access.md#loans). */
export const LOAN_STATUSES = ['active', 'returned', 'revoked'] as const;
export const LOAN_TYPES = ['subscription', 'trial'] as const;
export const LICENSE_KINDS = ['online', 'offline'] as const;
export const OFFLINE_LICENSE_ALGORITHM = 'A256GCM';

export interface TLicensePolicy {
  watermark: { name: string; email: string; loanId: string };
  copyLimitChars: number;
  print: false;
}

export const devices = sqliteTable(
  'devices',
  {
    id: id(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    /** Public key as JWK JSON: ECDH P-256, or RSA-OAEP for browsers keyed before decision 023; `kty` says which. */
    publicKey: text('public_key').notNull(),
    /** RFC 7638 thumbprint of publicKey; licences are bound to it. */
    keyThumbprint: text('key_thumbprint').notNull(),
    deviceFingerprint: text('device_fingerprint'),
    userAgent: text('user_agent'),
    lastActiveAt: timestampMs('last_active_at'),
    isActive: bool('is_active').notNull().default(true),
    /**
     * Every browser that reads gets a row (its key receives online licences); only rows registered for
     * offline reading (proof of key possession) have this set and count against the plan's device cap.
     */
    offlineRegisteredAt: timestampMs('offline_registered_at'),
    deactivatedAt: timestampMs('deactivated_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('devices_user_key_unique').on(table.userId, table.keyThumbprint),
    index('devices_user_active_idx').on(table.userId, table.isActive),
    index('devices_last_active_idx').on(table.isActive, table.lastActiveAt),
  ],
);

/** One-time challenges a browser signs to prove it holds the private key it registers. */
export const deviceChallenges = sqliteTable(
  'device_challenges',
  {
    id: id(),
    userId: ownerUserId(),
    /** Random nonce (base64url) the device signs. */
    challenge: text('challenge').notNull(),
    expiresAt: timestampMs('expires_at').notNull(),
    usedAt: timestampMs('used_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('device_challenges_challenge_unique').on(table.challenge),
    index('device_challenges_user_idx').on(table.userId, table.expiresAt),
  ],
);

export const loans = sqliteTable(
  'loans',
  {
    id: id(),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    status: text('status', { enum: LOAN_STATUSES }).notNull().default('active'),
    loanType: text('loan_type', { enum: LOAN_TYPES }).notNull().default('subscription'),
    startedAt: timestampMs('started_at').notNull(),
    /** When the entitlement behind the loan ends (trial end, selection drop); null = open-ended. */
    expiresAt: timestampMs('expires_at'),
    returnedAt: timestampMs('returned_at'),
    revokedAt: timestampMs('revoked_at'),
    revokedBy: text('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
    ...timestamps(),
  },
  (table) => [
    // "Opening a book creates or reuses the loan": at most one active loan per reader and book.
    uniqueIndex('loans_active_user_book_unique').on(table.userId, table.bookId).where(sql`status = 'active'`),
    index('loans_user_status_idx').on(table.userId, table.status, table.startedAt),
    index('loans_book_idx').on(table.bookId, table.status),
    enumCheck('loans_status_check', table.status, LOAN_STATUSES),
    enumCheck('loans_type_check', table.loanType, LOAN_TYPES),
  ],
);

export const licenses = sqliteTable(
  'licenses',
  {
    id: id(),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    bookId: ownedBookId(),
    kind: text('kind', { enum: LICENSE_KINDS }).notNull().default('offline'),
    bookVersion: integer('book_version').notNull().default(1),
    /** Content key wrapped to the device key (base64url); its alg and ECDH epk are in the signed token (`signature`). */
    keyWrapped: text('key_wrapped').notNull(),
    offlineExpiresAt: timestampMs('offline_expires_at').notNull(),
    policy: text('policy', { mode: 'json' }).$type<TLicensePolicy>().notNull(),
    /** The signed compact JWS handed to the device. */
    signature: text('signature').notNull(),
    serverTime: timestampMs('server_time').notNull(),
    revoked: bool('revoked').notNull().default(false),
    revokedAt: timestampMs('revoked_at'),
    lastRenewedAt: timestampMs('last_renewed_at'),
    renewalCount: integer('renewal_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('licenses_loan_device_unique').on(table.loanId, table.deviceId),
    index('licenses_user_idx').on(table.userId, table.revoked),
    index('licenses_device_idx').on(table.deviceId),
    index('licenses_book_idx').on(table.bookId),
    index('licenses_expiry_idx').on(table.revoked, table.offlineExpiresAt),
    enumCheck('licenses_kind_check', table.kind, LICENSE_KINDS),
    check('licenses_renewal_check', sql`${table.renewalCount} >= 0`),
  ],
);

export const offlineLicenses = sqliteTable(
  'offline_licenses',
  {
    id: id(),
    userId: ownerUserId(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    bookId: ownedBookId(),
    /** The wrapped key as delivered to the device (base64); never a plaintext content key. */
    keyB64: text('key_b64').notNull(),
    algorithm: text('algorithm').notNull().default(OFFLINE_LICENSE_ALGORITHM),
    expiresAt: timestampMs('expires_at').notNull(),
    lastAccessedAt: timestampMs('last_accessed_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('offline_licenses_user_device_book_unique').on(table.userId, table.deviceId, table.bookId),
    index('offline_licenses_device_idx').on(table.deviceId),
    index('offline_licenses_book_idx').on(table.bookId),
    index('offline_licenses_expires_idx').on(table.expiresAt),
    // An offline licence's algorithm is A256GCM only (docs/product/offline-and-devices.md#offline-licences).
    check('offline_licenses_algorithm_check', sql`${table.algorithm} = 'A256GCM'`),
  ],
);

/** Content keys of each book version, wrapped by the key-encryption key `encryptionKeyId` (rotatable). */
export const bookContentKeys = sqliteTable(
  'book_content_keys',
  {
    id: id(),
    bookId: ownedBookId(),
    version: integer('version').notNull().default(1),
    /** AES-256 content key encrypted under the KEK (base64url), with its IV. */
    wrappedKey: text('wrapped_key').notNull(),
    wrapIv: text('wrap_iv').notNull(),
    encryptionKeyId: text('encryption_key_id').notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('book_content_keys_book_version_unique').on(table.bookId, table.version),
    index('book_content_keys_kek_idx').on(table.encryptionKeyId),
  ],
);

/**
 * Encrypted chunks of a book version. AAD is `bookId|version|chunkIndex` so chunks cannot be swapped.
 * Ciphertext lives inline (`encryptedData`) on the local store or behind `storageKey` in a blob store.
 */
export const bookChunks = sqliteTable(
  'book_chunks',
  {
    id: id(),
    bookId: ownedBookId(),
    version: integer('version').notNull().default(1),
    chunkIndex: integer('chunk_index').notNull(),
    encryptedData: blob('encrypted_data', { mode: 'buffer' }),
    storageKey: text('storage_key'),
    /** 96-bit GCM IV, base64url. */
    iv: text('iv').notNull(),
    /** Ciphertext size in bytes (including the GCM tag). */
    size: integer('size').notNull(),
    /** sha256 of the ciphertext, hex; lets clients and caches verify what they stored. */
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('book_chunks_book_version_index_unique').on(table.bookId, table.version, table.chunkIndex),
    check('book_chunks_index_check', sql`${table.chunkIndex} >= 0`),
    check('book_chunks_location_check', sql`${table.encryptedData} is not null or ${table.storageKey} is not null`),
  ],
);
