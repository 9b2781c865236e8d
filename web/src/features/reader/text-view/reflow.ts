/**
 * Reflow of a PDF's text for the text view (docs/product/reader.md#text-view): pdf.js text items
 * (getTextContent of each page, positioned runs of glyphs) become headings and paragraphs a phone can
 * set at any size. Pure: no DOM, no pdf.js; the same code runs in the browser and in the reflow
 * quality measurement (scripts/reflow-quality.ts).
 *
 * The steps, each from the geometry pdf.js gives:
 * 1. items on one baseline become a line (a space where the glyphs leave a gap);
 * 2. running heads and folios (the first or last line of a page: a bare number, a smaller-type short
 *    line, or a line that repeats at the edge of several pages) are dropped;
 * 3. the body size is the size most characters are set in; a clearly larger line is a heading;
 * 4. lines join into paragraphs, and a paragraph ends where the next line is further down than the
 *    line spacing, starts with a first-line indent, or where the line before stopped short although the
 *    next word would have fitted (the end of a paragraph, also across a page or column break);
 * 5. a word hyphenated at a line end is joined again unless the book writes it with a hyphen elsewhere.
 * Every paragraph keeps which page each of its parts came from, so positions stay in page terms.
 */

/** The part of a pdf.js TextItem the reflow reads (marked-content items have no `str` and are skipped). */
export interface TTextItemLike {
  str: string;
  transform: readonly number[];
  width: number;
}

export interface TPageTextInput {
  page: number;
  items: readonly unknown[];
}

export interface TReflowRun {
  page: number;
  text: string;
}

export type TReflowBlock =
  | { kind: 'heading'; level: 2 | 3; runs: TReflowRun[] }
  | { kind: 'paragraph'; runs: TReflowRun[] }
  /**
   * A page without usable text, kept so every page has a place: 'no-text' (a picture, a blank page) or
   * 'unreadable' (its fonts map glyphs to no real characters, so only the page view can show it).
   */
  | { kind: 'blank'; reason: 'no-text' | 'unreadable'; runs: [TReflowRun] };

export interface TReflowResult {
  blocks: TReflowBlock[];
  /** Size (in PDF units) most characters are set in. */
  bodySize: number;
}

interface TLine {
  page: number;
  text: string;
  /** Left edge, right edge and baseline, in PDF units (y grows upwards). */
  x: number;
  right: number;
  y: number;
  size: number;
}

/** Two items are on one line when their baselines differ by less than this share of the type size. */
const SAME_LINE_SHARE = 0.5;
/** A gap wider than this share of the type size between two items is a word space. */
const WORD_GAP_SHARE = 0.15;
/** A line at least this much larger than the body type is a heading. */
const HEADING_RATIO = 1.18;
const MAJOR_HEADING_RATIO = 1.45;
const HEADING_MAX_CHARS = 160;
/** Further apart than the usual line spacing by this factor: a paragraph gap. */
const PARAGRAPH_GAP_RATIO = 1.3;
/** A first-line indent is at least this many type sizes and at most MAX_INDENT_SIZES. */
const MIN_INDENT_SIZES = 0.8;
const MAX_INDENT_SIZES = 6;
/** A running head or folio repeats at the edge of at least this many pages. */
const RUNNING_HEAD_MIN_PAGES = 3;

function isTextItem(item: unknown): item is TTextItemLike {
  const candidate = item as TTextItemLike | null;
  return (
    !!candidate &&
    typeof candidate.str === 'string' &&
    Array.isArray(candidate.transform) &&
    candidate.transform.length >= 6 &&
    typeof candidate.width === 'number'
  );
}

function sizeOf(transform: readonly number[]): number {
  return Math.hypot(transform[2], transform[3]) || Math.hypot(transform[0], transform[1]) || 1;
}

/** More than this share of control characters: the page's fonts carry no real text. */
const UNREADABLE_SHARE = 0.1;
const CONTROL_CHARACTERS = /[\p{Cc}\ufffd]/gu;

/** Whether the page's text is real text (some PDFs map glyphs to control codes without a Unicode table). */
export function hasReadableText(items: readonly unknown[]): boolean {
  let total = 0;
  let control = 0;
  for (const item of items) {
    if (!isTextItem(item)) continue;
    total += item.str.length;
    control += item.str.match(CONTROL_CHARACTERS)?.length ?? 0;
  }
  return total === 0 || control / total <= UNREADABLE_SHARE;
}

/** Step 1: the page's items as lines, in the order the page draws them. */
export function pageLines(page: number, items: readonly unknown[]): TLine[] {
  const lines: TLine[] = [];
  let line: (TLine & { sizeChars: Map<number, number> }) | null = null;
  const finish = () => {
    if (!line) return;
    const text = line.text.replace(/\s+/g, ' ').trim();
    if (text) {
      let bestSize = line.size;
      let bestChars = -1;
      for (const [size, chars] of line.sizeChars) {
        if (chars > bestChars) {
          bestSize = size;
          bestChars = chars;
        }
      }
      lines.push({ page, text, x: line.x, right: line.right, y: line.y, size: bestSize });
    }
    line = null;
  };
  for (const item of items) {
    if (!isTextItem(item)) continue;
    const { transform, width } = item;
    // A stray control code is a space glyph in a font without a Unicode table.
    const str = item.str.replace(CONTROL_CHARACTERS, ' ');
    const size = sizeOf(transform);
    const x = transform[4];
    const y = transform[5];
    if (str === '') continue;
    const isBlank = str.trim() === '';
    if (line) {
      const sameBaseline = Math.abs(y - line.y) < SAME_LINE_SHARE * Math.min(size, line.size);
      const goesBack = x < line.right - Math.max(size, line.size);
      if (!sameBaseline || goesBack) finish();
    }
    if (!line) {
      if (isBlank) continue;
      line = { page, text: str, x, right: x + width, y, size, sizeChars: new Map([[roundSize(size), str.length]]) };
      continue;
    }
    const gap = x - line.right;
    const needsSpace = gap > WORD_GAP_SHARE * Math.min(size, line.size) && !/\s$/.test(line.text) && !/^\s/.test(str);
    line.text += (needsSpace ? ' ' : '') + str;
    line.right = Math.max(line.right, x + width);
    if (!isBlank) {
      const key = roundSize(size);
      line.sizeChars.set(key, (line.sizeChars.get(key) ?? 0) + str.length);
    }
    // A superscript or subscript does not move the line's baseline.
    if (size >= line.size) line.y = size > line.size * 1.05 ? y : line.y;
  }
  finish();
  return lines;
}

function roundSize(size: number): number {
  return Math.round(size * 4) / 4;
}

const FOLIO = /^(?:page\s+)?(?:\d{1,4}|[ivxlcdm]{1,7})$/i;

function edgeKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** Step 2: drops running heads and folios from the first and last lines of each page. */
function dropPageFurniture(pages: TLine[][], bodySize: number): TLine[][] {
  const edgeCounts = new Map<string, number>();
  const edgesOf = (lines: TLine[]) => {
    if (lines.length === 0) return [];
    const top = Math.max(...lines.map((line) => line.y));
    const bottom = Math.min(...lines.map((line) => line.y));
    return lines.filter((line) => line.y === top || line.y === bottom);
  };
  for (const lines of pages) {
    for (const key of new Set(edgesOf(lines).map((line) => edgeKey(line.text)))) {
      edgeCounts.set(key, (edgeCounts.get(key) ?? 0) + 1);
    }
  }
  return pages.map((lines) => {
    const edges = new Set(edgesOf(lines));
    return lines.filter((line) => {
      if (!edges.has(line)) return true;
      if (FOLIO.test(line.text)) return false;
      if ((edgeCounts.get(edgeKey(line.text)) ?? 0) >= RUNNING_HEAD_MIN_PAGES && line.text.length < 100) return false;
      return !(line.size < bodySize * 0.92 && line.text.length < 80 && lines.length > 3);
    });
  });
}

/** Step 3: the size most characters are set in. */
function bodySizeOf(pages: TLine[][]): number {
  const chars = new Map<number, number>();
  for (const lines of pages) {
    for (const line of lines) {
      const key = roundSize(line.size);
      chars.set(key, (chars.get(key) ?? 0) + line.text.length);
    }
  }
  let best = 10;
  let bestChars = -1;
  for (const [size, count] of chars) {
    if (count > bestChars) {
      best = size;
      bestChars = count;
    }
  }
  return best;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function quantile(values: number[], share: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Lower-case words the book writes inside lines (never at a line end, where a hyphen may be the typesetter's). */
function vocabularyOf(pages: TLine[][]): { plain: Set<string>; hyphenated: Set<string> } {
  const plain = new Set<string>();
  const hyphenated = new Set<string>();
  for (const lines of pages) {
    for (const line of lines) {
      const inner = line.text.replace(/\S+-$/, '');
      for (const match of inner.matchAll(/[\p{L}]+(?:-[\p{L}]+)+/gu)) hyphenated.add(match[0].toLowerCase());
      for (const match of inner.matchAll(WORD)) plain.add(match[0].toLowerCase());
    }
  }
  return { plain, hyphenated };
}

const LINE_END_HYPHEN = /(\p{L})[-\u2010\u00ad]$/u;

/** Step 5: how the next line joins the text so far: characters to drop from its end, and what goes between. */
function joinOf(
  text: string,
  next: string,
  vocabulary: ReturnType<typeof vocabularyOf>,
): { drop: number; separator: string } {
  if (!text) return { drop: 0, separator: '' };
  if (text.endsWith('\u00ad')) return { drop: 1, separator: '' };
  const hyphen = LINE_END_HYPHEN.exec(text);
  if (hyphen && /^\p{L}/u.test(next)) {
    const nextWord = /^[\p{Ll}][\p{L}]*/u.exec(next)?.[0];
    // "Trace-" + "Monkey": a capital after the hyphen is a name or a compound, never a syllable.
    if (!nextWord) return { drop: 0, separator: '' };
    const head = /[\p{L}]+(?=[-\u2010]$)/u.exec(text)?.[0] ?? '';
    const joined = `${head}${nextWord}`.toLowerCase();
    const withHyphen = `${head}-${nextWord}`.toLowerCase();
    const keepsHyphen = vocabulary.hyphenated.has(withHyphen) && !vocabulary.plain.has(joined);
    return { drop: keepsHyphen ? 0 : 1, separator: '' };
  }
  if (/[\u2014\u2013/]$/.test(text)) return { drop: 0, separator: '' };
  return { drop: 0, separator: ' ' };
}

const ENDS_SENTENCE = /[.!?:;"”’)\]»…]$/;

/** Reflows the text of consecutive pages (in page order) into headings and paragraphs. */
export function reflowPages(inputs: readonly TPageTextInput[]): TReflowResult {
  const unreadablePages = new Set(inputs.filter((input) => !hasReadableText(input.items)).map((input) => input.page));
  const rawPages = inputs.map((input) => (unreadablePages.has(input.page) ? [] : pageLines(input.page, input.items)));
  const bodySize = bodySizeOf(rawPages);
  const pages = dropPageFurniture(rawPages, bodySize);
  const vocabulary = vocabularyOf(pages);

  const isBody = (line: TLine) => line.size < bodySize * HEADING_RATIO;
  const isHeading = (line: TLine) => !isBody(line) && line.text.length <= HEADING_MAX_CHARS;

  // The usual distance between two body lines, and the usual width of a full line.
  const steps: number[] = [];
  const widths: number[] = [];
  for (const lines of pages) {
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index];
      if (!isBody(line)) continue;
      widths.push(line.right - line.x);
      const next = lines[index + 1];
      if (next && isBody(next) && next.y < line.y) steps.push(line.y - next.y);
    }
  }
  const leading = median(steps) ?? bodySize * 1.2;
  const fullWidth = quantile(widths, 0.9) ?? 0;

  const blocks: TReflowBlock[] = [];
  let current: (TReflowBlock & { kind: 'heading' | 'paragraph' }) | null = null;
  let currentText = '';
  let previous: TLine | null = null;

  // Each page's left margin: the edge most of its body lines start at.
  const leftMargins = pages.map((lines) => {
    const counts = new Map<number, number>();
    for (const line of lines) {
      if (!isBody(line)) continue;
      const key = Math.round(line.x);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    let best = Number.NaN;
    let bestCount = 0;
    for (const [x, count] of counts) {
      if (count > bestCount) {
        best = x;
        bestCount = count;
      }
    }
    return best;
  });

  const closeBlock = () => {
    current = null;
    currentText = '';
  };
  const append = (line: TLine) => {
    if (!current) return;
    const { drop, separator } = joinOf(currentText, line.text, vocabulary);
    currentText = currentText.slice(0, currentText.length - drop) + separator + line.text;
    const last = current.runs[current.runs.length - 1];
    if (last) last.text = last.text.slice(0, last.text.length - drop);
    if (last && last.page === line.page) {
      last.text += separator + line.text;
    } else if (last && separator === '') {
      // A word joined across the page break (hyphenated) belongs to the page it starts on.
      const tail = /^\S*/.exec(line.text)?.[0] ?? '';
      last.text += tail;
      const rest = line.text.slice(tail.length).replace(/^\s+/, '');
      if (rest) current.runs.push({ page: line.page, text: rest });
    } else {
      // The separator stays with the page before, so each run starts with the page's own words.
      if (last) last.text += separator;
      current.runs.push({ page: line.page, text: line.text });
    }
  };

  /** Verse and set-out quotations keep their lines: the line goes on after a line break. */
  const appendLineBreak = (line: TLine) => {
    if (!current) return;
    currentText += `\n${line.text}`;
    const last = current.runs[current.runs.length - 1];
    if (last && last.page === line.page) last.text += `\n${line.text}`;
    else current.runs.push({ page: line.page, text: `\n${line.text}` });
  };

  for (let pageIndex = 0; pageIndex < pages.length; pageIndex++) {
    const lines = pages[pageIndex];
    const page = inputs[pageIndex].page;
    if (lines.length === 0) {
      closeBlock();
      const reason = unreadablePages.has(page) ? 'unreadable' : 'no-text';
      blocks.push({ kind: 'blank', reason, runs: [{ page, text: '' }] });
      previous = null;
      continue;
    }
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index];
      const next = lines[index + 1] ?? null;
      if (isHeading(line)) {
        const continuesHeading: boolean =
          current?.kind === 'heading' &&
          previous !== null &&
          previous.page === line.page &&
          Math.abs(previous.size - line.size) < 0.5 &&
          previous.y - line.y < line.size * 2;
        if (!continuesHeading) {
          closeBlock();
          current = { kind: 'heading', level: line.size >= bodySize * MAJOR_HEADING_RATIO ? 2 : 3, runs: [] };
          blocks.push(current);
        }
        append(line);
        previous = line;
        continue;
      }
      if (current?.kind !== 'paragraph' || !previous || startsParagraph(previous, line, next)) {
        closeBlock();
        current = { kind: 'paragraph', runs: [] };
        blocks.push(current);
        append(line);
      } else if (isVerseLine(previous, line, leftMargins[pageIndex])) appendLineBreak(line);
      else append(line);
      previous = line;
    }
  }
  return {
    blocks: blocks.filter((block) => block.runs.some((run) => run.text !== '' || block.kind === 'blank')),
    bodySize,
  };

  /** Both lines indented by the same amount from the margin, one under the other: lines of verse. */
  function isVerseLine(before: TLine, line: TLine, leftMargin: number): boolean {
    if (before.page !== line.page || !(line.y < before.y) || Number.isNaN(leftMargin)) return false;
    const indent = line.x - leftMargin;
    return (
      indent > MIN_INDENT_SIZES * line.size &&
      indent < MAX_INDENT_SIZES * line.size &&
      Math.abs(before.x - line.x) < 0.3 * line.size
    );
  }

  function startsParagraph(before: TLine, line: TLine, next: TLine | null): boolean {
    const samePage = before.page === line.page;
    const sameColumn = samePage && line.y < before.y && line.x < before.right;
    if (sameColumn && before.y - line.y > leading * PARAGRAPH_GAP_RATIO) return true;
    const pageIndex = inputs.findIndex((input) => input.page === line.page);
    if (isVerseLine(before, line, leftMargins[pageIndex])) return false;
    const size = line.size;
    // A first-line indent: this line starts further in than the line after it (and the one before did not).
    if (next && next.page === line.page && next.y < line.y) {
      const indent = line.x - next.x;
      const beforeIndent = Math.abs(before.x - next.x);
      if (
        indent > MIN_INDENT_SIZES * size &&
        indent < MAX_INDENT_SIZES * size &&
        (beforeIndent < 0.3 * size || !sameColumn)
      )
        return true;
    }
    // The line before stopped short although the next word would have fitted: its paragraph ended.
    if (fullWidth > 0 && ENDS_SENTENCE.test(before.text)) {
      const left = sameColumn ? Math.min(before.x, line.x) : before.x;
      const firstWord = /^\S+/.exec(line.text)?.[0] ?? '';
      const charWidth = (line.right - line.x) / Math.max(1, line.text.length);
      const wordWidth = (firstWord.length + 1) * charWidth;
      if (before.right - left + wordWidth < fullWidth - 0.25 * size) return true;
    }
    return false;
  }
}

/** The plain text of a block (runs joined). */
export function blockText(block: TReflowBlock): string {
  return block.runs.map((run) => run.text).join('');
}
