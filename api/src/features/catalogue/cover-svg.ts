/**
 * Generated book covers: a deterministic SVG drawn from a book's title, author and primary category,
 * used whenever a book has no stored cover image. Pure (no I/O): the same input always gives the same
 * bytes, which is what makes the long-lived ETag and versioned cover URLs safe.
 *
 * Safety: every piece of text goes through escapeXml and the document has no scripts, event
 * attributes, external references or foreign objects, so a hostile title stays inert text.
 */
import { COVER_DEFAULT_HEIGHT, COVER_DEFAULT_WIDTH } from '@shared/limits';

export interface CoverInput {
  title: string;
  author: string;
  category: string | null;
}

interface Palette {
  background: string;
  accent: string;
  shape: string;
  text: string;
  muted: string;
}

/** Colours per well-known category; any other category picks one of these by hash. */
const PALETTES: Record<string, Palette> = {
  leadership: { background: '#1f3a5f', accent: '#f2b134', shape: '#2c5282', text: '#ffffff', muted: '#cbd5e0' },
  'personal growth': { background: '#2f6f4f', accent: '#f6e27a', shape: '#3c8a63', text: '#ffffff', muted: '#d9f0e3' },
  business: { background: '#3b3b58', accent: '#ff8c42', shape: '#4d4d73', text: '#ffffff', muted: '#d6d6ea' },
  psychology: { background: '#6b2d5c', accent: '#f0a6ca', shape: '#843a72', text: '#ffffff', muted: '#f3d9e8' },
  philosophy: { background: '#4a3f35', accent: '#e0c097', shape: '#5e5045', text: '#ffffff', muted: '#eadbc8' },
  faith: { background: '#24527a', accent: '#f9d56e', shape: '#2f6796', text: '#ffffff', muted: '#d6e6f5' },
  mindset: { background: '#7a2e2e', accent: '#ffd166', shape: '#933a3a', text: '#ffffff', muted: '#f5d5d5' },
  communication: { background: '#0f5e68', accent: '#ffb4a2', shape: '#15737f', text: '#ffffff', muted: '#cdeef2' },
  productivity: { background: '#33415c', accent: '#7bdff2', shape: '#3f5072', text: '#ffffff', muted: '#d3dcef' },
  'self-improvement': { background: '#5b3a70', accent: '#ffc857', shape: '#6e4787', text: '#ffffff', muted: '#e3d5ee' },
  'personal development': {
    background: '#265c4b',
    accent: '#ffb703',
    shape: '#2f7260',
    text: '#ffffff',
    muted: '#d2ece3',
  },
  biography: { background: '#5c4033', accent: '#f4d35e', shape: '#704f40', text: '#ffffff', muted: '#ecdcd2' },
};
const FALLBACK_PALETTES = Object.values(PALETTES);

const TITLE_FONT_SIZE = 20;
const TITLE_LINE_HEIGHT = 25;
const TITLE_MAX_LINES = 5;
/** Roughly what fits in the 160-unit text column at the title size (system serif, average glyph). */
const TITLE_CHARS_PER_LINE = 14;
const AUTHOR_MAX_CHARS = 26;

/** FNV-1a, 32-bit: tiny, stable across runs and platforms, good enough to vary decorations. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A short version string that changes whenever anything drawn on the cover changes. */
export function coverVersion(input: CoverInput): string {
  return hashText(`${input.title}\u0000${input.author}\u0000${input.category ?? ''}`).toString(36);
}

export function generatedCoverUrl(bookId: string, input: CoverInput): string {
  return `/api/books/${encodeURIComponent(bookId)}/cover.svg?v=${coverVersion(input)}`;
}

/**
 * The first category of the books row `alias` (by position), in SQL: the category a generated cover shows, for
 * lists that read books outside the catalogue service and pass it to readerCoverUrl.
 */
export function primaryCategorySql(alias: string): string {
  return `(select c.name from book_categories bc join categories c on c.id = bc.category_id where bc.book_id = ${alias}.id order by bc.position limit 1)`;
}

/** The cover every list shows: the uploaded image, else the generated one (the catalogue's own URL). */
export function readerCoverUrl(book: {
  id: string;
  title: string;
  author: string;
  coverImageUrl: string | null;
  category: string | null;
}): string {
  return book.coverImageUrl || generatedCoverUrl(book.id, book);
}

// Characters XML 1.0 forbids even when escaped; a title containing them must still give valid SVG. They are
// the C0 controls other than tab, line feed and carriage return (C1 controls are allowed), U+FFFE, U+FFFF
// and unpaired surrogates (with the u flag a surrogate only matches \p{Cs} when it is unpaired).
const INVALID_XML_CHARACTERS = /(?![\t\n\r\u007f-\u009f])[\p{Cc}\p{Cs}\ufffe\uffff]/gu;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARACTERS, '').replace(/[&<>"']/g, (character) => XML_ENTITIES[character]);
}
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Greedy word wrap; over-long words are split, and text beyond the last line ends with an ellipsis. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let truncated = false;
  for (const rawWord of words) {
    const pieces = chunk(rawWord, maxChars);
    for (const word of pieces) {
      const candidate = current ? `${current} ${word}` : word;
      if (Array.from(candidate).length <= maxChars) {
        current = candidate;
        continue;
      }
      lines.push(current);
      current = word;
      if (lines.length === maxLines) {
        truncated = true;
        break;
      }
    }
    if (truncated) break;
  }
  if (!truncated && current) lines.push(current);
  if (truncated) lines[maxLines - 1] = ellipsize(lines[maxLines - 1], maxChars);
  return lines.slice(0, maxLines);
}

function chunk(word: string, size: number): string[] {
  const characters = Array.from(word);
  if (characters.length <= size) return [word];
  const pieces: string[] = [];
  for (let start = 0; start < characters.length; start += size)
    pieces.push(characters.slice(start, start + size).join(''));
  return pieces;
}

function ellipsize(text: string, maxChars: number): string {
  const characters = Array.from(text);
  const kept = characters.length >= maxChars ? characters.slice(0, maxChars - 1) : characters;
  return `${kept.join('').trimEnd()}…`;
}

function paletteFor(category: string | null): Palette {
  const key = (category ?? '').trim().toLowerCase();
  return PALETTES[key] ?? FALLBACK_PALETTES[hashText(key) % FALLBACK_PALETTES.length];
}

/** Three decorative shapes whose sizes and positions come from the title hash. */
function decorations(seed: number, palette: Palette, width: number): string {
  const pick = (shift: number, range: number) => ((seed >>> shift) & 0xff) % range;
  const circleX = 20 + pick(0, width - 40);
  const circleR = 40 + pick(8, 50);
  const stripeY = 150 + pick(4, 40);
  // The ring sits on the stripe's band, right of centre, clear of the title above and the author below.
  const ringX = Math.round(width * 0.55) + pick(16, Math.round(width * 0.3));
  const ringY = stripeY - 10 + pick(20, 20);
  const ringR = 12 + pick(24, 12);
  const variant = seed % 3;
  const shapes = [
    `<circle cx="${circleX}" cy="${-10 + pick(12, 40)}" r="${circleR}" fill="${palette.shape}"/>`,
    `<circle cx="${ringX}" cy="${ringY}" r="${ringR}" fill="none" stroke="${palette.accent}" stroke-opacity="0.55" stroke-width="3"/>`,
    variant === 0
      ? `<rect x="0" y="${stripeY}" width="${width}" height="6" fill="${palette.accent}" fill-opacity="0.8"/>`
      : variant === 1
        ? `<path d="M0 ${stripeY + 10} L${width} ${stripeY - 10} L${width} ${stripeY - 4} L0 ${stripeY + 16} Z" fill="${palette.accent}" fill-opacity="0.8"/>`
        : `<rect x="16" y="${stripeY}" width="${40 + pick(28, 60)}" height="6" rx="3" fill="${palette.accent}"/>`,
  ];
  return shapes.join('');
}

/** The cover as a complete SVG document (200x280 viewBox unless asked otherwise). */
export function renderCoverSvg(input: CoverInput, width = COVER_DEFAULT_WIDTH, height = COVER_DEFAULT_HEIGHT): string {
  const palette = paletteFor(input.category);
  const seed = hashText(input.title);
  const titleLines = wrapText(input.title || 'Untitled', TITLE_CHARS_PER_LINE, TITLE_MAX_LINES);
  const titleTop = 46;
  const titleText = titleLines
    .map((line, index) => `<tspan x="20" y="${titleTop + index * TITLE_LINE_HEIGHT}">${escapeXml(line)}</tspan>`)
    .join('');
  const author = wrapText(input.author, AUTHOR_MAX_CHARS, 1)[0] ?? '';
  const category = input.category ? wrapText(input.category.toUpperCase(), AUTHOR_MAX_CHARS, 1)[0] : '';
  const label = `${input.title} by ${input.author}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<rect width="${width}" height="${height}" fill="${palette.background}"/>`,
    decorations(seed, palette, width),
    `<rect x="0" y="0" width="8" height="${height}" fill="#000000" fill-opacity="0.18"/>`,
    `<text font-family="Georgia, 'Times New Roman', serif" font-size="${TITLE_FONT_SIZE}" font-weight="700" fill="${palette.text}">${titleText}</text>`,
    category
      ? `<text x="20" y="${height - 44}" font-family="Inter, system-ui, sans-serif" font-size="9" letter-spacing="1.5" fill="${palette.accent}">${escapeXml(category)}</text>`
      : '',
    `<text x="20" y="${height - 24}" font-family="Inter, system-ui, sans-serif" font-size="12" fill="${palette.muted}">${escapeXml(author)}</text>`,
    '</svg>',
  ].join('');
}
