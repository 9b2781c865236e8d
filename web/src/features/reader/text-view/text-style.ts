/** The text view's type from the display settings (docs/product/reader.md#display-settings). */
import type { CSSProperties } from 'react';
import type { TReaderSettings, TTextFont, TTextMargins } from '../reader-settings';

const FONT_FAMILIES: Record<TTextFont, string> = {
  serif: 'Georgia, "Iowan Old Style", "Palatino Linotype", "Times New Roman", serif',
  sans: '"Inter Variable", system-ui, -apple-system, "Segoe UI", sans-serif',
  // Open letter and word spacing in a plain sans serif: easier for many readers with dyslexia.
  dyslexic: 'Verdana, "Inter Variable", system-ui, sans-serif',
};

/** Side padding in px and the longest line in characters' widths (em) for each margin setting. */
const MARGINS: Record<TTextMargins, { padding: number; measure: string }> = {
  narrow: { padding: 18, measure: '46em' },
  medium: { padding: 24, measure: '38em' },
  wide: { padding: 40, measure: '32em' },
};

export function textViewStyle(
  settings: Pick<TReaderSettings, 'textSize' | 'textFont' | 'lineSpacing' | 'textMargins'>,
): CSSProperties {
  const margins = MARGINS[settings.textMargins];
  return {
    fontSize: `${settings.textSize}px`,
    fontFamily: FONT_FAMILIES[settings.textFont],
    lineHeight: settings.lineSpacing,
    letterSpacing: settings.textFont === 'dyslexic' ? '0.03em' : undefined,
    wordSpacing: settings.textFont === 'dyslexic' ? '0.12em' : undefined,
    maxWidth: margins.measure,
    paddingInline: `${margins.padding}px`,
  };
}
