/**
 * What the install hint can offer on this browser (docs/product/routes-and-screens.md#install-the-app): the browser's
 * own prompt, the iOS Safari steps, nothing, or nothing because the app is already installed.
 */
import { useSyncExternalStore } from 'react';
import { installPromptState, subscribeToInstallPrompt, type TBeforeInstallPromptEvent } from './install-prompt';

export type TInstallOffer =
  | { kind: 'prompt'; event: TBeforeInstallPromptEvent }
  | { kind: 'ios' }
  | { kind: 'none' }
  | { kind: 'installed' };

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

let lastOffer: TInstallOffer = { kind: 'none' };

function currentOffer(): TInstallOffer {
  const { prompt, isInstalled } = installPromptState();
  let next: TInstallOffer;
  if (isInstalled || isStandalone()) next = { kind: 'installed' };
  else if (prompt) next = { kind: 'prompt', event: prompt };
  else if (isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints ?? 0)) next = { kind: 'ios' };
  else next = { kind: 'none' };
  // The same answer keeps the same object, as useSyncExternalStore requires of a snapshot.
  const isSame =
    next.kind === lastOffer.kind &&
    (next.kind !== 'prompt' || (lastOffer.kind === 'prompt' && lastOffer.event === next.event));
  if (!isSame) lastOffer = next;
  return lastOffer;
}

export function useInstallOffer(): TInstallOffer {
  return useSyncExternalStore(subscribeToInstallPrompt, currentOffer, currentOffer);
}
