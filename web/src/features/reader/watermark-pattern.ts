/**
 * The screenshot mark (docs/product/copy-budget.md#watermark): a faint tiled pattern over the reading
 * area that carries the loan id, so a screenshot of any part of a page, in any view and theme, names
 * the loan it came from, while the text stays as legible as without it. scripts/decode-watermark.mjs
 * reads it back from a PNG (the layout constants below are repeated there; its test keeps them equal).
 *
 * One tile is TILE_COLUMNS x TILE_ROWS square cells of CELL_CSS_PX; a cell is "marked" (tinted) or not.
 * - Column 0 is all marked and row 0 alternates (marked at even columns): they let the decoder find
 *   where a tile starts and which way the tint goes (darker on light pages, lighter on dark ones).
 * - The other cells, row by row, carry the 16 bytes of the loan id (a UUID) and a CRC-16 of them,
 *   most significant bit first; the cells left over stay unmarked.
 * The tile repeats over the whole area, so the decoder averages every copy in the picture and the
 * text drawn over some of them does not matter.
 */

export const CELL_CSS_PX = 3;
export const TILE_COLUMNS = 18;
export const TILE_ROWS = 10;
export const PAYLOAD_BYTES = 16;

/** CRC-16/CCITT-FALSE. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** A UUID's 16 bytes; any other id as its first 16 UTF-8 bytes, zero-padded. */
export function loanIdBytes(loanId: string): Uint8Array {
  const hex = loanId.replace(/-/g, '');
  if (/^[0-9a-f]{32}$/i.test(hex)) {
    return Uint8Array.from({ length: PAYLOAD_BYTES }, (_, index) =>
      Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16),
    );
  }
  const bytes = new Uint8Array(PAYLOAD_BYTES);
  bytes.set(new TextEncoder().encode(loanId).slice(0, PAYLOAD_BYTES));
  return bytes;
}

/** The tile as rows of cells, true where the cell is marked. */
export function watermarkTile(loanId: string): boolean[][] {
  const payload = loanIdBytes(loanId);
  const crc = crc16(payload);
  const bits: boolean[] = [];
  for (const byte of [...payload, crc >> 8, crc & 0xff]) {
    for (let bit = 7; bit >= 0; bit--) bits.push(((byte >> bit) & 1) === 1);
  }
  let next = 0;
  return Array.from({ length: TILE_ROWS }, (_, row) =>
    Array.from({ length: TILE_COLUMNS }, (_, column) => {
      if (column === 0) return true;
      if (row === 0) return column % 2 === 0;
      const bit = bits[next];
      next++;
      return bit ?? false;
    }),
  );
}

/** The tile as an SVG data URL: `color` at `opacity` in the marked cells, in CSS pixels. */
export function watermarkTileUrl(loanId: string, color: string, opacity: number): string {
  const tile = watermarkTile(loanId);
  let path = '';
  tile.forEach((cells, row) => {
    cells.forEach((isMarked, column) => {
      if (isMarked)
        path += `M${column * CELL_CSS_PX} ${row * CELL_CSS_PX}h${CELL_CSS_PX}v${CELL_CSS_PX}h-${CELL_CSS_PX}z`;
    });
  });
  const width = TILE_COLUMNS * CELL_CSS_PX;
  const height = TILE_ROWS * CELL_CSS_PX;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" shape-rendering="crispEdges">` +
    `<path d="${path}" fill="${color}" fill-opacity="${opacity}"/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}
