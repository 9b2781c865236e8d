/**
 * Whose downloads the engine works on when a screen does not say: the user the screens named last
 * (the engine's state), else the server's signed-in user when online, else the last user seen signed in
 * on this browser (kept by the sync outbox), so /offline works with no network after a reload.
 */
import type { TCurrentUser } from '@shared/auth';
import { api, readJsonOrNullOn401 } from '@web/lib/api';
import { lastSignedInUser } from '@web/storage/outbox';

/** The server's current user (the auth feature's query reads the same; not imported so React stays out of this chunk). */
export function fetchSignedInUser(): Promise<TCurrentUser | null> {
  return readJsonOrNullOn401<TCurrentUser>(api.auth.user.$get());
}

export interface TEngineUser {
  /** The user a screen or licence upkeep named: the engine works for them until another is named. */
  remember(userId: string): void;
  /** The given user (remembered), else the remembered one, else the server's, else the last one seen here. */
  resolve(given?: string): Promise<string | null>;
}

export function createEngineUser(): TEngineUser {
  let rememberedUserId: string | null = null;
  return {
    remember(userId) {
      rememberedUserId = userId;
    },
    async resolve(given) {
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
    },
  };
}
