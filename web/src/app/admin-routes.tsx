/**
 * The back office's routes (docs/product/routes-and-screens.md#back-office) as the first bundle knows them: paths
 * only, all behind the 'admin' guard. Layout and screens are one lazy module (admin-app.tsx), so the landing page
 * carries none of the back office. The paths match the side navigation (features/admin-shell/admin-nav.ts; a test
 * keeps them in step).
 */
import type { TRouteAccess } from './route-access';

/** Every back-office screen of the side navigation. */
export const ADMIN_NAV_PATHS = [
  '/admin',
  '/admin/audit-log',
  '/admin/users',
  '/admin/loans',
  '/admin/email-management',
  '/admin/feedback',
  '/admin/plans',
  '/admin/subscription-management',
  '/admin/financial-reports',
  '/admin/books',
  '/admin/bulk-categorization',
  '/admin/seo',
] as const;

/** Detail screens reached from a list, not from the navigation. */
export const ADMIN_DETAIL_PATHS = { user: '/admin/users/:id', book: '/admin/books/:id' } as const;

export type TAdminScreenPath =
  | (typeof ADMIN_NAV_PATHS)[number]
  | (typeof ADMIN_DETAIL_PATHS)[keyof typeof ADMIN_DETAIL_PATHS];

/**
 * Back-office screens moderators may open too (the rest are for admins): the feedback triage, whose API allows
 * feedback:respond (docs/product/feedback.md#triage). The side navigation shows a moderator only these.
 */
export const FEEDBACK_TRIAGE_PATHS: readonly string[] = ['/admin/feedback'];

/** What a back-office route tells the lazy module and the guard: which screen it is and who may open it. */
export interface AdminRouteHandle {
  adminPath: string;
  access: TRouteAccess;
}

export interface AdminRoute {
  path: string;
  access: TRouteAccess;
}

export const ADMIN_SCREENS: AdminRoute[] = [...ADMIN_NAV_PATHS, ...Object.values(ADMIN_DETAIL_PATHS)].map((path) => ({
  path,
  access: FEEDBACK_TRIAGE_PATHS.includes(path) ? 'feedback-triage' : 'admin',
}));
