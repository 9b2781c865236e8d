/**
 * Whose downloads the engine works on when a screen does not say: the user the screens named last
 * (this tab's state), else the server's signed-in user when online, else the last user seen signed in
 * on this browser (kept by the sync outbox), so /offline works with no network after a reload.
 */
import type { TCurrentUser } from '@shared/auth';
import { api, readJsonOrNullOn401 } from '@web/lib/api';
import { lastSignedInUser } from '@web/storage/outbox';

/** The server's current user (the auth feature's query reads the same; not imported so React stays out of this chunk). */
export function fetchSignedInUser(): Promise<TCurrentUser | null> {
  return readJsonOrNullOn401<TCurrentUser>(api.auth.user.$get());
}

let rememberedUserId: string | null = null;

export function rememberEngineUser(userId: string): void {
  rememberedUserId = userId;
}

export function forgetEngineUser(): void {
  rememberedUserId = null;
}

export async function resolveEngineUserId(given?: string): Promise<string | null> {
  if (given) {
    rememberedUserId = given;
    return given;
  }
  if (rememberedUserId) return rememberedUserId;
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    const user = await fetchSignedInUser().catch(() => undefined);
    if (user) {
      rememberedUserId = user.id;
      return user.id;
    }
    if (user === null) return null;
  }
  return lastSignedInUser().catch(() => null);
}
