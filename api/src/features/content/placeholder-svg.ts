/**
 * The neutral placeholder cover (docs/product/routes-and-screens.md#book-cover: shown when a book has no cover or it
 * fails to load). Pure: the output depends only on the size, so responses can be cached for good.
 */
export function renderPlaceholderSvg(width: number, height: number): string {
  // A book glyph (24-unit icon grid) scaled to about a third of the smaller side and centred.
  // No text from the request reaches the document, only the two validated integers.
  const size = Math.max(1, Math.min(width, height) * 0.36);
  const scale = size / 24;
  const x = (width - size) / 2;
  const y = (height - size) / 2;
  const round = (value: number) => Math.round(value * 100) / 100;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="No cover available">`,
    '<title>No cover available</title>',
    `<rect width="${width}" height="${height}" fill="#e8e4dc"/>`,
    `<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale)})" fill="none" stroke="#a39e93" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">`,
    '<path d="M4 19.5v-15A2.5 2.5 0 0 1 6.5 2H20v20H6.5a2.5 2.5 0 0 1 0-5H20"/>',
    '</g>',
    '</svg>',
  ].join('');
}
