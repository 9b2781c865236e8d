/** Readiness checks (docs/API.md: health): each names what it checked and how long it took. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { isDemoMode, productionAllowances, type TProductionAllowance } from '../../env';

export interface THealthCheck {
  name: string;
  status: 'ok';
  durationMs: number;
}

export function checkReadiness({ db }: { db: Db }): THealthCheck[] {
  const started = performance.now();
  db.get(sql`select 1`);
  return [{ name: 'database', status: 'ok', durationMs: performance.now() - started }];
}

export interface TConfigurationSummary {
  environment: 'development' | 'production' | 'test';
  /** Demo conveniences (emergency pre-fill, printed passwords) for requests from this machine. */
  demoMode: boolean;
  payments: string;
  mailer: 'outbox' | 'smtp';
  /** Production gaps an operator allowed explicitly (ALLOW_*): the health dashboard shows them as warnings. */
  allowances: TProductionAllowance[];
}

/** No secrets: names and modes only, for the admin health dashboard. */
export function describeConfiguration(deps: Pick<AppDeps, 'env' | 'payments' | 'mailer'>): TConfigurationSummary {
  const { env } = deps;
  return {
    environment: env.NODE_ENV,
    demoMode: isDemoMode(env),
    payments: deps.payments.name,
    mailer: deps.mailer.transport,
    allowances: productionAllowances(env),
  };
}
