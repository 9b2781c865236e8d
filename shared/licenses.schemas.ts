/** zod request schemas of the licence endpoints (the API validates with them). */
import { z } from 'zod';
import { LICENSE_KINDS } from './reader';

export const ZIssueLicenseRequest = z.object({
  loanId: z.uuid({ message: 'Loan id must be a valid id' }),
  deviceId: z.uuid({ message: 'Device id must be a valid id' }),
  kind: z.enum(LICENSE_KINDS, { message: 'Kind must be online or offline' }),
});
export type TIssueLicenseRequest = z.infer<typeof ZIssueLicenseRequest>;

/** A device holds at most a few hundred licences; one status call covers them all. */
export const LICENSE_STATUS_MAX_IDS = 200;

export const ZLicenseStatusRequest = z.object({
  ids: z
    .array(z.uuid({ message: 'Each licence id must be a valid id' }), { message: 'ids must be a list of licence ids' })
    .min(1, 'ids must list at least one licence')
    .max(LICENSE_STATUS_MAX_IDS, `ids may list at most ${LICENSE_STATUS_MAX_IDS} licences`),
});
export type TLicenseStatusRequest = z.infer<typeof ZLicenseStatusRequest>;

const numericDate = z.number().int().nonnegative();

/**
 * The payload of a licence JWS (shared/reader.ts TLicenseClaims). Checked after the signature, so a
 * token that is validly signed but not shaped like a licence (another JWT from the same keys) is refused.
 */
export const ZLicenseClaims = z.object({
  jti: z.uuid(),
  iss: z.string().min(1),
  aud: z.string().min(1),
  sub: z.string().min(1),
  loanId: z.uuid(),
  bookId: z.string().min(1),
  bookVersion: z.number().int().min(1),
  deviceId: z.uuid(),
  deviceKeyThumbprint: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  keyWrapped: z.string().regex(/^[A-Za-z0-9_-]+$/),
  kind: z.enum(LICENSE_KINDS),
  policy: z.object({
    watermark: z.object({ name: z.string(), email: z.string(), loanId: z.uuid() }),
    copyLimitChars: z.number().int().min(-1),
    print: z.literal(false),
  }),
  iat: numericDate,
  nbf: numericDate,
  exp: numericDate,
  serverTime: z.number().int().nonnegative(),
  renewalCount: z.number().int().nonnegative(),
  statusUrl: z.string().min(1),
});
