import { describe, expect, it } from 'vitest';
import type { TSyncMutationInput } from '@shared/sync.schemas';
import { ZEventRecordPayload, ZSessionEndPayload, ZSessionStartPayload } from '@shared/sync.schemas';
import { createReadingTracker, describeReadingDevice } from './reading-tracker';

const BOOK = '8c4a3f4e-1d2b-4c5d-9e6f-7a8b9c0d1e2f';

function setup() {
  let clock = Date.parse('2026-03-01T10:00:00Z');
  let ids = 0;
  const queued: TSyncMutationInput[] = [];
  const tracker = createReadingTracker({
    bookId: BOOK,
    queue: (mutation) => queued.push(mutation),
    device: 'web Chrome desktop',
    appVersion: 'test',
    now: () => clock,
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
  });
  const events = () =>
    queued
      .filter((m) => m.type === 'event.record')
      .map((m) => m.payload as { eventType: string; pageNumber?: number; durationMs?: number; progressPct?: number });
  return { tracker, queued, events, advance: (ms: number) => (clock += ms) };
}

describe('createReadingTracker', () => {
  it('starts a session and records open_book with valid payloads', () => {
    const { tracker, queued, events } = setup();
    tracker.open(5, 100);
    expect(queued[0].type).toBe('session.start');
    expect(ZSessionStartPayload.safeParse(queued[0].payload).success).toBe(true);
    expect(events()).toEqual([expect.objectContaining({ eventType: 'open_book', pageNumber: 5, progressPct: 5 })]);
    for (const mutation of queued.filter((m) => m.type === 'event.record')) {
      expect(ZEventRecordPayload.safeParse(mutation.payload).success).toBe(true);
    }
  });

  it('records a page_view with the time spent when the reader leaves a page they stayed on', () => {
    const { tracker, events, advance } = setup();
    tracker.open(1, 10);
    advance(200);
    tracker.pageShown(2, 10); // page 1 was only flicked past
    advance(4000);
    tracker.pageShown(3, 10);
    tracker.pageShown(3, 10); // the same page again is not a change
    expect(events().filter((e) => e.eventType === 'page_view')).toEqual([
      expect.objectContaining({ pageNumber: 2, durationMs: 4000 }),
    ]);
  });

  it('records finish_book once, the first time the last page shows', () => {
    const { tracker, events } = setup();
    tracker.open(9, 10);
    tracker.pageShown(10, 10);
    tracker.pageShown(9, 10);
    tracker.pageShown(10, 10);
    expect(events().filter((e) => e.eventType === 'finish_book')).toHaveLength(1);
  });

  it('records progress_update and read-aloud events with the page', () => {
    const { tracker, events } = setup();
    tracker.open(1, 4);
    tracker.progressSaved(2, 4);
    tracker.readAloud('tts_play', { page: 2, meta: { rate: 1 } });
    tracker.readAloud('tts_stop', { page: 2, durationMs: 1500.4 });
    expect(events().slice(1)).toEqual([
      expect.objectContaining({ eventType: 'progress_update', pageNumber: 2, progressPct: 50 }),
      expect.objectContaining({ eventType: 'tts_play', pageNumber: 2 }),
      expect.objectContaining({ eventType: 'tts_stop', durationMs: 1500 }),
    ]);
  });

  it('ends the session once, with the last page view, and records nothing afterwards', () => {
    const { tracker, queued, events, advance } = setup();
    tracker.open(3, 10);
    advance(2500);
    tracker.close();
    tracker.close();
    tracker.pageShown(4, 10);
    const ends = queued.filter((m) => m.type === 'session.end');
    expect(ends).toHaveLength(1);
    expect(ZSessionEndPayload.safeParse(ends[0].payload).success).toBe(true);
    expect(events().at(-1)).toEqual(
      expect.objectContaining({ eventType: 'page_view', pageNumber: 3, durationMs: 2500 }),
    );
  });

  it('sends nothing for a session that never opened', () => {
    const { tracker, queued } = setup();
    tracker.pageShown(2, 10);
    tracker.close();
    expect(queued).toEqual([]);
  });
});

describe('describeReadingDevice', () => {
  it('names the browser family and input, nothing identifying', () => {
    expect(
      describeReadingDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36', false),
    ).toBe('web Chrome desktop');
    expect(
      describeReadingDevice('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1', true),
    ).toBe('web Safari touch');
    expect(describeReadingDevice('Mozilla/5.0 Firefox/128.0', false)).toBe('web Firefox desktop');
  });
});
