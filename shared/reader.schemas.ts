/**
 * zod request schemas of the reader and browser-device endpoints (the API validates with them): book
 * references, chunk addresses, search inside the book, copy events and a browser's device public key.
 */
import { z } from 'zod';
import type { TDevicePublicJwk } from './device-key-wrap';
import { MAX_CHUNKS_PER_REQUEST } from './reader';

/** A book named by its uuid or its slug (docs/ARCHITECTURE.md#conventions). */
export const ZBookRefParam = z.object({
  idOrSlug: z
    .string()
    .min(1, 'Book id is required')
    .max(200, 'Book id is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'Book id may contain only letters, digits and hyphens'),
});

/** Routes that take the book's uuid only (the reader always knows it from the manifest). */
export const ZBookUuidParam = z.object({ id: z.uuid({ message: 'Book id must be a valid id' }) });

/** Chunk indexes and versions are small non-negative integers; anything else is a bad request, never a 500. */
const wholeNumber = (label: string, min: number) =>
  z
    .string({ message: `${label} is required` })
    .regex(/^\d{1,9}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min, `${label} must be ${min} or more`));

export const ZChunkParams = z.object({
  id: z.uuid({ message: 'Book id must be a valid id' }),
  n: wholeNumber('Chunk number', 0),
});

export const ZChunkQuery = z.object({ v: wholeNumber('Version', 1) });

/** GET /api/books/:id/chunks?v=&from=&count=: consecutive chunks in one answer. */
export const ZChunkRunQuery = z.object({
  v: wholeNumber('Version', 1),
  from: wholeNumber('First chunk number', 0),
  count: wholeNumber('Chunk count', 1).pipe(
    z.number().max(MAX_CHUNKS_PER_REQUEST, `Chunk count must be ${MAX_CHUNKS_PER_REQUEST} or less`),
  ),
});

export const BOOK_SEARCH_MAX_CHARS = 200;

export const ZBookSearchQuery = z.object({
  q: z
    .string({ message: 'Search text is required' })
    .trim()
    .min(1, 'Search text is required')
    .max(BOOK_SEARCH_MAX_CHARS, `Search text must be at most ${BOOK_SEARCH_MAX_CHARS} characters`),
});
export type TBookSearchQuery = z.infer<typeof ZBookSearchQuery>;

/** One copy from the text layer; a page holds a few thousand characters, so 100,000 is far beyond any real copy. */
export const COPY_EVENT_MAX_CHARS = 100_000;

export const ZCopyEventRequest = z.object({
  characters: z
    .number({ message: 'Characters must be a number' })
    .int('Characters must be a whole number')
    .min(1, 'Characters must be 1 or more')
    .max(COPY_EVENT_MAX_CHARS, `Characters must be at most ${COPY_EVENT_MAX_CHARS}`),
});
export type TCopyEventRequest = z.infer<typeof ZCopyEventRequest>;

/** Members of an RSA or EC private JWK (RFC 7518 §6.2.2, §6.3.2): a browser must never send them. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth'] as const;
/** Public members each key type may carry, as WebCrypto's exportKey('jwk') writes them. */
const PUBLIC_JWK_MEMBERS = new Map<unknown, Set<string>>([
  ['RSA', new Set(['kty', 'n', 'e', 'alg', 'ext', 'key_ops', 'use'])],
  ['EC', new Set(['kty', 'crv', 'x', 'y', 'ext', 'key_ops', 'use'])],
]);

/** 3072 bits = 384 bytes = exactly 512 base64url characters without padding. */
export const DEVICE_KEY_BITS = 3072;
const MODULUS_CHARS = (DEVICE_KEY_BITS / 8 / 3) * 4;
/** base64url characters whose 6-bit value has the top bit set: the modulus really is 3072 bits, not less. */
const HIGH_BIT_FIRST_CHAR = /^[g-z0-9_-]/;
/**
 * A P-256 coordinate is 32 bytes: 43 base64url characters whose last one carries 4 bits and two zero bits, so one key
 * has one spelling (and one thumbprint).
 */
const P256_COORDINATE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

const ZRsaOaepPublicMembers = z.object({
  kty: z.literal('RSA'),
  alg: z.literal('RSA-OAEP-256', { message: 'Key algorithm (alg) must be RSA-OAEP-256' }),
  e: z.literal('AQAB', { message: 'Public exponent (e) must be AQAB (65537)' }),
  n: z
    .string({ message: 'Modulus (n) is required' })
    .regex(/^[A-Za-z0-9_-]+$/, 'Modulus (n) must be base64url')
    .refine(
      (n) => n.length === MODULUS_CHARS && HIGH_BIT_FIRST_CHAR.test(n),
      `Modulus (n) must be ${DEVICE_KEY_BITS} bits`,
    ),
  ext: z.boolean({ message: 'ext must be true or false' }).optional(),
  key_ops: z
    .array(z.enum(['encrypt', 'wrapKey'], { message: 'key_ops may list only encrypt and wrapKey' }))
    .max(2, 'key_ops may list only encrypt and wrapKey')
    .optional(),
  use: z.literal('enc', { message: 'use must be enc' }).optional(),
});

const p256Coordinate = (member: 'x' | 'y') =>
  z
    .string({ message: `Coordinate (${member}) is required` })
    .regex(P256_COORDINATE, `Coordinate (${member}) must be 32 bytes, base64url`);

const ZEcdhP256PublicMembers = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256', { message: 'Curve (crv) must be P-256' }),
  x: p256Coordinate('x'),
  y: p256Coordinate('y'),
  ext: z.boolean({ message: 'ext must be true or false' }).optional(),
  // WebCrypto exports an ECDH public key with key_ops [] (the public half of an ECDH pair does nothing by itself).
  key_ops: z
    .array(z.enum(['deriveKey', 'deriveBits'], { message: 'key_ops may list only deriveKey and deriveBits' }))
    .max(2, 'key_ops may list only deriveKey and deriveBits')
    .optional(),
  use: z.literal('enc', { message: 'use must be enc' }).optional(),
});

/**
 * The public half of a browser's device key, as WebCrypto exports it (`exportKey('jwk')`): ECDH P-256 (decision 023)
 * or, for browsers that made their key before, RSA-OAEP-256 3072. `kty` chooses which. Only public members are
 * accepted; the result keeps the members the thumbprint and the key wrapping need. Pure shape checks here; the API
 * also imports the key with WebCrypto (a point not on the curve, a modulus that is not usable, is refused there).
 */
export const ZDevicePublicJwk = z
  .record(z.string(), z.unknown(), { message: 'Public key must be a JWK object' })
  .superRefine((jwk, ctx) => {
    if (PRIVATE_JWK_MEMBERS.some((member) => member in jwk)) {
      ctx.addIssue({ code: 'custom', message: 'Send the public key only: private key members are not accepted' });
      return;
    }
    const allowed = PUBLIC_JWK_MEMBERS.get(jwk.kty);
    const unknown = allowed ? Object.keys(jwk).filter((member) => !allowed.has(member)) : [];
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: `Unexpected key members: ${unknown.slice(0, 5).join(', ')}` });
  })
  .pipe(
    z.discriminatedUnion('kty', [ZEcdhP256PublicMembers, ZRsaOaepPublicMembers], {
      error: 'Key type (kty) must be EC or RSA',
    }),
  )
  .transform(
    (jwk): TDevicePublicJwk =>
      jwk.kty === 'RSA'
        ? { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: jwk.alg }
        : { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
  );

export const DEVICE_NAME_MAX_CHARS = 100;

export const ZRegisterBrowserRequest = z.object({
  publicKey: ZDevicePublicJwk,
  name: z
    .string({ message: 'Name must be text' })
    .trim()
    .min(1, 'Name must not be empty')
    .max(DEVICE_NAME_MAX_CHARS, `Name must be at most ${DEVICE_NAME_MAX_CHARS} characters`)
    .optional(),
});
export type TRegisterBrowserRequest = z.input<typeof ZRegisterBrowserRequest>;
