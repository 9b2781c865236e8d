import { describe, expect, it, vi } from 'vitest';
import type { TReadingProgress } from '@shared/progress';
import { decideOpening, startOpeningPosition } from './opening-position';

function progressAt(page: number, hlc: string): TReadingProgress {
  return {
    bookId: 'book-1',
    currentPage: page,
    totalPages: 120,
    progressPercentage: 0,
    furthestPage: page,
    lastReadAt: null,
    completedAt: null,
    hlc,
    deviceId: 'device-a',
    deviceName: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const EARLIER = '001700000000100-000000-a';
const LATER = '001700000000200-000000-b';

describe('decideOpening', () => {
  it('opens at ?page= first, then the newer of the server and device positions, else page 1', () => {
    const server = progressAt(40, EARLIER);
    const device = progressAt(52, LATER);
    expect(decideOpening({ pageInUrl: 7, server, device, pageCount: 120 })).toEqual({
      page: 7,
      restored: { page: 52, totalPages: 120 },
    });
    expect(decideOpening({ pageInUrl: null, server, device, pageCount: 120 }).page).toBe(52);
    expect(decideOpening({ pageInUrl: null, server: progressAt(60, LATER), device, pageCount: 120 }).page).toBe(60);
    expect(decideOpening({ pageInUrl: null, server: null, device, pageCount: 120 }).page).toBe(52);
    expect(decideOpening({ pageInUrl: null, server: null, device: null, pageCount: 120 })).toEqual({
      page: 1,
      restored: null,
    });
  });
});

describe('startOpeningPosition', () => {
  it("does not ask the server offline and opens at the device's position", async () => {
    const readServer = vi.fn(async () => progressAt(90, LATER));
    const position = startOpeningPosition({
      pageInUrl: null,
      isOnline: false,
      readServer,
      readDevice: async () => progressAt(26, EARLIER),
    });
    expect(await position.firstPage()).toBe(26);
    expect((await position.settle(120)).page).toBe(26);
    expect(readServer).not.toHaveBeenCalled();
  });

  it("waits for the server's answer, but only for the grace period once the book is ready", async () => {
    vi.useFakeTimers();
    try {
      let answer: (progress: TReadingProgress | null) => void = () => undefined;
      const position = startOpeningPosition({
        pageInUrl: null,
        isOnline: true,
        readServer: () =>
          new Promise((resolve) => {
            answer = resolve;
          }),
        readDevice: async () => progressAt(12, EARLIER),
      });
      const settled = position.settle(120, 2_000);
      await vi.advanceTimersByTimeAsync(1_999);
      answer(progressAt(80, LATER));
      expect((await settled).page).toBe(80);

      const slow = startOpeningPosition({
        pageInUrl: null,
        isOnline: true,
        readServer: () => new Promise(() => undefined),
        readDevice: async () => progressAt(12, EARLIER),
      });
      const fallback = slow.settle(120, 2_000);
      await vi.advanceTimersByTimeAsync(2_000);
      expect((await fallback).page).toBe(12);
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats a failed read as unknown', async () => {
    const position = startOpeningPosition({
      pageInUrl: null,
      isOnline: true,
      readServer: async () => {
        throw new TypeError('Failed to fetch');
      },
      readDevice: async () => {
        throw new Error('IndexedDB closed');
      },
    });
    expect(await position.settle(120)).toEqual({ page: 1, restored: null });
  });
});
