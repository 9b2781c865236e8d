import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

/**
 * The Fullscreen API on the whole document (so toasts and panels stay visible); `isSupported` is
 * false where the browser has no element fullscreen (iPhone Safari), and the control is then hidden.
 */
export function useFullscreen(): { isSupported: boolean; isFullscreen: boolean; toggle: () => void } {
  const isFullscreen = useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null && document.fullscreenElement !== undefined,
    () => false,
  );
  const isSupported =
    typeof document !== 'undefined' &&
    !!document.fullscreenEnabled &&
    typeof document.documentElement.requestFullscreen === 'function';
  const toggle = useCallback(() => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    } else {
      void document.documentElement.requestFullscreen().catch(() => undefined);
    }
  }, []);
  return { isSupported, isFullscreen, toggle };
}
