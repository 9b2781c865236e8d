/**
 * The licence watermark (docs/product/copy-budget.md#watermark): the reader's name, e-mail and loan id repeated across
 * every rendered page, drawn as a layer inside pdf.js's page element so it scrolls, zooms and shows in screenshots with
 * the page. It is decoration for people (hidden from assistive technology), never selectable or copyable, and lets
 * every click through to the text layer.
 */
import type { TLicensePolicy } from '@shared/reader';

export type TWatermark = TLicensePolicy['watermark'];

export const WATERMARK_CLASS = 'reader-watermark';
const ROWS = 14;
const REPEATS_PER_ROW = 3;

export function watermarkText({ name, email, loanId }: TWatermark): string {
  return [name.trim(), email.trim(), loanId ? `Loan ${loanId}` : ''].filter(Boolean).join(' · ');
}

/** Adds the watermark layer to a page element, or refreshes its text; one layer per page. */
export function applyWatermark(page: HTMLElement, text: string, testId = 'watermark'): HTMLElement {
  const existing = page.querySelector<HTMLElement>(`:scope > .${WATERMARK_CLASS}`);
  if (existing && existing.dataset.text === text) return existing;
  existing?.remove();

  const doc = page.ownerDocument;
  const layer = doc.createElement('div');
  layer.className = WATERMARK_CLASS;
  layer.dataset.testid = testId;
  layer.dataset.text = text;
  layer.setAttribute('aria-hidden', 'true');
  const grid = doc.createElement('div');
  grid.className = `${WATERMARK_CLASS}-grid`;
  for (let row = 0; row < ROWS; row++) {
    const line = doc.createElement('span');
    // textContent, never HTML: the name comes from the reader's own profile.
    line.textContent = Array.from({ length: REPEATS_PER_ROW }, () => text).join('     ');
    grid.append(line);
  }
  layer.append(grid);
  page.append(layer);
  return layer;
}
