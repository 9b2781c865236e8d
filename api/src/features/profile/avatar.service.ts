/**
 * Profile pictures: validated by their first bytes (not the declared type or file name), stored
 * through the blob adapter under `avatars/<userId>/<random>.<ext>`, and served back from
 * `/api/avatars/<userId>/<file>`. Writes users.profileImageUrl; the previous picture's blob is
 * removed once the new one is in place. Random names make every URL immutable and unguessable.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@shared/profile';
import type { TProfile } from '@shared/profile';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { SessionUser } from '../auth/session.service';
import { toProfile } from './profile-view';
import { IMAGE_FORMATS, sniffImageFormat, type TImageFormat } from '../../lib/image-format';

const AVATAR_URL_PREFIX = '/api/avatars/';
const USER_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const FILE_PATTERN = /^([a-f0-9]{24})\.(png|jpg|webp)$/;

export const isAvatarFileName = (file: string) => FILE_PATTERN.test(file);
export const isAvatarUserId = (userId: string) => USER_ID_PATTERN.test(userId);

const blobKey = (userId: string, file: string) => `avatars/${userId}/${file}`;

/** The blob key behind one of our avatar URLs, or null for anything else (e.g. an external picture). */
function blobKeyFromUrl(userId: string, profileImageUrl: string | null): string | null {
  if (!profileImageUrl?.startsWith(`${AVATAR_URL_PREFIX}${userId}/`)) return null;
  const file = profileImageUrl.slice(`${AVATAR_URL_PREFIX}${userId}/`.length);
  return isAvatarFileName(file) ? blobKey(userId, file) : null;
}

export function validateAvatarUpload(upload: { size: number; bytes: Uint8Array }): TImageFormat {
  if (upload.size > AVATAR_MAX_BYTES) {
    throw new AppError('avatar_too_large', 413, AVATAR_MESSAGES.tooLarge, [
      { field: 'avatar', message: AVATAR_MESSAGES.tooLarge },
    ]);
  }
  const format = sniffImageFormat(upload.bytes);
  if (!format)
    throw new AppError('avatar_wrong_type', 400, AVATAR_MESSAGES.wrongType, [
      { field: 'avatar', message: AVATAR_MESSAGES.wrongType },
    ]);
  return format;
}

/** Best effort: a leftover file costs disk space, never correctness, so failures are only logged. */
export async function deleteAvatarBlob(
  deps: Pick<AppDeps, 'blobs' | 'logger'>,
  options: { userId: string; profileImageUrl: string | null },
): Promise<void> {
  const key = blobKeyFromUrl(options.userId, options.profileImageUrl);
  if (!key) return;
  try {
    await deps.blobs.delete(key);
  } catch (error) {
    deps.logger.warn({ err: error, key }, 'could not delete an old avatar blob');
  }
}

export async function setAvatar(
  deps: Pick<AppDeps, 'db' | 'blobs' | 'logger' | 'now'>,
  options: { user: SessionUser; bytes: Uint8Array },
): Promise<TProfile> {
  const { db, blobs } = deps;
  const { user, bytes } = options;
  const format = validateAvatarUpload({ size: bytes.byteLength, bytes });
  const file = `${randomBytes(12).toString('hex')}.${format.extension}`;
  await blobs.put(blobKey(user.id, file), bytes);
  const updated = db
    .update(users)
    .set({ profileImageUrl: `${AVATAR_URL_PREFIX}${user.id}/${file}`, updatedAt: deps.now() })
    .where(eq(users.id, user.id))
    .returning()
    .get();
  await deleteAvatarBlob(deps, { userId: user.id, profileImageUrl: user.profileImageUrl });
  return toProfile(updated);
}

export async function removeAvatar(
  deps: Pick<AppDeps, 'db' | 'blobs' | 'logger' | 'now'>,
  options: { user: SessionUser },
): Promise<TProfile> {
  const { user } = options;
  const updated = deps.db
    .update(users)
    .set({ profileImageUrl: null, updatedAt: deps.now() })
    .where(eq(users.id, user.id))
    .returning()
    .get();
  await deleteAvatarBlob(deps, { userId: user.id, profileImageUrl: user.profileImageUrl });
  return toProfile(updated);
}

/** The stored picture and its content type; 404 for malformed names and missing files alike. */
export async function readAvatar(
  deps: Pick<AppDeps, 'blobs'>,
  options: { userId: string; file: string },
): Promise<{ bytes: Uint8Array<ArrayBuffer>; mimeType: string }> {
  const match = FILE_PATTERN.exec(options.file);
  if (!match || !isAvatarUserId(options.userId)) throw notFound('Image');
  const bytes = await deps.blobs.get(blobKey(options.userId, options.file));
  if (!bytes) throw notFound('Image');
  return { bytes, mimeType: IMAGE_FORMATS[match[2] as keyof typeof IMAGE_FORMATS].mimeType };
}
