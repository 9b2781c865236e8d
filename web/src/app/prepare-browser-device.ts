/**
 * The first open of a book on this browser must not wait for the device key, so it is made and registered in the
 * background once a signed-in reader who can read is known: at app start, and again after a sign-in, when the browser
 * is idle (docs/decisions/015-device-key-off-the-critical-path.md). Making an ECDH P-256 key takes well under a
 * millisecond (decision 023; the RSA-OAEP 3072 keys of before took about 0.2-0.7 s, seconds on a slow phone): what is
 * left to take off the open's path is registering it (POST /api/devices/browser).
 * The work itself is ensureBrowserDevice, which an open calls too: both share its one promise, so an
 * open that starts meanwhile waits for the rest of that generation and never starts a second one.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { hasValidAccess } from '@shared/access';
import type { TCurrentUser } from '@shared/auth';
import { authKeys } from '@web/features/auth/queries';

/** Idle callbacks may never come on a busy page: run anyway after this long. */
export const DEVICE_PREPARATION_IDLE_TIMEOUT_MS = 2_000;

export interface TPrepareBrowserDeviceOptions {
  /** Makes (or reads) the key and registers it for the user; by default ensureBrowserDevice, in its own chunk. */
  prepare?: (userId: string) => Promise<unknown>;
  /** Runs the work when the browser is idle. */
  whenIdle?: (run: () => void) => void;
  now?: () => Date;
}

function prepareWithDeviceKeyModule(userId: string): Promise<unknown> {
  return import('@web/crypto/device-key').then(({ ensureBrowserDevice }) => ensureBrowserDevice(userId));
}

function runWhenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: DEVICE_PREPARATION_IDLE_TIMEOUT_MS });
  } else {
    window.setTimeout(run, 0);
  }
}

/**
 * Watches the current-user record in the query cache and prepares this browser's device once per user
 * and page load; a failed attempt (offline, server error) is tried again at the next change of that
 * record. Readers without access (free accounts) get no key and no device entry. Returns the unsubscribe.
 */
export function prepareBrowserDeviceForSignedInReader(
  queryClient: QueryClient,
  options: TPrepareBrowserDeviceOptions = {},
): () => void {
  const prepare = options.prepare ?? prepareWithDeviceKeyModule;
  const whenIdle = options.whenIdle ?? runWhenIdle;
  const now = options.now ?? (() => new Date());
  const started = new Set<string>();
  const userQueryHash = hashKey(authKeys.user);

  const consider = (user: TCurrentUser | null | undefined) => {
    if (!user || started.has(user.id) || !hasValidAccess(user, now())) return;
    started.add(user.id);
    whenIdle(() => {
      prepare(user.id).catch(() => started.delete(user.id));
    });
  };

  consider(queryClient.getQueryData<TCurrentUser | null>(authKeys.user));
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === userQueryHash)
      consider(event.query.state.data as TCurrentUser | null | undefined);
  });
}
