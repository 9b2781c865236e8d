/**
 * Reads and writes of /profile: the profile record (GET/PATCH /api/me), password change, avatar
 * upload (the one multipart write), e-mail preferences, data export and account deletion. Cached under
 * ['me', ...], which logout drops with everything else fetched for the user.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TActionResponse, TCurrentUser } from '@shared/auth';
import type {
  TChangePasswordRequest,
  TDeleteAccountRequest,
  TEmailPreferences,
  TUpdateProfileRequest,
} from '@shared/auth.schemas';
import { api, ensureOk, readJson, withSignal } from '@web/lib/api';

export interface TProfile extends TCurrentUser {
  phoneNumber: string | null;
  countryCode: string | null;
  username: string | null;
  createdAt: string;
}

export const profileKeys = {
  /** The profile record; also the prefix of everything else read under /api/me. */
  all: ['me'] as const,
  emailPreferences: ['me', 'email-preferences'] as const,
};

export const profileQuery = queryOptions({
  queryKey: profileKeys.all,
  queryFn: ({ signal }) => readJson<TProfile>(api.me.$get(undefined, withSignal(signal))),
  staleTime: 0,
});

export const emailPreferencesQuery = queryOptions({
  queryKey: profileKeys.emailPreferences,
  queryFn: ({ signal }) => readJson<TEmailPreferences>(api.me['email-preferences'].$get(undefined, withSignal(signal))),
  staleTime: 0,
});

export function updateProfile(body: TUpdateProfileRequest): Promise<TProfile> {
  return readJson<TProfile>(api.me.$patch({ json: body }));
}

export function changePassword(body: TChangePasswordRequest): Promise<TActionResponse> {
  return readJson<TActionResponse>(api.me.password.$put({ json: body }));
}

/** Only the four choices; the server's answer may carry more (e.g. unsubscribedAt). */
export function pickPreferences(value: TEmailPreferences): TEmailPreferences {
  const { marketingEmails, trialReminders, subscriptionUpdates, isUnsubscribedAll } = value;
  return { marketingEmails, trialReminders, subscriptionUpdates, isUnsubscribedAll };
}

export function saveEmailPreferences(body: TEmailPreferences): Promise<TEmailPreferences> {
  return readJson<TEmailPreferences>(api.me['email-preferences'].$put({ json: pickPreferences(body) }));
}

export function deleteAccount(body: TDeleteAccountRequest): Promise<unknown> {
  return readJson<unknown>(api.me.$delete({ json: body }));
}

/** PUT /api/me/avatar as multipart/form-data (field 'avatar'); the browser sets the boundary. */
export function uploadAvatar(file: File): Promise<{ profileImageUrl?: string | null } | undefined> {
  return readJson(api.me.avatar.$put({ form: { avatar: file } }));
}

export const EXPORT_FILE_NAME = 'wonderful-books-my-data.json';

/** The file name of a Content-Disposition header (the API dates it), or the default. */
export function exportFileName(contentDisposition: string | null): string {
  const match = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '');
  const name = match?.[1]?.trim();
  return name && /^[\w.-]+\.json$/.test(name) ? name : EXPORT_FILE_NAME;
}

/** GET /api/me/export and hand the JSON to the browser as a download. */
export async function downloadMyData(): Promise<void> {
  const response = await ensureOk(await api.me.export.$get());
  const blob = await response.blob();
  const url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: 'application/json' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(response.headers.get('Content-Disposition'));
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** Avatar rules that match the API: PNG, JPEG or WebP up to 2 MB. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPE_MESSAGE = 'Please choose a PNG, JPEG or WebP image.';
export const AVATAR_SIZE_MESSAGE = 'The image must be 2 MB or smaller.';

export function checkAvatarFile(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_TYPE_MESSAGE;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_SIZE_MESSAGE;
  if (file.size === 0) return 'The file is empty. Please choose another image.';
  return null;
}
