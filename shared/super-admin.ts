/**
 * The super admin's screen (docs/product/operations.md#super-admin): staff roles, emergency login, key status, backups
 * and admin sessions. Key status carries ids, counts and sources only, never key material. Pure: no I/O.
 */
import { z } from 'zod';
import { ZEmail } from './auth.schemas';
import type { TAdminUserSession } from './admin-users';
import { ROLES, type TRole } from './tiers';

export interface TStaffMember {
  id: string;
  email: string;
  name: string | null;
  role: TRole;
  isActive: boolean;
  lastLoginAt: string | null;
  /** Active sessions; end one through DELETE /api/admin/users/:id/sessions/:sessionId. */
  sessions: TAdminUserSession[];
}

export interface TEmergencyLoginStatus {
  /** off: not configured; configured: EMERGENCY_LOGIN_* set; demo: the local demo's super admin (this machine only). */
  mode: 'off' | 'configured' | 'demo';
  account: string | null;
  /** The configured account exists, is active and is a super admin (else every attempt is refused). */
  accountReady: boolean;
  limits: { perIpPerHour: number; globalPerHour: number };
  recentAttempts: { at: string; status: string; ipAddress: string | null }[];
}

export interface TKeyStatus {
  signing: { source: 'environment' | 'data-folder' | 'ephemeral'; keyIds: string[]; currentKeyId: string };
  kek: {
    source: 'environment' | 'data-folder' | 'ephemeral';
    currentId: string;
    retiredIds: string[];
    /** Book content keys per KEK id, and those whose KEK this server does not have. */
    wrappedKeys: { kekId: string; count: number; isCurrent: boolean; isKnown: boolean }[];
  };
}

export interface TBackupEntry {
  name: string;
  bytes: number;
  createdAt: string;
}

export interface TSuperAdminOverview {
  staff: TStaffMember[];
  emergencyLogin: TEmergencyLoginStatus;
  keys: TKeyStatus;
  backups: { folder: string; items: TBackupEntry[] };
}

export const SUPER_ADMIN_MESSAGES = {
  noAccount: 'No account uses this e-mail address',
  roleRequired: `Role must be one of ${ROLES.join(', ')}`,
  backupRunning: 'A backup is already running; try again when it has finished.',
  backupDone: 'Backup finished',
  inMemory: 'This database lives in memory: there is no file to back up.',
} as const;

export const ZRoleGrant = z.object({
  email: ZEmail,
  role: z.enum(ROLES, { message: SUPER_ADMIN_MESSAGES.roleRequired }),
});
export type TRoleGrant = z.infer<typeof ZRoleGrant>;
