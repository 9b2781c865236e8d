/**
 * Password hashing with argon2id at (at least) OWASP's minimum parameters: 19 MiB memory, 2 passes,
 * 1 lane. Hashes record their parameters, so `needsRehash` can upgrade old hashes at the next
 * successful sign-in when these numbers rise. Verification is constant-time inside argon2.
 */
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's `Algorithm.Argon2id` is a const enum, which isolatedModules cannot inline. */
const ARGON2ID = 2;

export const PASSWORD_HASH_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...PASSWORD_HASH_PARAMS });
}

/** A valid hash of a random secret: verified against when the user is unknown, so timing matches. */
let dummyHash: Promise<string> | undefined;
export function getDummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

export function needsRehash(storedHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!match) return true;
  const [, memory, time, lanes] = match.map(Number);
  return (
    memory < PASSWORD_HASH_PARAMS.memoryCost ||
    time < PASSWORD_HASH_PARAMS.timeCost ||
    lanes < PASSWORD_HASH_PARAMS.parallelism
  );
}
