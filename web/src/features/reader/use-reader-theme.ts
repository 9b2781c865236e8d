/** The reader screen's colour theme as React state, remembered through reader-theme.ts. */
import { useCallback, useState } from 'react';
import { loadReaderTheme, nextReaderTheme, saveReaderTheme, type TReaderTheme } from './reader-theme';

export function useReaderTheme(): {
  theme: TReaderTheme;
  setTheme: (theme: TReaderTheme) => void;
  cycleTheme: () => void;
} {
  const [theme, setThemeState] = useState<TReaderTheme>(() => loadReaderTheme());
  const setTheme = useCallback((next: TReaderTheme) => {
    setThemeState(next);
    saveReaderTheme(next);
  }, []);
  const cycleTheme = useCallback(() => {
    setThemeState((current) => {
      const next = nextReaderTheme(current);
      saveReaderTheme(next);
      return next;
    });
  }, []);
  return { theme, setTheme, cycleTheme };
}
