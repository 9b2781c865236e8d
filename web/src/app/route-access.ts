/**
 * The access rule of each route of docs/product/routes-and-screens.md#route-table, read by the route guard
 * (route-guard.tsx) for app screens and by the back office's guard for its screens.
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
  /** Role moderator, admin or super_admin: the feedback triage (docs/product/feedback.md#triage). */
  | 'feedback-triage'
  /** Diagnostics: no guard, non-sensitive data for non-admins (docs/product/decisions.md#5). */
  | 'diagnostics';
