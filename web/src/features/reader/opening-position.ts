/**
 * The page a book opens at, decided before pdf.js draws anything (docs/ARCHITECTURE.md#protected-content,
 * the open sequence): `?page=` first, else the newer (by HLC) of the server's saved position and the
 * position this device knows (its remembered answers and page turns, with unsent ones), else page 1.
 * Both are asked for as soon as the book id is known, in parallel with the licence and the chunks;
 * offline, or when the server has not answered within SERVER_POSITION_GRACE_MS of the book being ready,
 * the device's position decides.
 */
import type { TReadingProgress } from '@shared/progress';
import { newerPosition } from '@web/features/sync/known-position';
import type { TReadingPosition } from './position-saver';

/**
 * How long the reader still waits for the server's position once the book itself is ready
 * (docs/product/offline-and-devices.md#reading-position-on-this-device).
 */
export const SERVER_POSITION_GRACE_MS = 2_000;

export interface TOpening {
  /** The first page to draw. */
  page: number;
  /** The saved position the book reopens at, so reopening is not counted as progress. */
  restored: TReadingPosition | null;
}

export function decideOpening({
  pageInUrl,
  server,
  device,
  pageCount,
}: {
  pageInUrl: number | null;
  server: TReadingProgress | null;
  device: TReadingProgress | null;
  pageCount: number;
}): TOpening {
  const saved = newerPosition(server, device);
  const restored = saved ? { page: saved.currentPage, totalPages: saved.totalPages ?? pageCount } : null;
  return { page: pageInUrl ?? restored?.page ?? 1, restored };
}

export interface TOpeningPosition {
  /** The page to open at once both answers are in (to fetch its data early); never rejects. */
  firstPage(): Promise<number>;
  /** The opening, once the book is ready: waits for the server at most `graceMs` more. Never rejects. */
  settle(pageCount: number, graceMs?: number): Promise<TOpening>;
}

/**
 * Starts both reads now. `readServer` answers the server's position (null when there is none) and is not
 * called offline, where it could only wait; `readDevice` answers this device's.
 */
export function startOpeningPosition({
  pageInUrl,
  isOnline,
  readServer,
  readDevice,
}: {
  pageInUrl: number | null;
  isOnline: boolean;
  readServer: () => Promise<TReadingProgress | null>;
  readDevice: () => Promise<TReadingProgress | null>;
}): TOpeningPosition {
  const server = isOnline ? readServer().catch(() => null) : Promise.resolve(null);
  const device = readDevice().catch(() => null);
  return {
    async firstPage() {
      if (pageInUrl !== null) return pageInUrl;
      const [fromServer, fromDevice] = await Promise.all([server, device]);
      return decideOpening({ pageInUrl, server: fromServer, device: fromDevice, pageCount: 0 }).page;
    },
    async settle(pageCount, graceMs = SERVER_POSITION_GRACE_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), graceMs);
      });
      const [fromServer, fromDevice] = await Promise.all([Promise.race([server, late]), device]);
      clearTimeout(timer);
      return decideOpening({ pageInUrl, server: fromServer, device: fromDevice, pageCount });
    },
  };
}
