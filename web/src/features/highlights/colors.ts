/** The highlight colours as the reader sees them (docs/product/highlights.md#highlighting). */
import type { THighlightColor } from '@shared/highlights.schemas';

export const HIGHLIGHT_COLOR_LABELS: Record<THighlightColor, string> = {
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
  pink: 'Pink',
};

/** Swatch classes for buttons and list markers (the marks on the page are styled in highlights.css). */
export const HIGHLIGHT_SWATCH: Record<THighlightColor, string> = {
  yellow: 'bg-yellow-300',
  green: 'bg-green-300',
  blue: 'bg-sky-300',
  pink: 'bg-pink-300',
};

export const highlightName = (color: THighlightColor) => `wb-highlight-${color}`;
