/**
 * Response types of the health dashboard (docs/product/operations.md#health-checks). Visitors and readers get the
 * public view (overall status, check names and times: docs/product/decisions.md#5); admins get every check's state,
 * duration, message and figures, the history and the alert states. Pure: no I/O.
 */

export const HEALTH_STATUS_VALUES = ['healthy', 'degraded', 'unhealthy'] as const;
export type THealthState = (typeof HEALTH_STATUS_VALUES)[number];

/** The checks one run makes, in the order the dashboard lists them. */
export const HEALTH_CHECK_NAMES = [
  'database',
  'database_size',
  'wal_size',
  'free_disk',
  'blob_store',
  'mailer',
  'signing_keys',
  'content_kek',
  'job_lag',
  'last_backup',
] as const;
export type THealthCheckName = (typeof HEALTH_CHECK_NAMES)[number];

/** What a check is called on the dashboard. */
export const HEALTH_CHECK_LABELS: Record<THealthCheckName, string> = {
  database: 'Database integrity (quick_check)',
  database_size: 'Database size',
  wal_size: 'Write-ahead log size',
  free_disk: 'Free disk space',
  blob_store: 'Blob store read and write',
  mailer: 'Mailer',
  signing_keys: 'Licence signing keys',
  content_kek: 'Content key-encryption key',
  job_lag: 'Background jobs',
  last_backup: 'Last backup',
};

/** What anyone may see of a check: its name and when it ran. */
export interface TPublicHealthCheck {
  name: string;
  label: string;
  checkedAt: string;
}

export interface TPublicHealthRun {
  startedAt: string;
  finishedAt: string | null;
  overallStatus: THealthState | null;
}

/** GET /api/health/status. */
export interface TPublicHealthStatus {
  overallStatus: THealthState | null;
  lastRun: TPublicHealthRun | null;
  checks: TPublicHealthCheck[];
  history: TPublicHealthRun[];
}

export interface THealthCheckItem {
  name: string;
  label: string;
  status: THealthState;
  durationMs: number;
  message: string | null;
  /** Figures behind the verdict (sizes in bytes, ages in minutes, attempts); never secrets. */
  meta: Record<string, unknown> | null;
  checkedAt: string;
}

export interface THealthRunDetail extends TPublicHealthRun {
  id: string;
  items: THealthCheckItem[];
}

export interface THealthAlert {
  alertType: string;
  status: 'ok' | 'alerting';
  lastSentAt: string | null;
  cooldownMinutes: number;
}

/** GET /api/admin/health/runs: the latest run in full, recent runs with each check's state, the alert states. */
export interface TAdminHealthDashboard {
  latest: THealthRunDetail | null;
  history: THealthRunDetail[];
  alerts: THealthAlert[];
  cooldownMinutes: number;
}

export const HEALTH_MESSAGES = {
  runStarted: 'Health checks finished.',
} as const;
