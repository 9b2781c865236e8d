/** Readiness checks (API map: health): each names what it checked and how long it took. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

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
