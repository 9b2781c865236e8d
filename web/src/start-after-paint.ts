/**
 * The app's start on a visitor's page that carries a static picture of its first screen
 * (docs/decisions/020-app-starts-after-the-first-paint.md). The server leaves the app's script and module
 * preloads out of such a page and lists them in a data block instead; this small module, the only script
 * the page names, loads them once the picture is on screen: its first paint, and its cover once drawn. The
 * app's code then never competes with the stylesheet and the cover on a slow connection, and the first
 * screen waits for the HTML and the stylesheet alone.
 */
import { loadApp, readAppCode } from './app-code';

/** The server's picture of the first screen (web/src/lib/first-screen.tsx removes it). */
const FIRST_SCREEN_ID = 'first-screen';
/**
 * How long to wait for the browser to report a paint before starting anyway: a browser that reports none
 * (no paint timing) or a page whose cover never loads still starts, a little later.
 */
const PAINT_WAIT_LIMIT_MS = 3000;
/** An image smaller than text already drawn is never reported as the largest paint; it was drawn by then. */
const IMAGE_PAINT_WAIT_MS = 500;

/** Resolves once the browser reports a paint entry of `type` that `accept` takes (entries already made count). */
function whenObserved(type: string, accept: (entry: PerformanceEntry) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some(accept)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type, buffered: true });
  });
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * The picture has been presented: the first contentful paint reported, then each of its images loaded and
 * drawn (reported as the largest paint when it is the largest; otherwise drawn well within IMAGE_PAINT_WAIT_MS).
 */
async function whenFirstScreenDrawn(picture: HTMLElement): Promise<void> {
  const types = PerformanceObserver.supportedEntryTypes ?? [];
  if (!types.includes('paint')) return nextFrame();
  await whenObserved('paint', (entry) => entry.name === 'first-contentful-paint');
  const images = [...picture.querySelectorAll('img')];
  if (images.length === 0) return;
  await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  if (!types.includes('largest-contentful-paint')) return nextFrame();
  const imageDrawn = whenObserved('largest-contentful-paint', (entry) =>
    images.includes((entry as PerformanceEntry & { element?: Element | null }).element as HTMLImageElement),
  );
  await Promise.race([imageDrawn, delay(IMAGE_PAINT_WAIT_MS)]);
}

export function startAfterPaint(): void {
  const code = readAppCode();
  if (!code) return;
  const picture = document.getElementById(FIRST_SCREEN_ID);
  // A page in a background tab is not painted until shown: start at once rather than wait for the tab.
  if (!picture || document.visibilityState !== 'visible' || typeof PerformanceObserver === 'undefined') {
    loadApp(code);
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    loadApp(code);
  };
  whenFirstScreenDrawn(picture).then(start, start);
  setTimeout(start, PAINT_WAIT_LIMIT_MS);
}

startAfterPaint();
