/** zod request schemas of the offline-device endpoints (the API validates with them; the web forms reuse them). */
import { z } from 'zod';
import { DEVICE_CHALLENGE_BYTES } from './devices';

/** Names of offline devices (shown in the Devices list): 1 to 60 characters after trimming. */
export const OFFLINE_DEVICE_NAME_MAX_CHARS = 60;
/** base64url without padding of the nonce: 32 bytes = 43 characters. */
const NONCE_CHARS = Math.ceil((DEVICE_CHALLENGE_BYTES * 4) / 3);

const deviceId = z.uuid({ message: 'Device id must be a valid id' });

export const ZDeviceName = z
  .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : 'Name must be text') })
  .trim()
  .min(1, 'Name must not be empty')
  .max(OFFLINE_DEVICE_NAME_MAX_CHARS, `Name must be at most ${OFFLINE_DEVICE_NAME_MAX_CHARS} characters`);

export const ZDeviceIdParam = z.object({ id: deviceId });

export const ZDeviceChallengeRequest = z.object({ deviceId });
export type TDeviceChallengeRequest = z.infer<typeof ZDeviceChallengeRequest>;

export const ZRegisterDeviceRequest = z.object({
  deviceId,
  challengeId: z.uuid({ message: 'Challenge id must be a valid id' }),
  response: z
    .string({ message: 'Response is required' })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${NONCE_CHARS}}$`), 'Response must be the decrypted challenge, base64url'),
  name: ZDeviceName.optional(),
});
export type TRegisterDeviceRequest = z.input<typeof ZRegisterDeviceRequest>;

export const ZRenameDeviceRequest = z.object({ name: ZDeviceName });
export type TRenameDeviceRequest = z.input<typeof ZRenameDeviceRequest>;
