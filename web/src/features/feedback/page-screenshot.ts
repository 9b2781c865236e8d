/**
 * A picture of the page behind the feedback form (docs/product/feedback.md#screenshots), made in the browser with
 * modern-screenshot, which is fetched only when a reader asks for a screenshot. The app's root is drawn (the form itself
 * lives in a portal outside it, so it is not in the picture), as a JPEG scaled to at most 1280 px wide; a picture over
 * the size limit is drawn again smaller, and refused if it still does not fit.
 */
import { FEEDBACK_MESSAGES, FEEDBACK_SCREENSHOT_MAX_BYTES } from '@shared/feedback';

const MAX_WIDTH = 1280;
const ATTEMPTS = [
  { scale: 1, quality: 0.75 },
  { scale: 0.6, quality: 0.6 },
  { scale: 0.4, quality: 0.5 },
] as const;

export async function capturePageScreenshot(): Promise<Blob> {
  const { domToBlob } = await import('modern-screenshot');
  const root = document.getElementById('root') ?? document.body;
  const fit = Math.min(1, MAX_WIDTH / Math.max(1, root.scrollWidth));
  // The page down to the bottom of what the reader sees: images further down (often lazy ones that would never load
  // in the copy) are left out, and a slow image or font gives up after a few seconds instead of holding the form.
  const visibleBottom = window.innerHeight;
  const height = Math.min(root.scrollHeight, Math.ceil(window.scrollY + window.innerHeight));
  for (const attempt of ATTEMPTS) {
    const blob = await domToBlob(root, {
      type: 'image/jpeg',
      quality: attempt.quality,
      scale: fit * attempt.scale,
      height,
      timeout: 5_000,
      filter: (node) => !(node instanceof HTMLImageElement) || node.getBoundingClientRect().top < visibleBottom,
      backgroundColor: getComputedStyle(document.body).backgroundColor || '#ffffff',
    });
    if (blob.size <= FEEDBACK_SCREENSHOT_MAX_BYTES) return blob;
  }
  throw new Error(FEEDBACK_MESSAGES.screenshotTooLarge);
}
