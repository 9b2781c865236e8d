/**
 * The browser's localStorage, or null where there is none (a service worker, Node) or it is blocked (some private
 * modes throw on access). For the small synchronous marks kept beside IndexedDB (device-hint.ts, download-hint.ts).
 */
export function browserLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
