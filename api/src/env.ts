/**
 * Configuration, read once from process.env and validated with zod.
 * A bad or missing variable stops the process with a message naming it, so a misconfigured
 * deployment fails at start-up instead of at the first request that needs the value.
 */
import { z } from 'zod';
import path from 'node:path';
import { parseLicenseSigningKeySet } from './features/licenses/signing-key-schema';
import { isSafeBlobKey } from './adapters/blobs/blob-store';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_FILE: z.string().min(1).optional(),
  /**
   * Defaults to on outside production, so `npm start` shows a full demo and production never seeds by
   * accident; with NODE_ENV=production it is refused unless ALLOW_DEMO_DATA_IN_PRODUCTION=true.
   */
  DEMO_SEED: booleanFromString.optional(),
  /**
   * Explicit consent to run production without a piece a real service needs (docs/product/operations.md).
   * Each one that is on is logged as a warning at start and listed by GET /api/admin/health.
   */
  ALLOW_DEMO_DATA_IN_PRODUCTION: booleanFromString.default(false),
  ALLOW_SIMULATED_PAYMENTS: booleanFromString.default(false),
  ALLOW_OUTBOX_MAILER: booleanFromString.default(false),
  DEMO_CATALOGUE_SIZE: z.coerce.number().int().min(16).max(200_000).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * smtp:// or smtps:// URL with credentials; when unset, mail stays in the local outbox (docs/product/decisions.md#9).
   */
  SMTP_URL: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^smtps?$/, message: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional())
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Wonderful Books <no-reply@wonderfulbooks.local>'),
  /**
   * Development and tests only: with the local outbox, each delivered message (codes and links live,
   * as the recipient gets it) is also written to this folder as JSON, the mailbox of this machine's
   * developer and of the end-to-end tests. The outbox itself keeps the redacted copy.
   */
  MAIL_DROP_DIR: z.string().trim().min(1).optional(),
  /** Folder of the local-disk blob store (avatars); defaults to DATA_DIR/blobs. */
  BLOB_DIR: z.string().min(1).optional(),
  /**
   * S3-compatible blob storage (docs/product/decisions.md#9): used instead of BLOB_DIR when S3_BUCKET,
   * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are all set. Without S3_ENDPOINT it is AWS S3 in S3_REGION.
   */
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
  ),
  S3_REGION: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION must be a region name such as eu-west-2 or auto')
      .optional(),
  ),
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and dashes',
      )
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Folder inside the bucket for every blob, e.g. wonderful-books/prod; slashes at either end are dropped. */
  S3_PREFIX: optionalText
    .transform((value) => value?.replace(/^\/+|\/+$/g, '') || undefined)
    .refine(
      (value) => value === undefined || isSafeBlobKey(value),
      'S3_PREFIX may use letters, digits, _ . - and single slashes',
    ),
  /** Path-style URLs (endpoint/bucket/key); defaults to true with S3_ENDPOINT and false for AWS itself. */
  S3_FORCE_PATH_STYLE: booleanFromString.optional(),
  SUPER_ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * How many reverse proxies in front of the server add X-Forwarded-For: 0/false trusts none and uses
   * the socket address, true means 1. Only set it behind a proxy, or clients can choose their own IP.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY must be true, false or a number of proxy hops')
    .default('false')
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
  /**
   * Break-glass super-admin login (docs/product/decisions.md#4): needs all three to be set, else the API answers 404.
   */
  EMERGENCY_LOGIN_ENABLED: booleanFromString.default(false),
  EMERGENCY_LOGIN_EMAIL: z.email({ message: 'EMERGENCY_LOGIN_EMAIL must be an e-mail address' }).optional(),
  EMERGENCY_LOGIN_PASSWORD_HASH: z
    .string()
    .regex(/^\$argon2id\$/, 'EMERGENCY_LOGIN_PASSWORD_HASH must be an argon2id hash (npm run admin -- hash-password)')
    .optional(),
  /** Trials per IP / per fingerprint inside the window past which new accounts start without one (docs/product/trial-policy.md). */
  TRIAL_MAX_PER_IP: z.coerce.number().int().min(1).default(25),
  TRIAL_MAX_PER_FINGERPRINT: z.coerce.number().int().min(1).default(10),
  TRIAL_WINDOW_DAYS: z.coerce.number().int().min(1).default(30),
  /** Registration attempts per IP and per fingerprint inside the attempt window before 'Too many'. */
  SIGNUP_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(10),
  SIGNUP_MAX_ATTEMPTS_PER_FINGERPRINT: z.coerce.number().int().min(1).default(5),
  SIGNUP_ATTEMPT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /** A source that keeps trying past twice its attempt limit is blocked this long ('temporarily blocked'). */
  SIGNUP_BLOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  /**
   * Payments (docs/product/decisions.md#9): Stripe when STRIPE_SECRET_KEY is set, else the embedded test-mode provider.
   */
  /**
   * The book assistant's optional model (docs/product/assistant.md#modes): an OpenAI-compatible endpoint. Unset, the
   * embedded extractive assistant answers and no book text leaves the server.
   */
  ASSISTANT_API_BASE: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^https?$/, message: 'ASSISTANT_API_BASE must be an http:// or https:// URL' }).optional())
    .optional(),
  ASSISTANT_API_KEY: optionalText,
  ASSISTANT_MODEL: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_BASIC: optionalText,
  STRIPE_PRICE_PREMIUM: optionalText,
  /** Signs the test-mode provider's webhooks; generated once into DATA_DIR when unset. */
  BILLING_WEBHOOK_SECRET: z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.string().min(16, 'BILLING_WEBHOOK_SECRET must be at least 16 characters').optional())
    .optional(),
  /**
   * Key-encryption key of book content keys (docs/ARCHITECTURE.md#protected-content): 32 bytes as base64url; generated
   * into DATA_DIR/content-kek when unset.
   */
  CONTENT_KEK: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'CONTENT_KEK must be 32 bytes encoded as base64url (43 characters)')
      .optional(),
  ),
  /** Id stored with every content key wrapped by CONTENT_KEK, so KEKs can rotate. */
  CONTENT_KEK_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'CONTENT_KEK_ID may use letters, digits, dot, dash and underscore (up to 64)')
      .optional(),
  ),
  /** Retired KEKs that still unwrap older content keys: comma-separated `<id>:<base64url key>`. */
  CONTENT_KEK_RETIRED: optionalText,
  /** Largest PDF the ingest pipeline accepts (admin upload and books:import), in bytes. */
  MAX_PDF_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(200 * 1024 * 1024),
  /**
   * Licence signing keys (docs/ARCHITECTURE.md#protected-content): a JSON JWK set of ES256 private keys, the last one
   * signs; generated into DATA_DIR when unset.
   */
  LICENSE_SIGNING_KEYS: optionalText.superRefine((value, ctx) => {
    const parsed = value === undefined ? null : parseLicenseSigningKeySet(value);
    if (parsed && !parsed.ok) ctx.addIssue({ code: 'custom', message: `LICENSE_SIGNING_KEYS ${parsed.message}` });
  }),
  /** How long an online licence (a reader open in a browser) stays valid before the reader asks again. */
  ONLINE_LICENSE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
});

/** The emergency-login account when it is enabled and fully configured; `demo` pre-fills the page in demo mode. */
export interface TEmergencyLoginConfig {
  email: string;
  passwordHash: string;
  demo: { email: string; password: string } | null;
}

export type TEnv = Omit<z.infer<typeof ZEnv>, 'DEMO_SEED'> & {
  DEMO_SEED: boolean;
  databaseFile: string;
  publicUrl: string;
  blobDir: string;
  /** Where the local outbox also writes each delivered message live (mailDropDir below); unset in production. */
  mailDropDir?: string;
  /** null unless EMERGENCY_LOGIN_ENABLED, EMERGENCY_LOGIN_EMAIL and EMERGENCY_LOGIN_PASSWORD_HASH are all set (or the demo set it). */
  emergencyLogin: TEmergencyLoginConfig | null;
  /** Set when Stripe is configured (all four STRIPE_* variables); null means the test-mode provider. */
  stripe: TStripeEnv | null;
  /** Set when S3 storage is configured (S3_BUCKET and both keys); null means the local disk under blobDir. */
  s3: TS3Env | null;
};

export interface TStripeEnv {
  secretKey: string;
  webhookSecret: string;
  prices: { basic: string; premium: string };
}

export interface TS3Env {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** '' for the bucket root. */
  prefix: string;
  forcePathStyle: boolean;
}

export function parseEnv(source: Record<string, string | undefined>): TEnv {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const problems = [...halfConfiguredFeatures(env), ...productionGaps(env)];
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_BASIC && env.STRIPE_PRICE_PREMIUM
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          prices: { basic: env.STRIPE_PRICE_BASIC, premium: env.STRIPE_PRICE_PREMIUM },
        }
      : null;
  const s3 = s3Config(env);
  const emergencyLogin =
    env.EMERGENCY_LOGIN_ENABLED && env.EMERGENCY_LOGIN_EMAIL && env.EMERGENCY_LOGIN_PASSWORD_HASH
      ? { email: env.EMERGENCY_LOGIN_EMAIL.toLowerCase(), passwordHash: env.EMERGENCY_LOGIN_PASSWORD_HASH, demo: null }
      : null;
  return {
    emergencyLogin,
    stripe,
    s3,
    ...env,
    DEMO_SEED: env.DEMO_SEED ?? env.NODE_ENV !== 'production',
    databaseFile: env.DATABASE_FILE ?? path.join(env.DATA_DIR, 'wonderful-books.sqlite'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    blobDir: env.BLOB_DIR ?? path.join(env.DATA_DIR, 'blobs'),
    mailDropDir: mailDropDir(env),
  };
}

type TParsedEnv = z.infer<typeof ZEnv>;

/**
 * Where the local outbox also delivers each message live: MAIL_DROP_DIR when set (development and tests), else in
 * demo mode without SMTP `DATA_DIR/mail`, the demo mailbox's folder (docs/product/accounts.md#demo-mailbox).
 * Production never has one: MAIL_DROP_DIR is refused there and demo mode is off.
 */
function mailDropDir(env: TParsedEnv): string | undefined {
  if (env.MAIL_DROP_DIR) return env.MAIL_DROP_DIR;
  const isDemo = (env.DEMO_SEED ?? env.NODE_ENV !== 'production') && env.NODE_ENV !== 'production';
  return isDemo && !env.SMTP_URL ? path.join(env.DATA_DIR, 'mail') : undefined;
}

/** A feature with some of its variables set and others missing is a mistake worth stopping for. */
function halfConfiguredFeatures(env: TParsedEnv): string[] {
  const problems: string[] = [];
  // Half-configured break-glass access would otherwise be a silent 404.
  if (env.EMERGENCY_LOGIN_ENABLED && (!env.EMERGENCY_LOGIN_EMAIL || !env.EMERGENCY_LOGIN_PASSWORD_HASH))
    problems.push('EMERGENCY_LOGIN_ENABLED: needs EMERGENCY_LOGIN_EMAIL and EMERGENCY_LOGIN_PASSWORD_HASH');
  // An endpoint without a model name (or the reverse) would silently fall back to the embedded assistant.
  if (Boolean(env.ASSISTANT_API_BASE) !== Boolean(env.ASSISTANT_MODEL))
    problems.push('ASSISTANT_API_BASE: needs ASSISTANT_MODEL (and the reverse)');
  // Half-configured Stripe would take money without hearing back (no webhook secret) or sell the wrong plan.
  if (env.STRIPE_SECRET_KEY) {
    const missing = STRIPE_REQUIRED.filter((key) => key !== 'STRIPE_SECRET_KEY' && !env[key]);
    if (missing.length > 0) problems.push(`STRIPE_SECRET_KEY: needs ${missing.join(', ')}`);
  }
  return problems;
}

const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC',
  'STRIPE_PRICE_PREMIUM',
] as const;

/**
 * What a production server must not run without (docs/product/operations.md#production-settings):
 * real payments, real mail, no demo data and its public address, each unless explicitly allowed.
 * A production deployment missing one of them would sell plans for free, keep every mail in a local
 * outbox or hand out demo accounts.
 */
function productionGaps(env: TParsedEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.STRIPE_SECRET_KEY && !env.ALLOW_SIMULATED_PAYMENTS)
    problems.push(
      `STRIPE_SECRET_KEY: production takes real payments; set ${STRIPE_REQUIRED.join(', ')} (or ALLOW_SIMULATED_PAYMENTS=true to run the test checkout, which upgrades accounts for free)`,
    );
  if (!env.SMTP_URL && !env.ALLOW_OUTBOX_MAILER)
    problems.push(
      'SMTP_URL: production delivers e-mail; set an smtp:// or smtps:// URL (or ALLOW_OUTBOX_MAILER=true to keep mail in the local outbox only)',
    );
  if (env.DEMO_SEED && !env.ALLOW_DEMO_DATA_IN_PRODUCTION)
    problems.push(
      'DEMO_SEED: production does not seed demo accounts and books; unset it (or ALLOW_DEMO_DATA_IN_PRODUCTION=true)',
    );
  if (!env.PUBLIC_URL)
    problems.push('PUBLIC_URL: production needs the address readers use, e.g. https://books.example.com');
  if (env.MAIL_DROP_DIR)
    problems.push('MAIL_DROP_DIR: writes live codes and links to disk; it is for development and tests only');
  return problems;
}

/**
 * Demo mode: seeded demo data outside production. Its conveniences (the emergency page pre-filled with
 * the demo super admin, demo passwords in the start-up banner) are only for requests from this machine.
 */
export function isDemoMode(env: Pick<TEnv, 'NODE_ENV' | 'DEMO_SEED'>): boolean {
  return env.DEMO_SEED && env.NODE_ENV !== 'production';
}

/** An explicit allowance in effect in production: logged loudly at start and shown to admins. */
export interface TProductionAllowance {
  variable: 'ALLOW_SIMULATED_PAYMENTS' | 'ALLOW_OUTBOX_MAILER' | 'ALLOW_DEMO_DATA_IN_PRODUCTION';
  meaning: string;
}

/** The allow flags that actually change something in this production configuration (none outside production). */
export function productionAllowances(env: TEnv): TProductionAllowance[] {
  if (env.NODE_ENV !== 'production') return [];
  const allowances: TProductionAllowance[] = [];
  if (env.ALLOW_SIMULATED_PAYMENTS && !env.stripe)
    allowances.push({
      variable: 'ALLOW_SIMULATED_PAYMENTS',
      meaning: 'Payments use the built-in test checkout: plans are not paid for.',
    });
  if (env.ALLOW_OUTBOX_MAILER && !env.SMTP_URL)
    allowances.push({
      variable: 'ALLOW_OUTBOX_MAILER',
      meaning: 'E-mail stays in the local outbox: readers receive no codes, links or receipts.',
    });
  if (env.ALLOW_DEMO_DATA_IN_PRODUCTION && env.DEMO_SEED)
    allowances.push({
      variable: 'ALLOW_DEMO_DATA_IN_PRODUCTION',
      meaning: 'Demo accounts and books are seeded into this production database.',
    });
  return allowances;
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_REGION', 'S3_PREFIX', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * S3 settings when the bucket and both keys are set, null when no S3_* variable is. Anything in
 * between stops start-up: silently falling back to the local disk would store books where nobody looks.
 */
function s3Config(env: TParsedEnv): TS3Env | null {
  const present = [...S3_REQUIRED, ...S3_OPTIONAL].filter((key) => env[key] !== undefined);
  if (present.length === 0) return null;
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket || !accessKeyId || !secretAccessKey) {
    const missing = S3_REQUIRED.filter((key) => env[key] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n  ${present[0]}: S3 storage also needs ${missing.join(', ')} (set all of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or no S3_* variable for the local disk)`,
    );
  }
  const region = env.S3_REGION ?? 'us-east-1';
  return {
    endpoint: env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    prefix: env.S3_PREFIX ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
  };
}

export class ConfigError extends Error {}

/** Loads the process environment or exits with the message; only entry points call this. */
export function loadEnvOrExit(): TEnv {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }
}
