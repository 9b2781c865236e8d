/** zod request schemas of the licence endpoints (the API validates with them). */
import { z } from 'zod';
import { DEVICE_KEY_WRAP_ALGS, ECDH_HKDF_A256KW } from './device-key-wrap';
import { CHUNK_CIPHER, LICENSE_KINDS } from './reader';

/**
 * An offline licence's content cipher is A256GCM and nothing else
 * (docs/product/offline-and-devices.md#offline-licences).
 */
export const ZLicenseAlgorithm = z.literal(CHUNK_CIPHER, { message: `Algorithm must be ${CHUNK_CIPHER}` });

export const ZIssueLicenseRequest = z
  .object({
    /** The reader's active loan; or `bookId` instead, which opens (creates or reuses) the loan in the same call. */
    loanId: z.uuid({ message: 'Loan id must be a valid id' }).optional(),
    /** Book uuid or slug: saves the reader a round trip on every book open. */
    bookId: z
      .string({ message: 'Book id must be text' })
      .trim()
      .min(1, 'Book id must not be empty')
      .max(200, 'Book id is too long')
      .optional(),
    deviceId: z.uuid({ message: 'Device id must be a valid id' }),
    kind: z.enum(LICENSE_KINDS, { message: 'Kind must be online or offline' }),
    /** Optional: a client may state the cipher it expects; anything but A256GCM is refused. */
    algorithm: ZLicenseAlgorithm.optional(),
  })
  .superRefine((value, context) => {
    if ((value.loanId === undefined) === (value.bookId === undefined)) {
      context.addIssue({ code: 'custom', path: ['loanId'], message: 'Give either a loan id or a book id' });
    }
  });
export type TIssueLicenseRequest = z.infer<typeof ZIssueLicenseRequest>;

export const ZLicenseIdParam = z.object({ id: z.uuid({ message: 'Licence id must be a valid id' }) });

/** A device holds at most a few hundred licences; one status call covers them all. */
export const LICENSE_STATUS_MAX_IDS = 200;

export const ZLicenseStatusRequest = z.object({
  ids: z
    .array(z.uuid({ message: 'Each licence id must be a valid id' }), { message: 'ids must be a list of licence ids' })
    .min(1, 'ids must list at least one licence')
    .max(LICENSE_STATUS_MAX_IDS, `ids may list at most ${LICENSE_STATUS_MAX_IDS} licences`),
  /** The asking device: the answer then says whether it is still registered (TDeviceStatus). */
  deviceId: z.uuid({ message: 'Device id must be a valid id' }).optional(),
});
export type TLicenseStatusRequest = z.infer<typeof ZLicenseStatusRequest>;

const numericDate = z.number().int().nonnegative();

/**
 * The payload of a licence JWS (shared/reader.ts TLicenseClaims). Checked after the signature, so a
 * token that is validly signed but not shaped like a licence (another JWT from the same keys) is refused.
 */
export const ZLicenseClaims = z
  .object({
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
    // Absent in licences issued before decision 023 (all RSA-OAEP-256); checked against epk below.
    keyWrapAlg: z.enum(DEVICE_KEY_WRAP_ALGS).optional(),
    epk: z
      .object({
        kty: z.literal('EC'),
        crv: z.literal('P-256'),
        x: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
        y: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
      })
      .optional(),
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
  })
  .refine((claims) => (claims.keyWrapAlg === ECDH_HKDF_A256KW) === (claims.epk !== undefined), {
    message: 'epk goes with the ECDH key wrapping and nothing else',
  });
