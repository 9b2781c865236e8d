/**
 * Configuration, read once from process.env and validated with zod.
 * A bad or missing variable stops the process with a message naming it, so a misconfigured
 * deployment fails at start-up instead of at the first request that needs the value.
 */
import { z } from 'zod';
import path from 'node:path';

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
  DEMO_SEED: booleanFromString.default(true),
  DEMO_CATALOGUE_SIZE: z.coerce.number().int().min(16).max(200_000).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPER_ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
});

export type TEnv = z.infer<typeof ZEnv> & { databaseFile: string; publicUrl: string };

export function parseEnv(source: Record<string, string | undefined>): TEnv {
  const result = ZEnv.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    databaseFile: env.DATABASE_FILE ?? path.join(env.DATA_DIR, 'wonderful-books.sqlite'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
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
