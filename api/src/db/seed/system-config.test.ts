/**
 * The read-only segment size follows the current default when a database still holds a former default
 * (docs/decisions/028-16-kib-segments.md), and is left alone otherwise.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHUNK_SIZE, LEGACY_CHUNK_SIZE, PREVIOUS_CHUNK_SIZE } from '@shared/reader';
import { migrateDatabase, openDatabase } from '../client';
import { systemConfig } from '../schema';
import { seedSystemConfig } from './system-config';

function databaseWithChunkSize(value: string, isEditable: boolean) {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  db.insert(systemConfig)
    .values({ key: 'chunk_size', value, dataType: 'number', category: 'reader', description: 'x', isEditable })
    .run();
  return db;
}

function chunkSizeAfterSeeding(value: string, isEditable = false): string | undefined {
  const db = databaseWithChunkSize(value, isEditable);
  seedSystemConfig(db);
  return db.select().from(systemConfig).where(eq(systemConfig.key, 'chunk_size')).get()?.value;
}

describe('seedSystemConfig: chunk_size', () => {
  it('seeds the current default in a new database', () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    seedSystemConfig(db);
    expect(db.select().from(systemConfig).where(eq(systemConfig.key, 'chunk_size')).get()?.value).toBe(
      String(DEFAULT_CHUNK_SIZE),
    );
  });

  it('moves a database at the 1 MiB or the 64 KiB former default to the current one', () => {
    expect(DEFAULT_CHUNK_SIZE).toBe(16_384);
    expect(chunkSizeAfterSeeding(String(LEGACY_CHUNK_SIZE))).toBe(String(DEFAULT_CHUNK_SIZE));
    expect(chunkSizeAfterSeeding(String(PREVIOUS_CHUNK_SIZE))).toBe(String(DEFAULT_CHUNK_SIZE));
  });

  it('keeps any other value, and a value someone could edit', () => {
    expect(chunkSizeAfterSeeding('32768')).toBe('32768');
    expect(chunkSizeAfterSeeding(String(PREVIOUS_CHUNK_SIZE), true)).toBe(String(PREVIOUS_CHUNK_SIZE));
  });
});
