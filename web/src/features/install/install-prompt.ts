/**
 * The browser's offer to install the app (docs/product/routes-and-screens.md#install-the-app). Chromium fires
 * 'beforeinstallprompt' once, early, whatever screen is showing, so main.tsx starts this listener at once; the rest
 * of the install hint (use-install-offer.ts, install-hint.tsx) loads with the screens that show it. Kept tiny: it is
 * part of every first page.
 * State: the deferred event and whether the app was installed, in this module.
 */

/** The part of Chromium's BeforeInstallPromptEvent the hint uses (not in the DOM typings). */
export interface TBeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredPrompt: TBeforeInstallPromptEvent | null = null;
let isInstalled = false;
const listeners = new Set<() => void>();

function setState(prompt: TBeforeInstallPromptEvent | null, installed = isInstalled): void {
  deferredPrompt = prompt;
  isInstalled = installed;
  for (const listener of listeners) listener();
}

/** Starts listening; call once at start, before the browser fires its event. */
export function captureInstallPrompt(): void {
  addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the hint offers installing without covering the page.
    event.preventDefault();
    setState(event as TBeforeInstallPromptEvent);
  });
  addEventListener('appinstalled', () => setState(null, true));
}

export function installPromptState(): { prompt: TBeforeInstallPromptEvent | null; isInstalled: boolean } {
  return { prompt: deferredPrompt, isInstalled };
}

/** After the prompt was used: Chromium lets a prompt event be used once. */
export function forgetInstallPrompt(): void {
  setState(null);
}

export function subscribeToInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
