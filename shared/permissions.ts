/**
 * The one role → permission table (docs/ARCHITECTURE.md#security). The API's requirePermission middleware and the web
 * app's menus both read it; the server's answer is what counts.
 */
import type { TRole } from './tiers';

export const PERMISSIONS = [
  'catalogue:read',
  'library:use',
  'admin:access',
  'users:manage',
  'roles:assign',
  'plans:manage',
  'catalogue:manage',
  'feedback:respond',
  'loans:revoke',
  'reports:read',
  'billing:manage',
  'email:manage',
  'seo:manage',
  'system:configure',
  'audit:read',
  /** Hide and restore readers' reviews and challenge comments (docs/product/reviews-and-challenges.md#moderation). */
  'community:moderate',
  /** Feature a reading challenge at the top of /challenges (docs/product/reviews-and-challenges.md#reading-challenges). */
  'challenges:feature',
] as const;
export type TPermission = (typeof PERMISSIONS)[number];

const USER: TPermission[] = ['catalogue:read', 'library:use'];
const MODERATOR: TPermission[] = [...USER, 'feedback:respond', 'community:moderate'];
const ADMIN: TPermission[] = [
  ...MODERATOR,
  'admin:access',
  'users:manage',
  'plans:manage',
  'catalogue:manage',
  'loans:revoke',
  'reports:read',
  'billing:manage',
  'email:manage',
  'seo:manage',
  'audit:read',
  'challenges:feature',
];
const SUPER_ADMIN: TPermission[] = [...ADMIN, 'roles:assign', 'system:configure'];

export const ROLE_PERMISSIONS: Record<TRole, ReadonlySet<TPermission>> = {
  user: new Set(USER),
  moderator: new Set(MODERATOR),
  admin: new Set(ADMIN),
  super_admin: new Set(SUPER_ADMIN),
};

export function hasPermission(role: TRole | null | undefined, permission: TPermission): boolean {
  return role ? ROLE_PERMISSIONS[role].has(permission) : false;
}

/** Roles allowed on the back-office routes of docs/product/routes-and-screens.md#route-table. */
export const ADMIN_ROLES: readonly TRole[] = ['admin', 'super_admin'];
export const SUPER_ADMIN_ROLES: readonly TRole[] = ['super_admin'];
/** Roles that triage readers' feedback (feedback:respond): moderators too (docs/product/feedback.md#triage). */
export const FEEDBACK_TRIAGE_ROLES: readonly TRole[] = ['moderator', 'admin', 'super_admin'];
