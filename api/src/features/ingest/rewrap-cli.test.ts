import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditLogs, bookContentKeys } from '../../db/schema';
import { testEnv } from '../auth/auth-test-helpers';
import { createTestContext } from '../../test-utils';
import { createBook } from '../../test-factories';
import { contentKeyring, generateContentKey, unwrapContentKey, wrapContentKey } from '../content-access/content-crypto';
import { runKeysRewrap } from './rewrap-cli';

const base64url = (key: Buffer) => key.toString('base64url');

function rotatedEnv(retired: { id: string; key: Buffer }[]) {
  return testEnv({
    CONTENT_KEK: base64url(randomBytes(32)),
    CONTENT_KEK_ID: `kek-${crypto.randomUUID().slice(0, 8)}`,
    CONTENT_KEK_RETIRED: retired.map((kek) => `${kek.id}:${base64url(kek.key)}`).join(','),
  });
}

function run(deps: Parameters<typeof runKeysRewrap>[0]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runKeysRewrap(deps, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join(''), err: err.join('') };
}

describe('npm run keys:rewrap', () => {
  it('moves keys of a retired KEK onto the current one, audits it, and is idempotent', () => {
    const ctx = createTestContext();
    const retired = { id: 'kek-2025', key: randomBytes(32) };
    const env = rotatedEnv([retired]);
    const book = createBook(ctx.db, { skipIndex: true });
    const contentKey = generateContentKey();
    ctx.db
      .insert(bookContentKeys)
      .values({ bookId: book.id, version: 1, ...wrapContentKey(retired, contentKey, { bookId: book.id, version: 1 }) })
      .run();

    const first = run({ db: ctx.db, env, now: ctx.now });
    expect(first).toEqual({ code: 0, out: `Rewrapped 1 content key onto KEK ${env.CONTENT_KEK_ID}.\n`, err: '' });
    const row = ctx.db.select().from(bookContentKeys).get()!;
    expect(row.encryptionKeyId).toBe(env.CONTENT_KEK_ID);
    // The current KEK alone now unwraps it: the retired one can be dropped.
    expect(unwrapContentKey(contentKeyring({ ...env, CONTENT_KEK_RETIRED: undefined }), row).equals(contentKey)).toBe(
      true,
    );
    expect(run({ db: ctx.db, env, now: ctx.now }).out).toBe(
      `Rewrapped 0 content keys onto KEK ${env.CONTENT_KEK_ID}.\n`,
    );
    const audits = ctx.db
      .select()
      .from(auditLogs)
      .all()
      .filter((entry) => entry.action === 'content_keys.rewrap');
    expect(audits.map((entry) => entry.severity)).toEqual(['info', 'info']);
  });

  it('exits with 1 and says what to do when a key was wrapped by a KEK that is not configured', () => {
    const ctx = createTestContext();
    const lost = { id: 'kek-lost', key: randomBytes(32) };
    const env = rotatedEnv([]);
    const book = createBook(ctx.db, { skipIndex: true });
    ctx.db
      .insert(bookContentKeys)
      .values({
        bookId: book.id,
        version: 1,
        ...wrapContentKey(lost, generateContentKey(), { bookId: book.id, version: 1 }),
      })
      .run();
    const result = run({ db: ctx.db, env, now: ctx.now });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /^1 content key was wrapped by a KEK that is not configured; add it to CONTENT_KEK_RETIRED/,
    );
    expect(ctx.db.select().from(bookContentKeys).get()!.encryptionKeyId).toBe('kek-lost');
    expect(
      ctx.db
        .select()
        .from(auditLogs)
        .all()
        .find((entry) => entry.action === 'content_keys.rewrap')?.severity,
    ).toBe('warning');
  });
});
