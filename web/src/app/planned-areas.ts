/**
 * Every route of docs/product/routes-and-screens.md#route-table whose screen is not built yet, with the area's proper
 * name and the access rule the route table gives it. The router sends each one to the planned-area page; when a real
 * screen lands, its entry moves out of this list into router.tsx (lazy, like the others) with the same `access`; the
 * route guard (route-guard.tsx) reads `access` to wrap both kinds.
 */
export type TRouteAccess =
  /** Anyone. */
  | 'public'
  /** Sign-in required. */
  | 'signed-in'
  /** Sign-in and an active subscription or valid trial. */
  | 'subscriber'
  /** Role admin or super_admin. */
  | 'admin'
  /** Role super_admin only. */
  | 'super-admin'
  /** Diagnostics: no guard, non-sensitive data for non-admins (docs/product/decisions.md#5). */
  | 'diagnostics';

export interface PlannedArea {
  path: string;
  title: string;
  access: TRouteAccess;
}

/** Back-office screens not built yet live in the admin layout instead (admin-app.tsx). */
export const PLANNED_AREAS: PlannedArea[] = [
  { path: '/challenges', title: 'Reading Challenges', access: 'public' },
  { path: '/challenges/:id', title: 'Reading Challenge', access: 'public' },

  { path: '/super-admin', title: 'Super Admin', access: 'super-admin' },
  { path: '/system-settings', title: 'System Settings', access: 'super-admin' },

  { path: '/health-dashboard', title: 'Health Dashboard', access: 'diagnostics' },
  { path: '/testing-qa', title: 'Testing & QA', access: 'diagnostics' },
  { path: '/accessibility-test', title: 'Accessibility Test', access: 'diagnostics' },
  { path: '/route-protection-demo', title: 'Route Protection Demo', access: 'diagnostics' },
];
