/** Response types and shared rules of the profile API (GET/PATCH /api/me and friends). Pure: no I/O. */
import type { TCurrentUser } from './auth';

/** GET /api/me: the signed-in user plus the profile fields the profile page edits. */
export interface TProfile extends TCurrentUser {
  /** E.164, e.g. +447700900123. */
  phoneNumber: string | null;
  /** ISO 3166-1 alpha-2 detected from the phone number. */
  countryCode: string | null;
  createdAt: string;
}

/** Size and type rules of profile pictures, shared by the upload form and the API. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MESSAGES = {
  missing: 'Choose an image to upload',
  tooLarge: 'Image must be 2 MB or smaller',
  wrongType: 'Image must be a PNG, JPEG or WebP file',
} as const;
