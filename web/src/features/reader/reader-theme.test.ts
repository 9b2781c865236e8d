import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { loadReaderTheme, nextReaderTheme, READER_THEME_KEY, saveReaderTheme } from './reader-theme';
import { useReaderTheme } from './use-reader-theme';

afterEach(() => window.localStorage.clear());

describe('reader theme', () => {
  it('cycles light → sepia → dark → light', () => {
    expect(nextReaderTheme('light')).toBe('sepia');
    expect(nextReaderTheme('sepia')).toBe('dark');
    expect(nextReaderTheme('dark')).toBe('light');
  });

  it('remembers the chosen theme and ignores anything else stored', () => {
    expect(loadReaderTheme()).toBe('light');
    saveReaderTheme('dark');
    expect(window.localStorage.getItem(READER_THEME_KEY)).toBe('dark');
    expect(loadReaderTheme()).toBe('dark');
    window.localStorage.setItem(READER_THEME_KEY, 'neon');
    expect(loadReaderTheme()).toBe('light');
  });

  it('falls back to light when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadReaderTheme(broken)).toBe('light');
    expect(() => saveReaderTheme('sepia', broken)).not.toThrow();
  });

  it('useReaderTheme starts from the stored theme and persists each change', () => {
    saveReaderTheme('sepia');
    const { result } = renderHook(() => useReaderTheme());
    expect(result.current.theme).toBe('sepia');
    act(() => result.current.cycleTheme());
    expect(result.current.theme).toBe('dark');
    expect(loadReaderTheme()).toBe('dark');
    act(() => result.current.setTheme('light'));
    expect(loadReaderTheme()).toBe('light');
  });
});
