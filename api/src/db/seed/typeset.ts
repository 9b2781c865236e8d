/**
 * A small book typesetter on pdf-lib: turns plain text (sections of paragraphs) into a real PDF with
 * a cover page, a title page, a contents page whose entries link to their chapters, running heads,
 * page numbers in the footer and a PDF outline, so pdf.js shows the contents. Text is set ragged
 * right in DejaVu Serif (subset and embedded, with a ToUnicode map so the text layer and search
 * work), headings in DejaVu Sans. Output is deterministic: fixed dates and no random names, so the
 * same input gives the same bytes and re-ingesting it is a no-op by sha256.
 *
 * Used by the demo seed (the 16 books of content/books) and by demo-content.ts for generated
 * catalogue books. Long books yield to the event loop between pages so a server keeps answering.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  rgb,
  type PDFFont,
  type PDFPage,
  type PDFRef,
  type RGB,
} from 'pdf-lib';
import { yieldToEventLoop } from '../../lib/event-loop';

export interface TTypesetSection {
  /** Heading of the section, listed in the contents and the outline; null for untitled front matter. */
  title: string | null;
  /** Plain text: paragraphs separated by blank lines; indented blocks (verse, quotations) keep their lines. */
  text: string;
}

export interface TTypesetBook {
  title: string;
  author: string;
  /** Small lines under the author on the title page ("First published in 1776"). */
  titlePageNotes?: string[];
  subject?: string;
  keywords?: string[];
  language?: string;
  sections: TTypesetSection[];
  /** Cover colours; chosen from the title when omitted. */
  palette?: TCoverPalette;
}

export interface TCoverPalette {
  background: string;
  accent: string;
  text: string;
}

export interface TTypesetOutlineEntry {
  title: string;
  /** 1-based page number. */
  pageNumber: number;
}

export interface TTypesetResult {
  bytes: Uint8Array;
  pageCount: number;
  outline: TTypesetOutlineEntry[];
}

/** 6 x 9 in trade paperback. */
const PAGE_WIDTH = 432;
const PAGE_HEIGHT = 648;
const MARGIN_X = 54;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 70;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const BODY_SIZE = 10.5;
const BODY_LEADING = 14.5;
const PARAGRAPH_GAP = 5;
const VERSE_INDENT = 18;
const HEADING_SIZE = 16;
const HEADING_LEADING = 21;
const HEADING_GAP_AFTER = 24;
const RUNNING_HEAD_SIZE = 8;
const FOLIO_SIZE = 9;
const CONTENTS_SIZE = 10;
const CONTENTS_LEADING = 15;
/** Every page yields to the event loop after this many pages, so a long book never blocks a server. */
const PAGES_PER_TICK = 8;
/** Line breaking yields to the event loop after this many paragraphs. */
const BLOCKS_PER_TICK = 150;
/** Fixed, so the same text always gives the same file. */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.42, 0.42, 0.42);

const PALETTES: TCoverPalette[] = [
  { background: '#1f3a5f', accent: '#f2b134', text: '#ffffff' },
  { background: '#2f6f4f', accent: '#f6e27a', text: '#ffffff' },
  { background: '#4a3f35', accent: '#e0c097', text: '#ffffff' },
  { background: '#6b2d5c', accent: '#f0a6ca', text: '#ffffff' },
  { background: '#24527a', accent: '#f9d56e', text: '#ffffff' },
  { background: '#7a2e2e', accent: '#ffd166', text: '#ffffff' },
  { background: '#0f5e68', accent: '#ffb4a2', text: '#ffffff' },
  { background: '#5b3a70', accent: '#ffc857', text: '#ffffff' },
];

type TFontName = 'serif' | 'serifBold' | 'sans' | 'sansBold';
const FONT_FILES: Record<TFontName, string> = {
  serif: 'DejaVuSerif.ttf',
  serifBold: 'DejaVuSerif-Bold.ttf',
  sans: 'DejaVuSans.ttf',
  sansBold: 'DejaVuSans-Bold.ttf',
};

interface TMetrics {
  bytes: Uint8Array;
  unitsPerEm: number;
  /** Advance width in font units per code point; -1 when the font has no glyph for it. */
  widths: Map<number, number>;
  font: ReturnType<typeof fontkit.create>;
}

const metricsCache = new Map<TFontName, TMetrics>();

function fontDirectory(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** Font files are read and parsed once per process; widths are cached per character. */
function metricsOf(name: TFontName): TMetrics {
  let metrics = metricsCache.get(name);
  if (!metrics) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(fontDirectory(), FONT_FILES[name])));
    const font = fontkit.create(bytes);
    metrics = { bytes, unitsPerEm: font.unitsPerEm, widths: new Map(), font };
    metricsCache.set(name, metrics);
  }
  return metrics;
}

function advanceOf(metrics: TMetrics, codePoint: number): number {
  let width = metrics.widths.get(codePoint);
  if (width === undefined) {
    width = metrics.font.hasGlyphForCodePoint(codePoint) ? metrics.font.glyphForCodePoint(codePoint).advanceWidth : -1;
    metrics.widths.set(codePoint, width);
  }
  return width;
}

/** Text the font can draw: control characters become spaces, characters without a glyph become '?'. */
function drawable(text: string, name: TFontName): string {
  const metrics = metricsOf(name);
  let out = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) out += ' ';
    else if (codePoint === 0xad || codePoint === 0xfeff) continue;
    else out += advanceOf(metrics, codePoint) >= 0 ? character : '?';
  }
  return out;
}

function widthOf(text: string, name: TFontName, size: number): number {
  const metrics = metricsOf(name);
  let units = 0;
  for (const character of text) units += Math.max(0, advanceOf(metrics, character.codePointAt(0)!));
  return (units / metrics.unitsPerEm) * size;
}

/** Greedy line breaking; a word wider than the line is cut where it overflows. */
export function breakLines(text: string, name: TFontName, size: number, maxWidth: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  const spaceWidth = widthOf(' ', name, size);
  let line = '';
  let lineWidth = 0;
  for (let word of words) {
    let wordWidth = widthOf(word, name, size);
    while (wordWidth > maxWidth) {
      if (line) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      const characters = Array.from(word);
      let cut = characters.length - 1;
      while (cut > 1 && widthOf(characters.slice(0, cut).join(''), name, size) > maxWidth) cut -= 1;
      lines.push(characters.slice(0, cut).join(''));
      word = characters.slice(cut).join('');
      wordWidth = widthOf(word, name, size);
    }
    if (!line) {
      line = word;
      lineWidth = wordWidth;
    } else if (lineWidth + spaceWidth + wordWidth <= maxWidth) {
      line += ` ${word}`;
      lineWidth += spaceWidth + wordWidth;
    } else {
      lines.push(line);
      line = word;
      lineWidth = wordWidth;
    }
  }
  if (line) lines.push(line);
  return lines;
}

type TBlock = { kind: 'paragraph'; text: string } | { kind: 'verse'; lines: string[] };

/** Paragraphs are reflowed; a block whose lines are all indented (verse, letters, tables) keeps its lines. */
export function toBlocks(text: string): TBlock[] {
  const blocks: TBlock[] = [];
  for (const raw of text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .split(/\n[ \t]*\n/)) {
    const lines = raw.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    // Transcriptions mark italics with underscores and write dashes as "--".
    const clean = (line: string) => line.replace(/_/g, '').replace(/(\S)--(?=\S)/g, '$1—');
    const isIndented = lines.every((line) => /^ {2,}\S/.test(line));
    if (isIndented && lines.length > 1) {
      blocks.push({ kind: 'verse', lines: lines.map((line) => clean(line.trim())) });
    } else {
      blocks.push({ kind: 'paragraph', text: clean(lines.map((line) => line.trim()).join(' ')).replace(/\s+/g, ' ') });
    }
  }
  return blocks;
}

interface TTextOp {
  text: string;
  x: number;
  y: number;
  size: number;
  font: TFontName;
  color?: RGB;
}

interface TPageLayout {
  ops: TTextOp[];
  /** Running head and folio: not on the cover, the title page or a section's first page. */
  furniture: 'none' | 'folio' | 'full';
  links: { rect: [number, number, number, number]; targetPageIndex: number }[];
  /** Coloured cover background. */
  isCover?: boolean;
}

function newBodyPage(furniture: TPageLayout['furniture'] = 'full'): TPageLayout {
  return { ops: [], furniture, links: [] };
}

/** Lays out the body: one page list per section, each section starting on a new page. */
async function layoutBody(
  book: TTypesetBook,
): Promise<{ pages: TPageLayout[]; sectionStarts: { title: string; pageOffset: number }[] }> {
  const pages: TPageLayout[] = [];
  const sectionStarts: { title: string; pageOffset: number }[] = [];
  const top = PAGE_HEIGHT - MARGIN_TOP;
  let page: TPageLayout = newBodyPage();
  let y = top;

  const startPage = (furniture: TPageLayout['furniture']) => {
    page = newBodyPage(furniture);
    pages.push(page);
    y = top;
  };
  const ensureRoom = (height: number) => {
    if (y - height < MARGIN_BOTTOM) startPage('full');
  };

  for (const section of book.sections) {
    const blocks = toBlocks(section.text);
    if (!section.title && blocks.length === 0) continue;
    startPage(section.title ? 'folio' : 'full');
    if (section.title) {
      sectionStarts.push({ title: section.title, pageOffset: pages.length - 1 });
      y -= 36;
      for (const line of breakLines(drawable(section.title, 'sansBold'), 'sansBold', HEADING_SIZE, TEXT_WIDTH)) {
        y -= HEADING_LEADING;
        page.ops.push({ text: line, x: MARGIN_X, y, size: HEADING_SIZE, font: 'sansBold' });
      }
      y -= HEADING_GAP_AFTER;
    }
    for (const [blockIndex, block] of blocks.entries()) {
      if (blockIndex % BLOCKS_PER_TICK === BLOCKS_PER_TICK - 1) await yieldToEventLoop();
      const lines =
        block.kind === 'paragraph'
          ? breakLines(drawable(block.text, 'serif'), 'serif', BODY_SIZE, TEXT_WIDTH).map((text) => ({
              text,
              x: MARGIN_X,
            }))
          : block.lines.flatMap((line) =>
              breakLines(drawable(line, 'serif'), 'serif', BODY_SIZE, TEXT_WIDTH - VERSE_INDENT).map((text) => ({
                text,
                x: MARGIN_X + VERSE_INDENT,
              })),
            );
      for (const line of lines) {
        ensureRoom(BODY_LEADING);
        y -= BODY_LEADING;
        page.ops.push({ text: line.text, x: line.x, y, size: BODY_SIZE, font: 'serif' });
      }
      y -= PARAGRAPH_GAP;
    }
  }
  return { pages, sectionStarts };
}

function parseHex(hex: string): RGB {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((value >> 16) & 0xff) / 255, ((value >> 8) & 0xff) / 255, (value & 0xff) / 255);
}

function paletteFor(title: string): TCoverPalette {
  let hash = 0x811c9dc5;
  for (let index = 0; index < title.length; index += 1) hash = Math.imul(hash ^ title.charCodeAt(index), 0x01000193);
  return PALETTES[(hash >>> 0) % PALETTES.length];
}

function centred(text: string, font: TFontName, size: number, y: number, color?: RGB): TTextOp {
  return { text, x: (PAGE_WIDTH - widthOf(text, font, size)) / 2, y, size, font, color };
}

function layoutCover(book: TTypesetBook): TPageLayout {
  const palette = book.palette ?? paletteFor(book.title);
  const ops: TTextOp[] = [];
  let size = 30;
  let lines = breakLines(drawable(book.title, 'serifBold'), 'serifBold', size, TEXT_WIDTH);
  while (lines.length > 6 && size > 16) {
    size -= 2;
    lines = breakLines(drawable(book.title, 'serifBold'), 'serifBold', size, TEXT_WIDTH);
  }
  let y = PAGE_HEIGHT - 150;
  for (const line of lines.slice(0, 8)) {
    ops.push({ text: line, x: MARGIN_X, y, size, font: 'serifBold', color: parseHex(palette.text) });
    y -= size * 1.25;
  }
  const author = breakLines(drawable(book.author, 'sans'), 'sans', 15, TEXT_WIDTH)[0] ?? '';
  ops.push({ text: author, x: MARGIN_X, y: 150, size: 15, font: 'sans', color: parseHex(palette.text) });
  ops.push({ text: 'WONDERFUL BOOKS', x: MARGIN_X, y: 64, size: 8, font: 'sansBold', color: parseHex(palette.accent) });
  return { ops, furniture: 'none', links: [], isCover: true };
}

function layoutTitlePage(book: TTypesetBook): TPageLayout {
  const ops: TTextOp[] = [];
  let y = PAGE_HEIGHT - 200;
  for (const line of breakLines(drawable(book.title, 'serifBold'), 'serifBold', 22, TEXT_WIDTH)) {
    ops.push(centred(line, 'serifBold', 22, y));
    y -= 28;
  }
  y -= 18;
  for (const line of breakLines(drawable(book.author, 'sans'), 'sans', 13, TEXT_WIDTH)) {
    ops.push(centred(line, 'sans', 13, y, MUTED));
    y -= 18;
  }
  let notesY = MARGIN_BOTTOM + 40;
  for (const note of [...(book.titlePageNotes ?? [])].reverse()) {
    for (const line of breakLines(drawable(note, 'sans'), 'sans', 9, TEXT_WIDTH).reverse()) {
      ops.push(centred(line, 'sans', 9, notesY, MUTED));
      notesY += 13;
    }
  }
  return { ops, furniture: 'none', links: [] };
}

/** Contents pages: one line per entry (titles wrap), page number right-aligned, the whole line a link. */
function layoutContents(entries: { title: string; pageIndex: number }[]): TPageLayout[] {
  const pages: TPageLayout[] = [];
  const top = PAGE_HEIGHT - MARGIN_TOP;
  let page = newBodyPage('folio');
  pages.push(page);
  let y = top - 36 - HEADING_LEADING;
  page.ops.push({ text: 'Contents', x: MARGIN_X, y, size: HEADING_SIZE, font: 'sansBold' });
  y -= HEADING_GAP_AFTER;
  const numberColumn = 36;
  for (const entry of entries) {
    const lines = breakLines(drawable(entry.title, 'serif'), 'serif', CONTENTS_SIZE, TEXT_WIDTH - numberColumn);
    if (y - lines.length * CONTENTS_LEADING < MARGIN_BOTTOM) {
      page = newBodyPage('folio');
      pages.push(page);
      y = top;
    }
    const firstY = y - CONTENTS_LEADING;
    for (const line of lines) {
      y -= CONTENTS_LEADING;
      page.ops.push({ text: line, x: MARGIN_X, y, size: CONTENTS_SIZE, font: 'serif' });
    }
    const folio = String(entry.pageIndex + 1);
    page.ops.push({
      text: folio,
      x: PAGE_WIDTH - MARGIN_X - widthOf(folio, 'serif', CONTENTS_SIZE),
      y,
      size: CONTENTS_SIZE,
      font: 'serif',
    });
    page.links.push({
      rect: [MARGIN_X, y - 3, PAGE_WIDTH - MARGIN_X, firstY + CONTENTS_SIZE],
      targetPageIndex: entry.pageIndex,
    });
    y -= 3;
  }
  return pages;
}

/** Counts contents pages without knowing page numbers yet (numbers never need more than one line). */
function countContentsPages(titles: string[]): number {
  const placeholder = titles.map((title) => ({ title, pageIndex: 9999 }));
  return layoutContents(placeholder).length;
}

/**
 * pdf-lib asks fontkit to shape every string it encodes (OpenType layout), which costs more than
 * the rest of typesetting together. Book text needs no shaping (no ligatures, no complex scripts),
 * so pdf-lib gets the parsed fonts with a layout that maps each character to its glyph.
 */
const directFontkit = {
  create(bytes: Uint8Array) {
    const entry = [...metricsCache.values()].find((metrics) => metrics.bytes === bytes);
    if (!entry) return fontkit.create(bytes);
    const font = entry.font as ReturnType<typeof fontkit.create> & { directLayout?: boolean };
    if (!font.directLayout) {
      const glyphs = new Map<number, ReturnType<typeof font.glyphForCodePoint>>();
      const glyphOf = (codePoint: number) => {
        let glyph = glyphs.get(codePoint);
        if (!glyph) {
          glyph = font.glyphForCodePoint(codePoint);
          glyphs.set(codePoint, glyph);
        }
        return glyph;
      };
      Object.assign(font, {
        directLayout: true,
        layout: (text: string) => ({ glyphs: Array.from(text, (character) => glyphOf(character.codePointAt(0)!)) }),
      });
    }
    return font;
  },
};

function addOutline(doc: PDFDocument, entries: { title: string; pageIndex: number }[]): void {
  if (entries.length === 0) return;
  const context = doc.context;
  const outlineRef = context.nextRef();
  const itemRefs = entries.map(() => context.nextRef());
  entries.forEach((entry, index) => {
    const item = context.obj({
      Title: PDFHexString.fromText(entry.title),
      Parent: outlineRef,
      Dest: [doc.getPage(entry.pageIndex).ref, 'XYZ', null, null, null],
      ...(index > 0 ? { Prev: itemRefs[index - 1] } : {}),
      ...(index < entries.length - 1 ? { Next: itemRefs[index + 1] } : {}),
    });
    context.assign(itemRefs[index], item);
  });
  context.assign(
    outlineRef,
    context.obj({ Type: 'Outlines', First: itemRefs[0], Last: itemRefs[itemRefs.length - 1], Count: entries.length }),
  );
  doc.catalog.set(PDFName.of('Outlines'), outlineRef);
}

function addLink(doc: PDFDocument, page: PDFPage, rect: [number, number, number, number], target: PDFRef): void {
  const annotation = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: rect,
    Border: [0, 0, 0],
    Dest: [target, 'XYZ', null, null, null],
  });
  page.node.addAnnot(doc.context.register(annotation));
}

// A font operator names the font's resource, which exists only once the page's fonts are registered, so it is
// written with a placeholder first. The placeholder starts with NUL, which no content-stream operator contains
// (glyphs are hex strings); the pattern is built from a string because a regex literal cannot hold NUL cleanly.
const FONT_PLACEHOLDER_PREFIX = `${String.fromCharCode(0)}font:`;
const FONT_PLACEHOLDER = new RegExp(`${FONT_PLACEHOLDER_PREFIX}(\\w+)`, 'g');

const formatNumber = (value: number) => (Math.round(value * 100) / 100).toString();
const colourOperator = (color: RGB) =>
  `${formatNumber(color.red)} ${formatNumber(color.green)} ${formatNumber(color.blue)}`;

/**
 * One page's content stream, written directly (text positioned with Tm, glyphs as hex strings from
 * the subset font) and compressed with node's zlib, which is much faster than pdf-lib's pure-JS deflate.
 */
function writePageContents(
  doc: PDFDocument,
  page: PDFPage,
  operators: string[],
  fonts: Record<TFontName, PDFFont>,
  used: Set<TFontName>,
): void {
  const resourceNames = {} as Record<TFontName, string>;
  for (const name of used)
    resourceNames[name] = page.node.newFontDictionary(fonts[name].name, fonts[name].ref).toString();
  const content = operators.join('\n').replace(FONT_PLACEHOLDER, (_match, name: TFontName) => resourceNames[name]);
  const stream = PDFRawStream.of(
    doc.context.obj({ Filter: 'FlateDecode' }),
    new Uint8Array(deflateSync(Buffer.from(content, 'latin1'))),
  );
  page.node.set(PDFName.of('Contents'), doc.context.register(stream));
}

export async function typesetBook(book: TTypesetBook): Promise<TTypesetResult> {
  const body = await layoutBody(book);
  const contentsTitles = body.sectionStarts.map((start) => start.title);
  const hasContents = contentsTitles.length > 0;
  const frontPages = 2 + (hasContents ? countContentsPages(contentsTitles) : 0);
  const chapterEntries = body.sectionStarts.map((start) => ({
    title: start.title,
    pageIndex: frontPages + start.pageOffset,
  }));
  const contentsPages = hasContents ? layoutContents(chapterEntries) : [];
  const layouts: TPageLayout[] = [layoutCover(book), layoutTitlePage(book), ...contentsPages, ...body.pages];

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(directFontkit);
  const fonts = {} as Record<TFontName, PDFFont>;
  for (const name of Object.keys(FONT_FILES) as TFontName[]) {
    fonts[name] = await doc.embedFont(metricsOf(name).bytes, {
      subset: true,
      customName: FONT_FILES[name].replace('.ttf', ''),
    });
  }
  doc.setTitle(book.title);
  doc.setAuthor(book.author);
  if (book.subject) doc.setSubject(book.subject);
  if (book.keywords?.length) doc.setKeywords(book.keywords);
  doc.setLanguage(book.language ?? 'en');
  doc.setProducer('Wonderful Books typesetter');
  doc.setCreator('Wonderful Books');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  const pages = layouts.map(() => doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]));
  const runningHead = breakLines(drawable(book.title, 'sans'), 'sans', RUNNING_HEAD_SIZE, TEXT_WIDTH)[0] ?? '';
  const palette = book.palette ?? paletteFor(book.title);
  for (let index = 0; index < layouts.length; index += 1) {
    const layout = layouts[index];
    const page = pages[index];
    const operators: string[] = [];
    if (layout.isCover) {
      const rectangle = (color: RGB, x: number, y: number, width: number, height: number) =>
        operators.push(`${colourOperator(color)} rg ${x} ${y} ${width} ${height} re f`);
      rectangle(parseHex(palette.background), 0, 0, PAGE_WIDTH, PAGE_HEIGHT);
      rectangle(parseHex(palette.accent), MARGIN_X, PAGE_HEIGHT - 110, 64, 5);
      rectangle(parseHex(palette.accent), MARGIN_X, 180, TEXT_WIDTH, 1.5);
    }
    const ops = [...layout.ops];
    if (layout.furniture === 'full' && runningHead)
      ops.push(centred(runningHead, 'sans', RUNNING_HEAD_SIZE, PAGE_HEIGHT - 40, MUTED));
    if (layout.furniture !== 'none') ops.push(centred(String(index + 1), 'sans', FOLIO_SIZE, 40, MUTED));
    const used = new Set<TFontName>();
    operators.push('BT');
    let currentFont = '';
    let currentColour = '';
    for (const op of ops) {
      used.add(op.font);
      const fontOperator = `${FONT_PLACEHOLDER_PREFIX}${op.font} ${formatNumber(op.size)} Tf`;
      if (fontOperator !== currentFont) {
        operators.push(fontOperator);
        currentFont = fontOperator;
      }
      const colour = `${colourOperator(op.color ?? INK)} rg`;
      if (colour !== currentColour) {
        operators.push(colour);
        currentColour = colour;
      }
      operators.push(
        `1 0 0 1 ${formatNumber(op.x)} ${formatNumber(op.y)} Tm ${fonts[op.font].encodeText(op.text).toString()} Tj`,
      );
    }
    operators.push('ET');
    writePageContents(doc, page, operators, fonts, used);
    for (const link of layout.links) addLink(doc, page, link.rect, pages[link.targetPageIndex].ref);
    if (index % PAGES_PER_TICK === PAGES_PER_TICK - 1) await yieldToEventLoop();
  }

  const outline = [...(hasContents ? [{ title: 'Contents', pageIndex: 2 }] : []), ...chapterEntries];
  addOutline(doc, outline);
  const bytes = await doc.save({ useObjectStreams: true, objectsPerTick: 200 });
  return {
    bytes,
    pageCount: layouts.length,
    outline: outline.map((entry) => ({ title: entry.title, pageNumber: entry.pageIndex + 1 })),
  };
}
