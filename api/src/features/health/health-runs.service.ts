/**
 * Health runs and alerts (docs/product/operations.md#health-checks). A run makes every check (health-checks.ts), retrying
 * a failing one before declaring it unhealthy, and stores the run and its items (health_check_runs, health_check_items).
 * Alerts e-mail every admin when a check is unhealthy, at most once per check per cooldown (system_config
 * health_alert_cooldown_minutes, read at each run so a change applies at once), and once more when it recovers; their
 * state lives in health_alert_state. Written by the `health-checks` job and the dashboard's "Run checks now".
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  HEALTH_CHECK_LABELS,
  HEALTH_CHECK_NAMES,
  type TAdminHealthDashboard,
  type THealthCheckItem,
  type THealthRunDetail,
  type THealthState,
  type TPublicHealthStatus,
} from '@shared/health';
import { immediateTransaction } from '../../db/client';
import { readNumberSetting } from '../../db/system-settings';
import { healthAlertState, healthCheckItems, healthCheckRuns, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { sendEmail } from '../email/email.service';
import { healthAlertEmail } from '../email/templates';
import { HEALTH_CHECKS, type THealthCheck, type THealthCheckOutcome } from './health-checks';

export type THealthRunDeps = Pick<AppDeps, 'db' | 'env' | 'blobs' | 'mailer' | 'now' | 'logger'>;

/** Attempts per check before it counts as unhealthy (docs/product/operations.md#health-checks). */
export const HEALTH_CHECK_ATTEMPTS = 3;
const DEFAULT_RETRY_DELAY_MS = 2_000;
export const DEFAULT_HEALTH_ALERT_COOLDOWN_MINUTES = 30;
/** Runs kept for the history; older ones (and their items) are deleted by the next run. */
const HISTORY_DAYS = 14;
const HISTORY_RUNS = 24;

const RANK: Record<THealthState, number> = { healthy: 0, degraded: 1, unhealthy: 2 };

export function worstStatus(states: THealthState[]): THealthState {
  return states.reduce<THealthState>((worst, state) => (RANK[state] > RANK[worst] ? state : worst), 'healthy');
}

export function readAlertCooldownMinutes(db: AppDeps['db']): number {
  return readNumberSetting(db, 'health_alert_cooldown_minutes', DEFAULT_HEALTH_ALERT_COOLDOWN_MINUTES, {
    min: 0,
    max: 10_080,
    integer: true,
  });
}

async function attempt(check: THealthCheck, deps: THealthRunDeps): Promise<THealthCheckOutcome> {
  try {
    return await check.run(deps);
  } catch (error) {
    return { status: 'unhealthy', message: error instanceof Error ? error.message.slice(0, 300) : 'The check failed.' };
  }
}

/** One check with retries: an unhealthy answer is tried again before it counts. */
async function runCheck(
  check: THealthCheck,
  deps: THealthRunDeps,
  retryDelayMs: number,
): Promise<THealthCheckOutcome & { durationMs: number; attempts: number }> {
  const started = performance.now();
  let outcome = await attempt(check, deps);
  let attempts = 1;
  while (outcome.status === 'unhealthy' && attempts < HEALTH_CHECK_ATTEMPTS) {
    if (retryDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    outcome = await attempt(check, deps);
    attempts += 1;
  }
  return { ...outcome, durationMs: Math.round(performance.now() - started), attempts };
}

export interface TRunHealthOptions {
  checks?: THealthCheck[];
  retryDelayMs?: number;
}

/** Makes every check, stores the run, sends the alerts it calls for; returns the stored run. */
export async function runHealthChecks(
  deps: THealthRunDeps,
  options: TRunHealthOptions = {},
): Promise<THealthRunDetail> {
  const { db } = deps;
  const checks = options.checks ?? HEALTH_CHECKS;
  const startedAt = deps.now();
  const run = db.insert(healthCheckRuns).values({ startedAt }).returning({ id: healthCheckRuns.id }).get();
  const outcomes: (Awaited<ReturnType<typeof runCheck>> & { name: string })[] = [];
  for (const check of checks) {
    const outcome = await runCheck(check, deps, options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS);
    outcomes.push({ name: check.name, ...outcome });
  }
  const finishedAt = deps.now();
  const overallStatus = worstStatus(outcomes.map((outcome) => outcome.status));
  immediateTransaction(db, () => {
    for (const outcome of outcomes) {
      db.insert(healthCheckItems)
        .values({
          runId: run.id,
          name: outcome.name,
          status: outcome.status,
          durationMs: outcome.durationMs,
          message: outcome.message,
          metaJson: { ...outcome.meta, attempts: outcome.attempts },
          createdAt: finishedAt,
        })
        .run();
    }
    const counts = Object.fromEntries(
      (['healthy', 'degraded', 'unhealthy'] as const).map((state) => [
        state,
        outcomes.filter((outcome) => outcome.status === state).length,
      ]),
    );
    db.update(healthCheckRuns)
      .set({ finishedAt, overallStatus, summaryJson: counts })
      .where(eq(healthCheckRuns.id, run.id))
      .run();
    pruneHistory(db, finishedAt);
  });
  await sendHealthAlerts(
    deps,
    outcomes.map((outcome) => ({ name: outcome.name, status: outcome.status, message: outcome.message })),
  );
  return loadRun(db, run.id)!;
}

function pruneHistory(db: AppDeps['db'], now: Date): void {
  const before = new Date(now.getTime() - HISTORY_DAYS * 24 * 60 * 60 * 1000);
  // Items go with their run (on delete cascade).
  db.delete(healthCheckRuns).where(lt(healthCheckRuns.startedAt, before)).run();
}

function adminRecipients(db: AppDeps['db']) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(inArray(users.role, ['admin', 'super_admin']), eq(users.isActive, true)))
    .all();
}

/**
 * One alert type per check (`check:<name>`). Unhealthy: e-mail the admins unless an alert went out within the cooldown.
 * Healthy or degraded after an alert: e-mail a recovery notice once. The cooldown counts from the last failure alert,
 * so a check that flaps sends at most one failure alert per cooldown.
 */
export async function sendHealthAlerts(
  deps: THealthRunDeps,
  outcomes: { name: string; status: THealthState; message: string }[],
): Promise<{ sent: string[]; recovered: string[] }> {
  const { db } = deps;
  const now = deps.now();
  const cooldownMinutes = readAlertCooldownMinutes(db);
  const sent: string[] = [];
  const recovered: string[] = [];
  for (const outcome of outcomes) {
    const alertType = `check:${outcome.name}`;
    const state = db.select().from(healthAlertState).where(eq(healthAlertState.alertType, alertType)).get();
    const failing = outcome.status === 'unhealthy';
    if (failing) {
      const cooled = !state?.lastSentAt || now.getTime() - state.lastSentAt.getTime() >= cooldownMinutes * 60_000;
      if (!cooled) continue;
      db.insert(healthAlertState)
        .values({ alertType, status: 'alerting', lastSentAt: now, cooldownMinutes, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: healthAlertState.alertType,
          set: { status: 'alerting', lastSentAt: now, cooldownMinutes, updatedAt: now },
        })
        .run();
      await mailAdmins(deps, { kind: 'failure', name: outcome.name, message: outcome.message, at: now });
      sent.push(outcome.name);
    } else if (state?.status === 'alerting') {
      db.update(healthAlertState)
        .set({ status: 'ok', updatedAt: now })
        .where(eq(healthAlertState.alertType, alertType))
        .run();
      await mailAdmins(deps, { kind: 'recovery', name: outcome.name, message: outcome.message, at: now });
      recovered.push(outcome.name);
    }
  }
  return { sent, recovered };
}

async function mailAdmins(
  deps: THealthRunDeps,
  alert: { kind: 'failure' | 'recovery'; name: string; message: string; at: Date },
): Promise<void> {
  const label = HEALTH_CHECK_LABELS[alert.name as keyof typeof HEALTH_CHECK_LABELS] ?? alert.name;
  for (const admin of adminRecipients(deps.db)) {
    await sendEmail(deps, {
      user: admin,
      emailType: alert.kind === 'failure' ? 'health_alert' : 'health_recovery',
      category: 'transactional',
      template: healthAlertEmail({
        firstName: admin.firstName,
        kind: alert.kind,
        check: label,
        message: alert.message,
        at: alert.at,
      }),
    });
  }
}

type TRunRow = typeof healthCheckRuns.$inferSelect;
type TItemRow = typeof healthCheckItems.$inferSelect;

function toItem(row: TItemRow): THealthCheckItem {
  return {
    name: row.name,
    label: HEALTH_CHECK_LABELS[row.name as keyof typeof HEALTH_CHECK_LABELS] ?? row.name,
    status: row.status,
    durationMs: row.durationMs,
    message: row.message,
    meta: row.metaJson ?? null,
    checkedAt: row.createdAt.toISOString(),
  };
}

const checkOrder = (name: string) => {
  const index = (HEALTH_CHECK_NAMES as readonly string[]).indexOf(name);
  return index === -1 ? HEALTH_CHECK_NAMES.length : index;
};

function toRun(row: TRunRow, items: TItemRow[]): THealthRunDetail {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    overallStatus: row.overallStatus ?? null,
    items: items.map(toItem).sort((a, b) => checkOrder(a.name) - checkOrder(b.name)),
  };
}

function loadRun(db: AppDeps['db'], id: string): THealthRunDetail | null {
  const row = db.select().from(healthCheckRuns).where(eq(healthCheckRuns.id, id)).get();
  if (!row) return null;
  return toRun(row, db.select().from(healthCheckItems).where(eq(healthCheckItems.runId, id)).all());
}

function recentRuns(db: AppDeps['db'], limit: number): THealthRunDetail[] {
  const runs = db.select().from(healthCheckRuns).orderBy(desc(healthCheckRuns.startedAt)).limit(limit).all();
  if (runs.length === 0) return [];
  const items = db
    .select()
    .from(healthCheckItems)
    .where(
      inArray(
        healthCheckItems.runId,
        runs.map((run) => run.id),
      ),
    )
    .all();
  return runs.map((run) =>
    toRun(
      run,
      items.filter((item) => item.runId === run.id),
    ),
  );
}

/** The admin dashboard: the latest finished run in full, recent runs, the alert states. */
export function adminHealthDashboard({ db }: Pick<AppDeps, 'db'>): TAdminHealthDashboard {
  const history = recentRuns(db, HISTORY_RUNS).filter((run) => run.finishedAt !== null);
  const alerts = db
    .select()
    .from(healthAlertState)
    .orderBy(healthAlertState.alertType)
    .all()
    .map((row) => ({
      alertType: row.alertType,
      status: row.status,
      lastSentAt: row.lastSentAt?.toISOString() ?? null,
      cooldownMinutes: row.cooldownMinutes,
    }));
  return { latest: history[0] ?? null, history, alerts, cooldownMinutes: readAlertCooldownMinutes(db) };
}

/** What anyone may see (docs/product/decisions.md#5): overall status, check names and times. */
export function publicHealthStatus({ db }: Pick<AppDeps, 'db'>): TPublicHealthStatus {
  const history = recentRuns(db, HISTORY_RUNS).filter((run) => run.finishedAt !== null);
  const latest = history[0] ?? null;
  return {
    overallStatus: latest?.overallStatus ?? null,
    lastRun: latest && {
      startedAt: latest.startedAt,
      finishedAt: latest.finishedAt,
      overallStatus: latest.overallStatus,
    },
    checks: (latest?.items ?? []).map((item) => ({ name: item.name, label: item.label, checkedAt: item.checkedAt })),
    history: history.map((run) => ({
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      overallStatus: run.overallStatus,
    })),
  };
}
