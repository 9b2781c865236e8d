/**
 * The browser's offer to install the app (docs/product/routes-and-screens.md#install-the-app). Chromium fires
 * 'beforeinstallprompt' once, early, whatever screen is showing; this small module keeps the event from the first
 * moment so the install hint (install-hint.tsx, loaded later) can offer its own 'Install' button. iOS Safari has no
 * such event: there the hint explains Share → Add to Home Screen instead.
 * State: the deferred event and whether the app was installed, in this module; readers subscribe through
 * useInstallOffer.
 */
import { useSyncExternalStore } from 'react';

/** The part of Chromium's BeforeInstallPromptEvent the hint uses (not in the DOM typings). */
export interface TBeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type TInstallOffer =
  | { kind: 'prompt'; event: TBeforeInstallPromptEvent }
  | { kind: 'ios' }
  | { kind: 'none' }
  | { kind: 'installed' };

let deferredPrompt: TBeforeInstallPromptEvent | null = null;
let isInstalled = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Safari on iPhone or iPad (iPadOS presents itself as a Mac with touch), not another browser's iOS shell. */
export function isIosSafari(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  const isIosDevice = /iPhone|iPad|iPod/i.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
  const isOtherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//i.test(userAgent);
  return isIosDevice && !isOtherBrowser && /Safari/i.test(userAgent);
}

/** Opened from the home screen (iOS) or as an installed window (display-mode standalone). */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

let offer: TInstallOffer = { kind: 'none' };

function computeOffer(): TInstallOffer {
  if (isInstalled || isStandalone()) return { kind: 'installed' };
  if (deferredPrompt) return { kind: 'prompt', event: deferredPrompt };
  if (isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints ?? 0)) return { kind: 'ios' };
  return { kind: 'none' };
}

function refresh(): void {
  offer = computeOffer();
  emit();
}

/** Starts listening; call once at start, before the browser fires its event. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the hint offers installing where it does not cover anything.
    event.preventDefault();
    deferredPrompt = event as TBeforeInstallPromptEvent;
    refresh();
  });
  window.addEventListener('appinstalled', () => {
    isInstalled = true;
    deferredPrompt = null;
    refresh();
  });
  offer = computeOffer();
}

/** After the prompt was used: Chromium lets a prompt event be used once. */
export function forgetInstallPrompt(): void {
  deferredPrompt = null;
  refresh();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallOffer(): TInstallOffer {
  return useSyncExternalStore(
    subscribe,
    () => offer,
    () => offer,
  );
}
