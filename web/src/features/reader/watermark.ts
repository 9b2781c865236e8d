/**
 * The licence watermark (docs/product/copy-budget.md#watermark): on every page and in every view, the
 * reader's name, shortened e-mail and loan id in the page's top and bottom margins, small and at low
 * contrast, so it marks the page without lying across the text. It is a layer inside pdf.js's page
 * element, so it scrolls, zooms and shows in screenshots with the page; decoration for people (hidden
 * from assistive technology), never selectable or copyable, and every click goes through it. The loan
 * id also travels in the faint screenshot pattern over the reading area (watermark-pattern.ts).
 */
import type { TLicensePolicy } from '@shared/reader';

export type TWatermark = TLicensePolicy['watermark'];

export const WATERMARK_CLASS = 'reader-watermark';

/**
 * The e-mail as shown on screen: the first two characters of the local part, an ellipsis and the
 * domain ("ad…@example.com"), enough for the reader to know it is theirs and little for a neighbour.
 */
export function shortenEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1);
  const kept = Array.from(local)
    .slice(0, Math.min(2, Math.max(1, Array.from(local).length - 1)))
    .join('');
  return `${kept}…@${domain}`;
}

export function watermarkText({ name, email, loanId }: TWatermark): string {
  return [name.trim(), email.trim() ? shortenEmail(email) : '', loanId ? `Loan ${loanId}` : '']
    .filter(Boolean)
    .join(' · ');
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
  for (const edge of ['top', 'bottom'] as const) {
    const line = doc.createElement('span');
    line.className = `${WATERMARK_CLASS}-${edge}`;
    // textContent, never HTML: the name comes from the reader's own profile.
    line.textContent = text;
    layer.append(line);
  }
  page.append(layer);
  return layer;
}
