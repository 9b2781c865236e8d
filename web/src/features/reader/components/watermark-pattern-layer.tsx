/** The screenshot mark over the reading area, in the tint of the theme (watermark-pattern.ts). */
import { useMemo } from 'react';
import type { TReaderTheme } from '../reader-theme';
import { CELL_CSS_PX, TILE_COLUMNS, TILE_ROWS, watermarkTileUrl } from '../watermark-pattern';

/**
 * Darker marks on light pages, lighter ones on dark pages, three or four levels of grey (of 255) from
 * the page: below what the eye picks out at reading distance, plenty for the decoder's averaging.
 */
const TINT: Record<TReaderTheme, { color: string; opacity: number }> = {
  light: { color: '#000000', opacity: 0.012 },
  sepia: { color: '#3b2f20', opacity: 0.016 },
  dark: { color: '#ffffff', opacity: 0.016 },
};

export function WatermarkPatternLayer({ loanId, theme }: { loanId: string; theme: TReaderTheme }) {
  const backgroundImage = useMemo(
    () => watermarkTileUrl(loanId, TINT[theme].color, TINT[theme].opacity),
    [loanId, theme],
  );
  return (
    <div
      aria-hidden="true"
      className="reader-mark-pattern"
      data-testid="watermark-pattern"
      style={{ backgroundImage, backgroundSize: `${TILE_COLUMNS * CELL_CSS_PX}px ${TILE_ROWS * CELL_CSS_PX}px` }}
    />
  );
}
