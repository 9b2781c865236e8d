/**
 * Retiring a device, whether the reader removes it or the 'expire-idle-devices' job expires it: it
 * stops counting against the plan's cap, every licence it holds is revoked (its offline copies with
 * them) and the audit log records why. Call inside the immediateTransaction that decided it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { recordAudit, type TAuditEntry } from '../audit/audit.service';
import { revokeLicensesOfDevice } from '../license-revocation/license-revocation';

export function retireDevice(
  db: Db,
  options: {
    deviceId: string;
    userId: string;
    now: Date;
    action: 'device.removed' | 'device.expired';
    /** Facts for the audit row; the number of revoked licences is added. */
    details: Record<string, unknown>;
    /** Who asked, when a person did. */
    actor?: Pick<TAuditEntry, 'ipAddress' | 'userAgent' | 'sessionId'>;
  },
): void {
  const { deviceId, now } = options;
  db.update(devices).set({ isActive: false, deactivatedAt: now }).where(eq(devices.id, deviceId)).run();
  const revokedLicenses = revokeLicensesOfDevice(db, deviceId, now);
  recordAudit(
    { db, now: () => now },
    {
      action: options.action,
      resource: 'device',
      resourceId: deviceId,
      userId: options.userId,
      details: { ...options.details, revokedLicenses },
      ...options.actor,
    },
  );
}
