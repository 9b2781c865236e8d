/**
 * 6-digit e-mail verification codes (docs/ARCHITECTURE.md#security) and password-reset tokens. Codes come from the
 * CSPRNG and only their hash is stored: sha256 over the user id and the code, so equal codes of two users never share a
 * stored value. Comparison is constant-time. Reset tokens are 32 random bytes; the e-mailed link carries the token, the
 * database its sha256.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@shared/limits';

export function generateVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

export function hashVerificationCode(userId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

export function verificationCodeMatches(options: { userId: string; code: string; storedHash: string }): boolean {
  const candidate = Buffer.from(hashVerificationCode(options.userId, options.code), 'hex');
  const stored = Buffer.from(options.storedHash, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

export function generateResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
