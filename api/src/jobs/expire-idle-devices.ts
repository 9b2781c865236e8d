/**
 * The 'expire-idle-devices' job: offline devices not in contact for
 * system_config device_inactive_expiry_days (default 90) are deactivated and their licences revoked,
 * so a lost or abandoned browser stops counting against the reader's device cap.
 */
import { offlineSettings } from '../features/devices/offline-settings';
import { expireIdleDevices } from '../features/devices/offline-devices.service';
import type { ScheduledJob } from './runner';

const HOUR_MS = 60 * 60 * 1000;

export const EXPIRE_IDLE_DEVICES_JOB: ScheduledJob = {
  name: 'expire-idle-devices',
  intervalMs: HOUR_MS,
  run: (deps) => {
    expireIdleDevices({ deps, inactiveDays: offlineSettings(deps.db).deviceInactiveDays, now: deps.now() });
  },
};
