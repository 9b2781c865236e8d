/**
 * The reader's colour theme (light, sepia, dark), remembered per browser in localStorage under
 * READER_THEME_KEY so every book opens in the theme last chosen. Pages are tinted with CSS filters
 * on the page canvas only (reader.css), so the watermark layer keeps its own contrast. Pure (no React): the reader
 * page's first-page picture (reader-first-page.ts) reads the theme too; the screen's hook is use-reader-theme.ts.
 */
export const READER_THEMES = ['light', 'sepia', 'dark'] as const;
export type TReaderTheme = (typeof READER_THEMES)[number];

export const READER_THEME_KEY = 'wb.reader.theme';

export const READER_THEME_LABELS: Record<TReaderTheme, string> = { light: 'Light', sepia: 'Sepia', dark: 'Dark' };

export function isReaderTheme(value: unknown): value is TReaderTheme {
  return typeof value === 'string' && (READER_THEMES as readonly string[]).includes(value);
}

export function nextReaderTheme(theme: TReaderTheme): TReaderTheme {
  return READER_THEMES[(READER_THEMES.indexOf(theme) + 1) % READER_THEMES.length];
}

export function loadReaderTheme(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): TReaderTheme {
  try {
    const stored = storage?.getItem(READER_THEME_KEY);
    return isReaderTheme(stored) ? stored : 'light';
  } catch {
    return 'light';
  }
}

export function saveReaderTheme(
  theme: TReaderTheme,
  storage: Pick<Storage, 'setItem'> | null = safeLocalStorage(),
): void {
  try {
    storage?.setItem(READER_THEME_KEY, theme);
  } catch {
    // Private browsing or a full quota: the theme still applies for this visit.
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
