/**
 * The hand-off from the server's static picture of the first screen (api/src/features/seo/first-screen-html.ts,
 * docs/decisions/018-route-code-in-the-shell.md) to the app. While the picture is in the page the app's root is
 * hidden (styles.css); the app removes the picture in the same frame as its screen first commits, or when it
 * shows an error instead, so the visitor never sees both or neither.
 */
import { useLayoutEffect } from 'react';

/** The element the server writes (FIRST_SCREEN_ELEMENT_ID on the server). */
const FIRST_SCREEN_ID = 'first-screen';
/** Set for the frame of the swap: the screen that replaces the picture appears without its fade-in. */
const HAND_OFF_ATTRIBUTE = 'data-first-screen-hand-off';

export function revealApp(): void {
  const picture = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ID);
  if (!picture) return;
  document.documentElement.setAttribute(HAND_OFF_ATTRIBUTE, '');
  picture.remove();
  // Two frames: the first draws the screen without its transition, the second lets later screens fade again.
  window.requestAnimationFrame(() =>
    window.requestAnimationFrame(() => document.documentElement.removeAttribute(HAND_OFF_ATTRIBUTE)),
  );
}

/** Rendered beside the routed screen, inside its Suspense boundary: it mounts when the screen itself does. */
export function FirstScreenHandOff(): null {
  useLayoutEffect(revealApp, []);
  return null;
}
