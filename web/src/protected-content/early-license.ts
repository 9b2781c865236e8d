/**
 * A book's online licence asked for by the reader page's script as soon as it runs (web/src/reader-first-page.ts), with
 * the device id this browser stored beside IndexedDB (storage/device-hint.ts), before the rest of the open's code has
 * loaded (docs/decisions/025-reader-first-page.md). open-protected-book.ts takes that request instead of making its own
 * when it is for the same book, reader and device, and uses its answer only once IndexedDB holds that same device and
 * key. Imports no IndexedDB code, so the page's script stays small.
 */
import type { TLicenseGrant } from '@shared/reader';
import { api, readJson, withSignal } from '@web/lib/api';
import { readBrowserDeviceHint } from '@web/storage/device-hint';

/** POST /api/licenses for an online licence (which opens the loan too). */
export function requestOnlineLicenseGrant(
  body: { bookId: string; deviceId: string },
  signal?: AbortSignal,
): Promise<TLicenseGrant> {
  return readJson<TLicenseGrant>(api.licenses.$post({ json: { ...body, kind: 'online' } }, withSignal(signal)));
}

let early: { bookRef: string; userId: string; deviceId: string; grant: Promise<TLicenseGrant> } | null = null;

/** Asks for the book's licence now when this browser knows its device for the reader; once per page. */
export function requestLicenseEarly(bookRef: string, userId: string): void {
  const hint = readBrowserDeviceHint(userId);
  if (!hint || early) return;
  const grant = requestOnlineLicenseGrant({ bookId: bookRef, deviceId: hint.deviceId });
  grant.catch(() => undefined);
  early = { bookRef, userId, deviceId: hint.deviceId, grant };
}

/** The early request for this book, reader and device, once; null when there is none. */
export function takeEarlyLicense(bookRef: string, userId: string, deviceId: string): Promise<TLicenseGrant> | null {
  if (!early || early.bookRef !== bookRef || early.userId !== userId || early.deviceId !== deviceId) return null;
  const { grant } = early;
  early = null;
  return grant;
}
