/**
 * Detects a book's table of contents from its plain text (the public-domain transcriptions in
 * content/books). The texts use several heading styles, tried from most to least explicit:
 *  1. markers: "CHAPTER IV", "BOOK I.", "PART II", "THE FIRST BOOK", "I. LAYING PLANS", a bare roman
 *     numeral over an upper-case title, "First Letter:" paragraphs, plus PREFACE/INTRODUCTION-style
 *     front and back matter;
 *  2. isolated upper-case lines ("THE DAILY MIRACLE");
 *  3. isolated Title Case lines ("Where I Lived, and What I Lived For").
 * A heading only counts when prose follows it (so the printed contents list and title page do not),
 * repeated headings keep their last occurrence (the body, not the contents list), and when there are
 * more than `maxEntries` the deepest level is dropped (e.g. chapters under twelve books).
 * Pure: no I/O.
 */

interface Heading {
  line: number;
  /** 1 = book/part/front matter, 2 = chapter, 3 = part inside a chapter. */
  level: number;
  title: string;
  /** Heading style (chapter, book, roman, ...); a style seen only once among many others is noise. */
  kind: string;
  /** Index of the last line that belongs to the heading (titles can wrap). */
  endLine: number;
  isMarker: boolean;
}

const ROMAN = '[IVXLCDM]+';
const ORDINALS = [
  'FIRST',
  'SECOND',
  'THIRD',
  'FOURTH',
  'FIFTH',
  'SIXTH',
  'SEVENTH',
  'EIGHTH',
  'NINTH',
  'TENTH',
  'ELEVENTH',
  'TWELFTH',
  'THIRTEENTH',
  'FOURTEENTH',
  'FIFTEENTH',
  'SIXTEENTH',
  'SEVENTEENTH',
  'EIGHTEENTH',
  'NINETEENTH',
  'TWENTIETH',
];
const ORDINAL = `(?:${ORDINALS.join('|')})`;

const MARKER = new RegExp(
  `^(CHAPTER|Chapter|BOOK|Book|PART|Part|LETTER|SECTION|LECTURE|ESSAY)\\s+(${ROMAN}|\\d+|${ORDINAL})\\b\\.?\\s*(?:(?:--|—|–|-|:|\\.)\\s*)?(.*)$`,
);
const ORDINAL_BOOK = new RegExp(`^(?:THE\\s+)?(${ORDINAL})\\s+(BOOK|PART)\\.?$`);
const ROMAN_TITLE = new RegExp(`^(${ROMAN})\\.?\\s+([^a-z]{3,})$`);
const BARE_ROMAN = new RegExp(`^${ROMAN}\\.?$`);
const VALID_ROMAN = /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/;
const ORDINAL_PARAGRAPH = new RegExp(
  `^(${ORDINALS.map(capitaliseWord).join('|')}) (Conversation|Letter|Discourse|Dialogue|Essay|Sermon|Lecture):`,
);
const MATTER_TITLES = [
  'PREFACE',
  'INTRODUCTION',
  'INTRODUCTORY NOTE',
  'FOREWORD',
  'DEDICATION',
  'PROLOGUE',
  'EPILOGUE',
  'AFTERWORD',
  'APPENDIX',
  'CONCLUSION',
  'NOTE ON THE TEXT',
  'INTRODUCTION AND ANALYSIS',
  'INTRODUCTION AND PLAN OF THE WORK',
  'THE MAN AND HIS WORKS',
  'GLOSSARY',
  'NOTES',
];
/** Front and back matter, which belongs in a contents list next to the chapters. */
const MATTER = new RegExp(`^(${MATTER_TITLES.join('|')})\\b[^a-z]*$`);
/** Upper-case lines that are never entries of a contents list. */
const NOT_HEADINGS =
  /^(CONTENTS|TABLE OF CONTENTS|ILLUSTRATIONS|LIST OF ILLUSTRATIONS|THE END|FINIS|INDEX|FOOTNOTES|PAGE|NOTES?)\.?$/;

/** Long chapter titles ("Chapter IV: Why the Kingdom of Darius, ...") are cut to fit a contents list. */
const MAX_ENTRY_LENGTH = 120;
const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'nor',
  'but',
  'of',
  'in',
  'on',
  'to',
  'for',
  'by',
  'at',
  'as',
  'with',
  'from',
  'into',
  'upon',
  'than',
  'its',
]);

export interface DetectTocOptions {
  /** The book's title and author: title-page lines that repeat them are not headings. */
  title?: string;
  author?: string;
  maxEntries?: number;
}

export function detectTableOfContents(text: string, options: DetectTocOptions = {}): string[] {
  const maxEntries = options.maxEntries ?? 40;
  const lines = text.split(/\r?\n/).map((line) => line.replace(/\s+$/, ''));
  const ignored = new Set([options.title, options.author].filter(Boolean).map((value) => normalise(value!)));

  const tiers = [findMarkerHeadings(lines), findIsolatedHeadings(lines, 'upper'), findIsolatedHeadings(lines, 'title')];
  for (const candidates of tiers) {
    // The book's own title or author on the title page is not an entry (later, e.g. "THE ENCHIRIDION"
    // above the text itself, it is).
    const titlePageEnd = lines.length * 0.1;
    const accepted = candidates.filter(
      (heading) =>
        !(heading.line < titlePageEnd && ignored.has(normalise(heading.title))) && isFollowedByProse(lines, heading),
    );
    const entries = limitEntries(dropStrayKinds(keepLastOccurrence(accepted)), maxEntries);
    if (entries.length >= 3) return entries.map((heading) => truncate(heading.title, MAX_ENTRY_LENGTH));
  }
  return [];
}

function findMarkerHeadings(lines: string[]): Heading[] {
  const found: Heading[] = [];
  let hasBooks = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index].trim();
    if (!line || !isPrecededByBlank(lines, index)) continue;

    const marker = MARKER.exec(line);
    if (marker) {
      const [, word, number, rest] = marker;
      const kind = word.toUpperCase();
      // A heading's own words are upper case or short; "BOOK I. The Republic opens with..." is prose.
      if (rest && /[a-z]/.test(rest) && (rest.length > 60 || !isFollowedByBlank(lines, index))) continue;
      let title = rest;
      let endLine = index;
      if (!title) {
        const next = readTitleBlock(lines, index + 1);
        if (next) ({ title, endLine } = next);
      } else {
        ({ title, endLine } = readContinuation(lines, index, title));
      }
      if (kind === 'BOOK') hasBooks = true;
      const level = kind === 'BOOK' ? 1 : kind === 'PART' ? (hasBooks ? 3 : 1) : 2;
      const label = `${capitalise(kind.toLowerCase())} ${number}`;
      found.push({
        line: index,
        level,
        title: title ? `${label}: ${formatTitle(title)}` : label,
        kind,
        endLine,
        isMarker: true,
      });
      continue;
    }

    const ordinalBook = ORDINAL_BOOK.exec(line);
    if (ordinalBook) {
      hasBooks = true;
      const label = `The ${capitalise(ordinalBook[1].toLowerCase())} ${capitalise(ordinalBook[2].toLowerCase())}`;
      // An upper-case line right after names the book ("ADMONITIONS PROFITABLE FOR THE SPIRITUAL LIFE").
      const subtitle = readUpperSubtitle(lines, index + 1);
      found.push({
        line: index,
        level: 1,
        title: subtitle ? `${label}: ${formatTitle(subtitle.title)}` : label,
        kind: 'ORDINAL',
        endLine: subtitle?.endLine ?? index,
        isMarker: true,
      });
      continue;
    }

    const romanTitle = ROMAN_TITLE.exec(line);
    if (romanTitle && /[A-Z]{3}/.test(romanTitle[2]) && !BARE_ROMAN.test(romanTitle[2].trim())) {
      const { title, endLine } = readContinuation(lines, index, romanTitle[2]);
      found.push({
        line: index,
        level: 2,
        title: `${romanTitle[1]}. ${formatTitle(title)}`,
        kind: 'ROMAN',
        endLine,
        isMarker: true,
      });
      continue;
    }

    if (BARE_ROMAN.test(line) && isFollowedByBlank(lines, index)) {
      const subtitle = readUpperSubtitle(lines, index + 1);
      if (subtitle) {
        const numeral = line.replace(/\.$/, '');
        found.push({
          line: index,
          level: 2,
          title: `${numeral}. ${formatTitle(subtitle.title)}`,
          kind: 'ROMAN',
          endLine: subtitle.endLine,
          isMarker: true,
        });
      }
      continue;
    }

    const paragraph = ORDINAL_PARAGRAPH.exec(line);
    if (paragraph) {
      found.push({
        line: index,
        level: 2,
        title: `${paragraph[1]} ${paragraph[2]}`,
        kind: paragraph[2],
        endLine: index - 1,
        isMarker: true,
      });
      continue;
    }

    if (MATTER.test(line) && isFollowedByBlank(lines, index)) {
      found.push({ line: index, level: 1, title: formatTitle(line), kind: 'MATTER', endLine: index, isMarker: false });
    }
  }
  return found;
}

/** Headings standing alone between blank lines, either all upper case or in Title Case. */
function findIsolatedHeadings(lines: string[], style: 'upper' | 'title'): Heading[] {
  const found: Heading[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index].trim();
    if (!line || !isPrecededByBlank(lines, index)) continue;
    if (style === 'upper') {
      if (!isUpperHeadingLine(line)) continue;
      // Up to three upper-case lines form one heading ("ANCESTRY AND EARLY YOUTH IN" / "BOSTON").
      let endLine = index;
      const parts = [line];
      while (parts.length < 3 && endLine + 1 < lines.length && isUpperHeadingLine(lines[endLine + 1].trim())) {
        endLine += 1;
        parts.push(lines[endLine].trim());
      }
      if (endLine + 1 < lines.length && lines[endLine + 1].trim() !== '') {
        index = endLine;
        continue;
      }
      const title = parts.join(' ');
      if (NOT_HEADINGS.test(title) || BARE_ROMAN.test(title) || /,$/.test(title) || isRightAligned(lines[index]))
        continue;
      found.push({ line: index, level: 1, title: formatTitle(title), kind: 'UPPER', endLine, isMarker: false });
      index = endLine;
    } else {
      if (!isFollowedByBlank(lines, index) || !isTitleCaseLine(line) || NOT_HEADINGS.test(line.toUpperCase())) continue;
      found.push({ line: index, level: 1, title: formatTitle(line), kind: 'TITLE', endLine: index, isMarker: false });
    }
  }
  return found;
}

/** A signature under a preface ("                ALBERT SALOMON") is pushed to the right margin. */
function isRightAligned(rawLine: string): boolean {
  const indent = rawLine.length - rawLine.trimStart().length;
  return indent >= 40 && rawLine.length >= 68;
}

function isUpperHeadingLine(line: string): boolean {
  return line.length >= 3 && line.length <= 80 && !/[a-z]/.test(line) && /[A-Z]{3}/.test(line) && !/[\d[\]]/.test(line);
}

function isTitleCaseLine(line: string): boolean {
  if (line.length < 4 || line.length > 60 || !/^[A-Z]/.test(line) || /[.,;:!?\-—]$/.test(line) || !/[a-z]/.test(line))
    return false;
  const words = line.split(/\s+/);
  if (words.length > 8) return false;
  const significant = words.filter((word) => word.replace(/[^A-Za-z]/g, '').length > 3);
  return significant.length > 0 && significant.every((word) => /^[A-Z"'(]/.test(word));
}

/** Lines with enough lower-case letters to be running text, but not a contents line ending in a page number. */
function isProse(line: string): boolean {
  const lowercase = line.replace(/[^a-z]/g, '').length;
  return lowercase >= 12 && !/\s{2,}(\d+|[ivxlc]+)$/.test(line);
}

function isHeadingLike(line: string): boolean {
  return line.length <= 80 && !/[a-z]/.test(line);
}

/**
 * True when running text follows the heading before any other heading. Book-level markers may be
 * followed straight by a chapter marker ("BOOK I" then "CHAPTER I").
 */
function isFollowedByProse(lines: string[], heading: Heading): boolean {
  let seen = 0;
  for (let index = heading.endLine + 1; index < lines.length && seen < 8; index += 1) {
    const line = lines[index].trim();
    // Section numbers ("I" over the first paragraph) sit between a heading and its text.
    if (!line || BARE_ROMAN.test(line)) continue;
    seen += 1;
    if (
      heading.level === 1 &&
      heading.isMarker &&
      (MARKER.test(line) || ORDINAL_BOOK.test(line) || ROMAN_TITLE.test(line) || MATTER.test(line))
    ) {
      return true;
    }
    if (isProse(line)) return !MARKER.test(line) || /[a-z]{4,}.*[a-z]{4,}.*[a-z]{4,}/.test(line.slice(20));
    if (isHeadingLike(line)) return false;
  }
  return false;
}

function keepLastOccurrence(headings: Heading[]): Heading[] {
  const last = new Map<string, Heading>();
  for (const heading of headings) last.set(normalise(heading.title), heading);
  return [...last.values()].sort((a, b) => a.line - b.line);
}

/** A chapter-level style seen once while another has several is an example in the text ("CHAPTER XII. 352ND INFANTRY"). */
function dropStrayKinds(headings: Heading[]): Heading[] {
  const counts = new Map<string, number>();
  for (const heading of headings)
    if (heading.level === 2) counts.set(heading.kind, (counts.get(heading.kind) ?? 0) + 1);
  const dominant = Math.max(0, ...counts.values());
  if (dominant < 3) return headings;
  return headings.filter((heading) => heading.level !== 2 || (counts.get(heading.kind) ?? 0) > 1);
}

/**
 * Over the limit, parts inside chapters go first; chapters go only when there are far too many
 * (a list of books reads better than a list cut off in the middle), then the list is truncated.
 */
function limitEntries(headings: Heading[], maxEntries: number): Heading[] {
  let kept = headings;
  if (kept.length > maxEntries) kept = kept.filter((heading) => heading.level < 3);
  if (kept.length > maxEntries * 1.5) {
    const books = kept.filter((heading) => heading.level < 2);
    if (books.length >= 3) kept = books;
  }
  return kept.slice(0, maxEntries);
}

/** The title under a bare marker: the next block of lines, or only its upper-case head when it runs on. */
function readTitleBlock(lines: string[], from: number): { title: string; endLine: number } | undefined {
  let index = from;
  while (index < lines.length && lines[index].trim() === '' && index - from < 3) index += 1;
  const block: string[] = [];
  let end = index;
  while (end < lines.length && lines[end].trim() !== '' && block.length < 6) {
    block.push(lines[end].trim());
    end += 1;
  }
  if (block.length === 0 || MARKER.test(block[0])) return undefined;
  const text = block.join(' ');
  // A short mixed-case block is a title ("Of the imitation of Christ, ..."); a sentence is the text itself.
  const isSentence = /[a-z]/.test(text) && (text.length > 120 || /[.?!"'”’]$/.test(text));
  if (block.length <= 3 && text.length <= 200 && !isSentence) return { title: text, endLine: end - 1 };
  const firstMixedCase = block.findIndex((line) => /[a-z]/.test(line));
  const upper = firstMixedCase === -1 ? block : block.slice(0, firstMixedCase);
  return upper.length > 0 ? { title: upper.join(' '), endLine: index + upper.length - 1 } : undefined;
}

/** Upper-case lines continuing a heading on the next line(s) ("... AND BY WHAT" / "MEANS THEY ARE ACQUIRED"). */
function readContinuation(lines: string[], index: number, title: string): { title: string; endLine: number } {
  if (/[a-z]/.test(title)) return { title, endLine: index };
  let endLine = index;
  const parts = [title];
  while (parts.length < 3 && endLine + 1 < lines.length) {
    const next = lines[endLine + 1].trim();
    if (!next || !isUpperHeadingLine(next) || MARKER.test(next)) break;
    parts.push(next);
    endLine += 1;
  }
  return { title: parts.join(' '), endLine };
}

function readUpperSubtitle(lines: string[], from: number): { title: string; endLine: number } | undefined {
  let index = from;
  while (index < lines.length && lines[index].trim() === '' && index - from < 4) index += 1;
  const first = lines[index]?.trim() ?? '';
  const isOtherHeading = MARKER.test(first) || ORDINAL_BOOK.test(first) || MATTER.test(first);
  if (!isUpperHeadingLine(first) || isOtherHeading || BARE_ROMAN.test(first) || NOT_HEADINGS.test(first)) {
    return undefined;
  }
  return readContinuation(lines, index, first);
}

function isPrecededByBlank(lines: string[], index: number): boolean {
  return index === 0 || lines[index - 1].trim() === '';
}

function isFollowedByBlank(lines: string[], index: number): boolean {
  return index + 1 >= lines.length || lines[index + 1].trim() === '';
}

function normalise(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function capitaliseWord(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase();
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Upper-case headings become Title Case; underscores (italics) and trailing full stops go. */
export function formatTitle(raw: string): string {
  let title = raw
    .replace(/_/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[(*)\s\-—–:.]+/, '')
    .replace(/[.,;:]+$/, '');
  if (!/[a-z]/.test(title)) {
    title = title
      .toLowerCase()
      .split(' ')
      .map((word, position) => {
        if (word.length > 1 && VALID_ROMAN.test(word.replace(/\.$/, ''))) return word.toUpperCase();
        if (position > 0 && SMALL_WORDS.has(word)) return word;
        return word.replace(
          /(^|[-—(“"])([a-zà-ÿ])/g,
          (_match, before: string, letter: string) => before + letter.toUpperCase(),
        );
      })
      .join(' ');
  } else {
    title = capitalise(title);
  }
  return title;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
