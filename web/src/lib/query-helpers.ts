/**
 * Helpers for the storefront reads, which go through the shared typed client (`api`, hc<AppType>)
 * and `readJson`, so errors carry the "{status}: {body}" message of docs/product/errors.md#client-error-message.
 */
import { isApiError } from '@web/lib/api';

/** hc sends query values as strings; undefined values are left out of the URL. */
export function toQueryStrings<T extends object>(params: T): { [K in keyof T]?: string } {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    result[key] = String(value);
  }
  return result as { [K in keyof T]?: string };
}

export function isNotFoundError(error: unknown): boolean {
  if (isApiError(error)) return error.status === 404;
  return error instanceof Error && error.message.startsWith('404:');
}

/**
 * A read that has nothing to show and waits for the network: TanStack Query pauses reads while the browser is
 * offline (fetchStatus 'paused'), so without this check a screen would show its skeleton for as long as the
 * connection stays away (docs/product/offline-and-devices.md#screens-without-a-connection).
 */
export function isWaitingForNetwork(query: { isPending: boolean; fetchStatus: string }): boolean {
  return query.isPending && query.fetchStatus === 'paused';
}
