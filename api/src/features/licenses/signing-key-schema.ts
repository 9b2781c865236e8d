/**
 * Shape of the licence signing key set (LICENSE_SIGNING_KEYS or the generated key file): a JSON JWK set
 * of ES256 (P-256) private keys. Kept free of crypto so env.ts can check the variable at start-up.
 */
import { z } from 'zod';

const base64url = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .regex(/^[A-Za-z0-9_-]{43}$/, `${label} must be a 32-byte base64url value`);

export const ZLicenseSigningJwk = z.object({
  kty: z.literal('EC', { message: 'kty must be EC' }),
  crv: z.literal('P-256', { message: 'crv must be P-256 (ES256)' }),
  x: base64url('x'),
  y: base64url('y'),
  d: base64url('d (the private key)'),
  kid: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,100}$/, 'kid must be 1-100 letters, digits, dots, dashes or underscores')
    .optional(),
  alg: z.literal('ES256', { message: 'alg must be ES256' }).optional(),
});
export type TLicenseSigningJwk = z.infer<typeof ZLicenseSigningJwk>;

/** Rotation keeps old keys published until their licences expire; a handful is plenty. */
export const ZLicenseSigningKeySet = z.object({
  keys: z.array(ZLicenseSigningJwk).min(1, 'keys must hold at least one key').max(10, 'keys may hold at most 10 keys'),
});
export type TLicenseSigningKeySet = z.infer<typeof ZLicenseSigningKeySet>;

/** The key set in `text`, or a message naming what is wrong with it. */
export function parseLicenseSigningKeySet(
  text: string,
): { ok: true; value: TLicenseSigningKeySet } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'must be a JSON JWK set ({"keys": [...]})' };
  }
  const result = ZLicenseSigningKeySet.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, message: `${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  const kids = result.data.keys.map((key) => key.kid).filter((kid): kid is string => kid !== undefined);
  if (new Set(kids).size !== kids.length) return { ok: false, message: 'every kid must be different' };
  return { ok: true, value: result.data };
}
