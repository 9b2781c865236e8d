/**
 * The reader's display settings (docs/product/reader.md#display-settings), kept per device through
 * web/src/storage/reader-settings.ts: which view (pages or reflowed text), the page habits, the text
 * view's type, the reader's measured speed and whether the phone offer of the text view was shown.
 * One copy per tab, loaded once and shared by every reader screen; each change is written at once.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readReaderSettings, writeReaderSettings } from '@web/storage/reader-settings';

export const TEXT_SIZES_PX = [14, 16, 18, 20, 22, 24, 28, 32] as const;
export const TEXT_FONTS = ['serif', 'sans', 'dyslexic'] as const;
export const LINE_SPACINGS = [1.3, 1.5, 1.7, 2] as const;
export const TEXT_MARGINS = ['narrow', 'medium', 'wide'] as const;

export type TTextFont = (typeof TEXT_FONTS)[number];
export type TTextMargins = (typeof TEXT_MARGINS)[number];

export const TEXT_FONT_LABELS: Record<TTextFont, string> = {
  serif: 'Serif',
  sans: 'Sans serif',
  dyslexic: 'Wide spacing',
};
export const TEXT_MARGIN_LABELS: Record<TTextMargins, string> = { narrow: 'Narrow', medium: 'Medium', wide: 'Wide' };

const ZReaderSettings = z.object({
  view: z.enum(['pages', 'text']).catch('pages'),
  /** null: the default for the screen (one page at a time on phones, continuous on wide screens). */
  pageMode: z.enum(['paginated', 'continuous']).nullable().catch(null),
  spread: z.boolean().catch(false),
  textSize: z
    .number()
    .refine((value) => (TEXT_SIZES_PX as readonly number[]).includes(value))
    .catch(18),
  textFont: z.enum(TEXT_FONTS).catch('serif'),
  lineSpacing: z
    .number()
    .refine((value) => (LINE_SPACINGS as readonly number[]).includes(value))
    .catch(1.5),
  textMargins: z.enum(TEXT_MARGINS).catch('medium'),
  /** Seconds a page takes this reader (a moving average of real page turns); null until measured. */
  secondsPerPage: z.number().positive().nullable().catch(null),
  /** Page turns the speed is based on. */
  speedSamples: z.number().int().nonnegative().catch(0),
  textViewOffered: z.boolean().catch(false),
});

export type TReaderSettings = z.infer<typeof ZReaderSettings>;

export const DEFAULT_READER_SETTINGS: TReaderSettings = ZReaderSettings.parse({});

export function parseReaderSettings(value: unknown): TReaderSettings {
  const result = ZReaderSettings.safeParse(value ?? {});
  return result.success ? result.data : DEFAULT_READER_SETTINGS;
}

type TState = { settings: TReaderSettings; isLoaded: boolean };

let state: TState = { settings: DEFAULT_READER_SETTINGS, isLoaded: false };
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function setState(next: TState) {
  state = next;
  for (const listener of listeners) listener();
}

function load(): Promise<void> {
  loading ??= readReaderSettings().then(
    (stored) => setState({ settings: parseReaderSettings(stored), isLoaded: true }),
    // Storage unavailable (private mode): the defaults hold for this visit.
    () => setState({ settings: state.settings, isLoaded: true }),
  );
  return loading;
}

export function updateReaderSettings(change: Partial<TReaderSettings>): void {
  const settings = { ...state.settings, ...change };
  setState({ settings, isLoaded: state.isLoaded });
  void writeReaderSettings(settings).catch(() => undefined);
}

/** Forgets the tab's copy (tests). */
export function resetReaderSettingsCache(): void {
  loading = null;
  state = { settings: DEFAULT_READER_SETTINGS, isLoaded: false };
}

export function useReaderSettings(): TState & { update: (change: Partial<TReaderSettings>) => void } {
  const current = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => state,
    () => state,
  );
  useEffect(() => {
    void load();
  }, []);
  const update = useCallback((change: Partial<TReaderSettings>) => updateReaderSettings(change), []);
  return { ...current, update };
}

/** Page turns faster than this are skimming, slower ones a pause: neither says how fast the reader reads. */
export const SPEED_MIN_SECONDS = 4;
export const SPEED_MAX_SECONDS = 600;
const SPEED_WEIGHT = 0.15;

/** The reader's speed after one more page read in `seconds` (an exponential moving average). */
export function nextReadingSpeed(
  current: { secondsPerPage: number | null; speedSamples: number },
  seconds: number,
): { secondsPerPage: number | null; speedSamples: number } {
  if (!(seconds >= SPEED_MIN_SECONDS && seconds <= SPEED_MAX_SECONDS)) return current;
  const secondsPerPage =
    current.secondsPerPage === null
      ? seconds
      : current.secondsPerPage + SPEED_WEIGHT * (seconds - current.secondsPerPage);
  return { secondsPerPage, speedSamples: current.speedSamples + 1 };
}
