/**
 * The hand-off from the server's static picture of the first screen (api/src/features/seo/first-screen-html.ts,
 * docs/decisions/018-route-code-in-the-shell.md) to the app. While a visitor's picture is in the page the app's root is
 * hidden (styles.css); the app removes the picture in the same frame as its screen first commits, or when it shows an
 * error instead, so the visitor never sees both or neither.
 *
 * The reader's picture lies over the app instead, and once it shows the book's first page (reader-first-page.ts) it
 * stays until the reader screen's viewer has drawn that page underneath (docs/decisions/025-reader-first-page.md):
 * removing it when the screen mounts would show the screen's spinner between two pictures of the same page.
 */
import { useLayoutEffect } from 'react';
import { whenReaderFirstPageDrawn } from '@web/lib/reader-first-page';

/** The element the server writes (FIRST_SCREEN_ELEMENT_ID on the server). */
const FIRST_SCREEN_ID = 'first-screen';
/** Set for the frame of the swap: the screen that replaces the picture appears without its fade-in. */
const HAND_OFF_ATTRIBUTE = 'data-first-screen-hand-off';
/** Set by reader-first-page.ts on the reader's picture once it shows the book's page. */
const SHOWS_PAGE_ATTRIBUTE = 'data-shows-page';
/** The longest the reader's picture waits for the viewer's page (a screen that never draws one must not stay hidden). */
const VIEWER_PAGE_WAIT_MS = 5000;

function firstScreen(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ID);
}

/** Removes the picture now (the app's screen or an error is ready to be seen). */
export function revealAppNow(): void {
  const picture = firstScreen();
  if (!picture) return;
  document.documentElement.setAttribute(HAND_OFF_ATTRIBUTE, '');
  picture.remove();
  // Two frames: the first draws the screen without its transition, the second lets later screens fade again.
  window.requestAnimationFrame(() =>
    window.requestAnimationFrame(() => document.documentElement.removeAttribute(HAND_OFF_ATTRIBUTE)),
  );
}

/** Removes the picture once the app's screen stands in for it: at once, or after the viewer's page for the reader's. */
export function revealApp(): void {
  const picture = firstScreen();
  if (!picture?.hasAttribute(SHOWS_PAGE_ATTRIBUTE)) {
    revealAppNow();
    return;
  }
  whenReaderFirstPageDrawn(VIEWER_PAGE_WAIT_MS, 'viewer').then(() => {
    if (firstScreen() === picture) revealAppNow();
  });
}

/** Rendered beside the routed screen, inside its Suspense boundary: it mounts when the screen itself does. */
export function FirstScreenHandOff({ immediate = false }: { immediate?: boolean }): null {
  useLayoutEffect(() => (immediate ? revealAppNow() : revealApp()), [immediate]);
  return null;
}
