/**
 * Demo accounts (one per role and per subscription state) and the SUPER_ADMIN_EMAILS bootstrap
 * (docs/product/decisions.md#3: roles come only from the database).
 *
 * Owns `<DATA_DIR>/demo-accounts.json` (mode 0600): the demo accounts' labels, e-mails, roles, tiers
 * and passwords. No password is written in code: each is generated randomly the first time, stored
 * in that file and reused on later runs. If an account exists but its password is not in the file
 * (the file was deleted), the account gets a new random password and the file is rewritten.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, ne, and, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TRole, TSubscriptionTier } from '@shared/tiers';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../lib/password';
import type { Db } from '../client';
import { auditLogs, emailPreferences, users } from '../schema';

const DAY_MS = 86_400_000;
export const DEMO_EMAIL_DOMAIN = 'demo.wonderfulbooks.local';
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.json';

type TDemoState = 'trial' | 'basic' | 'premium' | 'expired';

interface TDemoAccountSpec {
  label: string;
  localPart: string;
  username: string;
  firstName: string;
  lastName: string;
  role: TRole;
  state: TDemoState;
}

/** Every role, and every subscription state a reader can be in. */
export const DEMO_ACCOUNT_SPECS: TDemoAccountSpec[] = [
  {
    label: 'Super admin',
    localPart: 'super.admin',
    username: 'demo_super_admin',
    firstName: 'Sam',
    lastName: 'Sterling',
    role: 'super_admin',
    state: 'premium',
  },
  {
    label: 'Admin',
    localPart: 'admin',
    username: 'demo_admin',
    firstName: 'Alex',
    lastName: 'Morgan',
    role: 'admin',
    state: 'premium',
  },
  {
    label: 'Moderator',
    localPart: 'moderator',
    username: 'demo_moderator',
    firstName: 'Maya',
    lastName: 'Patel',
    role: 'moderator',
    state: 'basic',
  },
  {
    label: 'Reader (trial)',
    localPart: 'reader.trial',
    username: 'demo_reader_trial',
    firstName: 'Tom',
    lastName: 'Hughes',
    role: 'user',
    state: 'trial',
  },
  {
    label: 'Reader (basic)',
    localPart: 'reader.basic',
    username: 'demo_reader_basic',
    firstName: 'Bea',
    lastName: 'Fraser',
    role: 'user',
    state: 'basic',
  },
  {
    label: 'Reader (premium)',
    localPart: 'reader.premium',
    username: 'demo_reader_premium',
    firstName: 'Priya',
    lastName: 'Shah',
    role: 'user',
    state: 'premium',
  },
  {
    label: 'Reader (expired trial)',
    localPart: 'reader.expired',
    username: 'demo_reader_expired',
    firstName: 'Eddie',
    lastName: 'Ward',
    role: 'user',
    state: 'expired',
  },
];

export interface TDemoAccount {
  label: string;
  email: string;
  password: string;
  role: string;
  tier: string;
}

const ZDemoAccountsFile = z.object({
  accounts: z.array(
    z.object({ label: z.string(), email: z.string(), password: z.string().min(8), role: z.string(), tier: z.string() }),
  ),
});

/** Public tier of a demo state: an expired trial is the 'free' tier (docs/product/decisions.md#7). */
function tierOf(state: TDemoState): TSubscriptionTier {
  return state === 'expired' ? 'free' : state;
}

export function demoEmail(spec: Pick<TDemoAccountSpec, 'localPart'>): string {
  return `${spec.localPart}@${DEMO_EMAIL_DOMAIN}`;
}

/**
 * A readable random password: 20 characters from a 32-symbol alphabet without look-alikes (no l, o,
 * 0, 1), in groups of four: 100 bits of entropy, e.g. "k7qm-x3pa-9rtd-wv2e-hn5c".
 */
export function generateDemoPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  const chars = [...bytes].map((byte) => alphabet[byte & 31]);
  return [0, 4, 8, 12, 16].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

function readAccountsFile(file: string): Map<string, TDemoAccount> {
  if (!fs.existsSync(file)) return new Map();
  // Tighten permissions if someone loosened them: the file holds live passwords.
  fs.chmodSync(file, 0o600);
  try {
    const parsed = ZDemoAccountsFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success
      ? new Map(parsed.data.accounts.map((account) => [account.email.toLowerCase(), account]))
      : new Map();
  } catch {
    return new Map();
  }
}

function writeAccountsFile(file: string, accounts: TDemoAccount[]): void {
  const body = `${JSON.stringify(
    {
      note:
        'Demo accounts created by the seed (DEMO_SEED). Local demo only. ' +
        'Delete this file to give every demo account a new password at the next start.',
      accounts,
    },
    null,
    2,
  )}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, body, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** What the transaction must write for the demo accounts; prepared outside it because hashing is async. */
export interface TDemoAccountPlan {
  accounts: TDemoAccount[];
  inserts: (typeof users.$inferInsert)[];
  passwordResets: { email: string; passwordHash: string }[];
  file: string;
  /** Whether demo-accounts.json must be (re)written after the transaction commits. */
  fileChanged: boolean;
}

export async function planDemoAccounts(deps: Pick<AppDeps, 'db' | 'env' | 'now'>): Promise<TDemoAccountPlan> {
  const file = path.join(deps.env.DATA_DIR, DEMO_ACCOUNTS_FILE);
  const stored = readAccountsFile(file);
  const emails = DEMO_ACCOUNT_SPECS.map(demoEmail);
  const existing = new Set(
    deps.db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, emails))
      .all()
      .map((row) => row.email),
  );
  const now = deps.now().getTime();

  const accounts: TDemoAccount[] = [];
  const toHash: { email: string; password: string; isNew: boolean; spec: TDemoAccountSpec }[] = [];
  for (const spec of DEMO_ACCOUNT_SPECS) {
    const email = demoEmail(spec);
    const storedPassword = stored.get(email)?.password;
    const password = storedPassword ?? generateDemoPassword();
    accounts.push({ label: spec.label, email, password, role: spec.role, tier: tierOf(spec.state) });
    if (!existing.has(email)) toHash.push({ email, password, isNew: true, spec });
    else if (!storedPassword) toHash.push({ email, password, isNew: false, spec });
  }

  // argon2 runs on the libuv thread pool, so the hashes are computed in parallel.
  const hashes = await Promise.all(toHash.map((entry) => hashPassword(entry.password)));
  const inserts: TDemoAccountPlan['inserts'] = [];
  const passwordResets: TDemoAccountPlan['passwordResets'] = [];
  toHash.forEach((entry, index) => {
    if (entry.isNew) inserts.push(demoUserRow(entry.spec, entry.email, hashes[index], now));
    else passwordResets.push({ email: entry.email, passwordHash: hashes[index] });
  });

  const previous = DEMO_ACCOUNT_SPECS.map(demoEmail).map((email) => stored.get(email));
  const fileChanged =
    !fs.existsSync(file) ||
    accounts.some((account, index) => JSON.stringify(account) !== JSON.stringify(previous[index]));
  return { accounts, inserts, passwordResets, file, fileChanged };
}

function demoUserRow(
  spec: TDemoAccountSpec,
  email: string,
  passwordHash: string,
  now: number,
): typeof users.$inferInsert {
  const at = (days: number) => new Date(now + days * DAY_MS);
  const phoneSuffix = String(DEMO_ACCOUNT_SPECS.indexOf(spec) + 1).padStart(3, '0');
  const base = {
    email,
    username: spec.username,
    firstName: spec.firstName,
    lastName: spec.lastName,
    // Ofcom reserves 020 7946 0000-0999 for drama: valid London numbers that never reach a person.
    phoneNumber: `+4420794600${phoneSuffix.slice(-2)}`,
    countryCode: 'GB',
    passwordHash,
    emailVerified: true,
    authProvider: 'local',
    role: spec.role,
    isActive: true,
    freeTrialUsed: true,
  } satisfies Partial<typeof users.$inferInsert>;

  switch (spec.state) {
    case 'trial':
      return {
        ...base,
        subscriptionTier: 'trial',
        subscriptionStatus: 'active',
        trialStartedAt: at(-2),
        trialEndsAt: at(5),
        freeTrialStartedAt: at(-2),
        freeTrialEndedAt: at(5),
      };
    case 'expired':
      return {
        ...base,
        subscriptionTier: 'free',
        subscriptionStatus: 'inactive',
        trialStartedAt: at(-10),
        trialEndsAt: at(-3),
        freeTrialStartedAt: at(-10),
        freeTrialEndedAt: at(-3),
      };
    default:
      // A paid reader who used the trial earlier and is part-way through a monthly period.
      return {
        ...base,
        subscriptionTier: spec.state,
        subscriptionStatus: 'active',
        trialStartedAt: at(-40),
        trialEndsAt: at(-33),
        freeTrialStartedAt: at(-40),
        freeTrialEndedAt: at(-33),
        subscriptionCurrentPeriodEnd: at(27),
      };
  }
}

/** Applies the plan inside the seed transaction: creates missing accounts, resets orphaned passwords. */
export function applyDemoAccounts(db: Db, plan: TDemoAccountPlan): { created: number; passwordsReset: number } {
  const created = plan.inserts.length
    ? db.insert(users).values(plan.inserts).onConflictDoNothing({ target: users.email }).run().changes
    : 0;
  for (const reset of plan.passwordResets) {
    db.update(users).set({ passwordHash: reset.passwordHash }).where(eq(users.email, reset.email)).run();
  }
  // Every demo account has e-mail preferences (with its own unsubscribe token) like a registered user.
  const rows = db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, DEMO_ACCOUNT_SPECS.map(demoEmail)))
    .all();
  if (rows.length > 0) {
    db.insert(emailPreferences)
      .values(
        rows.map((row) => ({
          userId: row.id,
          email: row.email,
          unsubscribeToken: randomBytes(24).toString('base64url'),
        })),
      )
      .onConflictDoNothing({ target: emailPreferences.userId })
      .run();
  }
  return { created, passwordsReset: plan.passwordResets.length };
}

export function finishDemoAccounts(plan: TDemoAccountPlan): void {
  if (plan.fileChanged) writeAccountsFile(plan.file, plan.accounts);
}

/**
 * Server-side bootstrap of docs/product/decisions.md#3: existing accounts whose e-mail is in
 * SUPER_ADMIN_EMAILS become super admins. Each promotion is audited. Returns the promoted e-mails.
 */
export function promoteSuperAdmins(deps: Pick<AppDeps, 'db' | 'env' | 'logger'>): string[] {
  const emails = deps.env.SUPER_ADMIN_EMAILS;
  if (emails.length === 0) return [];
  const promoted = deps.db
    .update(users)
    .set({ role: 'super_admin' })
    .where(and(inArray(sql`lower(${users.email})`, emails), ne(users.role, 'super_admin')))
    .returning({ id: users.id, email: users.email })
    .all();
  if (promoted.length > 0) {
    deps.db
      .insert(auditLogs)
      .values(
        promoted.map((user) => ({
          userId: user.id,
          action: 'role.bootstrap_promote',
          resource: 'user',
          resourceId: user.id,
          details: { role: 'super_admin', source: 'SUPER_ADMIN_EMAILS' },
          severity: 'warning' as const,
        })),
      )
      .run();
    deps.logger.warn(
      { emails: promoted.map((user) => user.email) },
      'promoted accounts listed in SUPER_ADMIN_EMAILS to super_admin',
    );
  }
  return promoted.map((user) => user.email);
}
