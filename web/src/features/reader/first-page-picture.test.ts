import { describe, expect, it } from 'vitest';
import { openingScale, pictureLayout } from './first-page-picture';

/** A US Letter page at scale 1 in CSS pixels (612 × 792 pt × 96/72). */
const LETTER = { width: 816, height: 1056 };

describe("the first-page picture lays the page out as the reader's viewer will (docs/decisions/025-reader-first-page.md)", () => {
  it("opens a narrow container at page width, as pdf.js's page-width preset (40 px of padding)", () => {
    expect(openingScale(LETTER, { width: 390, height: 700 })).toBeCloseTo(350 / 816, 10);
    expect(openingScale(LETTER, { width: 799, height: 700 })).toBeCloseTo(759 / 816, 10);
  });

  it("opens a wide container at pdf.js's automatic zoom: page width, never above 125 %", () => {
    expect(openingScale(LETTER, { width: 900, height: 700 })).toBeCloseTo(860 / 816, 10);
    expect(openingScale(LETTER, { width: 1265, height: 744 })).toBe(1.25);
  });

  it('fits a landscape page whole in a wide container', () => {
    const landscape = { width: 1056, height: 816 };
    expect(openingScale(landscape, { width: 1400, height: 600 })).toBeCloseTo(595 / 816, 10);
  });

  it("draws one page in the reader's page mode, and nothing when the screen shows something else first", () => {
    expect(pictureLayout(null, true)).toEqual({ pageMode: 'continuous' });
    expect(pictureLayout(null, false)).toEqual({ pageMode: 'paginated' });
    expect(pictureLayout({ pageMode: 'paginated' }, true)).toEqual({ pageMode: 'paginated' });
    expect(pictureLayout({ pageMode: 'continuous' }, false)).toEqual({ pageMode: 'continuous' });
    expect(pictureLayout({ pageMode: 'sideways' }, false)).toEqual({ pageMode: 'paginated' });
    expect(pictureLayout({ view: 'text' }, false)).toBeNull();
    expect(pictureLayout({ spread: true }, true)).toBeNull();
    // Spreads are a wide screen's habit only: a phone shows one page.
    expect(pictureLayout({ spread: true }, false)).toEqual({ pageMode: 'paginated' });
  });
});
