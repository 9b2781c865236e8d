/**
 * `npm run admin -- <command>`: account administration from a shell on the server, the second
 * bootstrap of docs/product/decisions.md#3 next to SUPER_ADMIN_EMAILS. Every change is written to the audit
 * log with `source: 'cli'` (there is no signed-in actor). Passwords given on the command line end up
 * in shell history, so when --password is left out a random one is generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZEmail, ZNewPassword, ZUsername } from '@shared/auth.schemas';
import { ROLES, type TRole } from '@shared/tiers';
import type { AppDeps } from '../../deps';
import { immediateTransaction } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';
import { ensureEmailPreferences } from '../email/email.service';
import { hashPassword } from '../../lib/password';
import { deleteUserSessions } from './session.service';

export const ADMIN_CLI_USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user     --email <email> [--password <password>] [--role user|moderator|admin|super_admin]
                  [--first-name <name>] [--last-name <name>] [--username <username>]
  set-role        --email <email> --role user|moderator|admin|super_admin
  reset-password  --email <email> [--password <password>]   (signs the account out everywhere)
  hash-password   [--password <password>]   (prints an argon2id hash for EMERGENCY_LOGIN_PASSWORD_HASH)

Without --password a random password is generated and printed once.
`;

export interface TAdminCliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

type TCliDeps = Pick<AppDeps, 'db' | 'now'>;

class UsageError extends Error {}
/** The command was well formed but cannot be done (no such account, already exists). */
class CliFailure extends Error {}

/** 24 characters from a look-alike-free alphabet: about 120 bits. */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(24)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

function parseField<T>(schema: z.ZodType<T>, value: string | undefined, flag: string): T {
  if (value === undefined) throw new UsageError(`${flag} is required`);
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(`${flag}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
  return result.data;
}

const ZRole = z.enum(ROLES, { message: `must be one of ${ROLES.join(', ')}` });

function findUser(db: TCliDeps['db'], email: string) {
  const user = db.select().from(users).where(eq(users.email, email)).get();
  if (!user) throw new CliFailure(`no account with the email ${email}`);
  return user;
}

/** Runs one command; returns the process exit code (0 ok, 1 failed, 2 bad usage). */
export async function runAdminCli(argv: string[], deps: TCliDeps, io: TAdminCliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const { values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        username: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    const at = deps.now();
    const audit = (entry: Parameters<typeof recordAudit>[1]) =>
      recordAudit(deps, { ...entry, details: { source: 'cli', ...entry.details } });

    switch (command) {
      case 'create-user': {
        const email = parseField(ZEmail, values.email, '--email');
        const role: TRole = values.role === undefined ? 'user' : parseField(ZRole, values.role, '--role');
        const username = values.username === undefined ? null : parseField(ZUsername, values.username, '--username');
        const generated = values.password === undefined;
        const password = generated ? generatePassword() : parseField(ZNewPassword, values.password, '--password');
        const passwordHash = await hashPassword(password);
        const user = immediateTransaction(deps.db, () => {
          if (deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) {
            throw new CliFailure(`an account with the email ${email} already exists`);
          }
          const created = deps.db
            .insert(users)
            .values({
              email,
              username,
              firstName: values['first-name']?.trim() || null,
              lastName: values['last-name']?.trim() || null,
              passwordHash,
              role,
              // Created by an operator, so the address is taken as confirmed; no free trial is granted.
              emailVerified: true,
              subscriptionTier: 'free',
              subscriptionStatus: 'inactive',
              createdAt: at,
              updatedAt: at,
            })
            .returning()
            .get();
          ensureEmailPreferences({ db: deps.db, user: created, now: at });
          audit({
            action: 'user.create',
            resource: 'user',
            resourceId: created.id,
            userId: created.id,
            severity: 'warning',
            details: { role },
          });
          return created;
        });
        io.out(`Created ${user.email} (${user.role}), id ${user.id}.\n`);
        if (generated) io.out(`Password: ${password}\n`);
        return 0;
      }
      case 'set-role': {
        const email = parseField(ZEmail, values.email, '--email');
        const role = parseField(ZRole, values.role, '--role');
        const { previous, user } = immediateTransaction(deps.db, () => {
          const found = findUser(deps.db, email);
          deps.db.update(users).set({ role, updatedAt: at }).where(eq(users.id, found.id)).run();
          audit({
            action: 'role.change',
            resource: 'user',
            resourceId: found.id,
            userId: found.id,
            severity: 'warning',
            details: { from: found.role, to: role },
          });
          return { previous: found.role, user: found };
        });
        io.out(`${user.email}: role ${previous} -> ${role}.\n`);
        return 0;
      }
      case 'reset-password': {
        const email = parseField(ZEmail, values.email, '--email');
        findUser(deps.db, email);
        const generated = values.password === undefined;
        const password = generated ? generatePassword() : parseField(ZNewPassword, values.password, '--password');
        const passwordHash = await hashPassword(password);
        immediateTransaction(deps.db, () => {
          const user = findUser(deps.db, email);
          deps.db
            .update(users)
            .set({ passwordHash, passwordResetToken: null, passwordResetExpires: null, updatedAt: at })
            .where(eq(users.id, user.id))
            .run();
          deleteUserSessions({ db: deps.db, userId: user.id });
          audit({
            action: 'auth.password_reset.admin',
            resource: 'user',
            resourceId: user.id,
            userId: user.id,
            severity: 'warning',
            details: { sessionsEnded: true },
          });
        });
        io.out(`Password of ${email} reset; every session of the account was ended.\n`);
        if (generated) io.out(`Password: ${password}\n`);
        return 0;
      }
      case 'hash-password': {
        const generated = values.password === undefined;
        const password = generated ? generatePassword() : parseField(ZNewPassword, values.password, '--password');
        if (generated) io.out(`Password: ${password}\n`);
        io.out(`${await hashPassword(password)}\n`);
        return 0;
      }
      case undefined:
      case 'help':
      case '--help':
        io.out(ADMIN_CLI_USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof CliFailure) {
      io.err(`Error: ${error.message}\n`);
      return 1;
    }
    // parseArgs reports unknown or malformed flags with ERR_PARSE_ARGS_* codes.
    const code = (error as { code?: unknown }).code;
    if (error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`Error: ${(error as Error).message}\n\n${ADMIN_CLI_USAGE}`);
      return 2;
    }
    throw error;
  }
}
