/**
 * How well the text view reflows books (docs/product/reader.md#text-view): runs the browser's reflow
 * (web/src/features/reader/text-view/reflow.ts) over pdf.js text content in Node and scores it.
 *
 * - Demo books (content/books): typeset exactly as the seed does, then compared with the source text
 *   the typesetter set (its sections and paragraphs): words aligned one by one, counting words glued
 *   together or split apart, and paragraph breaks found (recall) and right (precision).
 * - Real PDFs (content/pdfs), which have no source text: words checked against the vocabulary of the
 *   16 demo books; a word missing from it that splits into two known words is a suspected glue, two
 *   unknown neighbours that join into a known word a suspected split. Paragraph breaks are counted and
 *   listed for reading.
 *
 * `npx tsx scripts/reflow-quality.ts [slug|file.pdf ...]` prints the figures (all books and PDFs by
 * default); scripts/reflow-quality.test.ts holds the thresholds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentBookSections, readContentBookText, typesetContentBookText } from '../api/src/db/seed/book-pdfs';
import { listContentBookSlugs, readContentBookMeta } from '../api/src/db/seed/content-books';
import { toBlocks } from '../api/src/db/seed/typeset';
import {
  blockText,
  reflowPages,
  type TPageTextInput,
  type TReflowBlock,
} from '../web/src/features/reader/text-view/reflow';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REAL_PDF_DIR = path.join(ROOT, 'content/pdfs');

export async function pdfTextPages(bytes: Uint8Array): Promise<TPageTextInput[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: bytes,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  const document = await task.promise;
  const pages: TPageTextInput[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    const content = await (await document.getPage(page)).getTextContent();
    pages.push({ page, items: content.items });
  }
  await task.destroy();
  return pages;
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A token stream with the index of every block start. */
interface TTokens {
  tokens: string[];
  starts: Set<number>;
}

function tokensOfBlocks(blocks: readonly string[]): TTokens {
  const tokens: string[] = [];
  const starts = new Set<number>();
  for (const block of blocks) {
    const blockWords = words(block);
    if (blockWords.length === 0) continue;
    starts.add(tokens.length);
    tokens.push(...blockWords);
  }
  return { tokens, starts };
}

export interface TAlignment {
  matched: number;
  glued: number;
  split: number;
  /** Reflowed tokens matched to a source token index (for breaks). */
  map: Map<number, number>;
  gluedExamples: string[];
  splitExamples: string[];
}

/** Greedy word alignment with a look-ahead to resynchronise after text the other side lacks. */
export function alignWords(reflowed: string[], source: string[]): TAlignment {
  const map = new Map<number, number>();
  let i = 0;
  let j = 0;
  let matched = 0;
  let glued = 0;
  let split = 0;
  const gluedExamples: string[] = [];
  const splitExamples: string[] = [];
  const LOOK_AHEAD = 400;
  const agrees = (a: number, b: number) =>
    reflowed[a] === source[b] && reflowed[a + 1] === source[b + 1] && reflowed[a + 2] === source[b + 2];
  while (i < reflowed.length && j < source.length) {
    if (reflowed[i] === source[j]) {
      map.set(i, j);
      matched++;
      i++;
      j++;
      continue;
    }
    if (reflowed[i] === source[j] + source[j + 1]) {
      glued++;
      if (gluedExamples.length < 8) gluedExamples.push(`${source[j]}|${source[j + 1]}`);
      map.set(i, j);
      i++;
      j += 2;
      continue;
    }
    if (reflowed[i] + reflowed[i + 1] === source[j]) {
      split++;
      if (splitExamples.length < 8) splitExamples.push(`${reflowed[i]}|${reflowed[i + 1]}`);
      map.set(i, j);
      i += 2;
      j++;
      continue;
    }
    // Resynchronise: the nearest point where three words agree again.
    let found = false;
    for (let distance = 1; distance < LOOK_AHEAD && !found; distance++) {
      for (let di = 0; di <= distance; di++) {
        const a = i + di;
        const b = j + distance - di;
        if (a < reflowed.length && b < source.length && agrees(a, b)) {
          i = a;
          j = b;
          found = true;
          break;
        }
      }
    }
    if (!found) {
      i++;
    }
  }
  return { matched, glued, split, map, gluedExamples, splitExamples };
}

export interface TDemoBookFigures {
  slug: string;
  pages: number;
  sourceWords: number;
  matchedWords: number;
  gluedWords: number;
  splitWords: number;
  sourceBreaks: number;
  breaksFound: number;
  reflowBreaks: number;
  breaksRight: number;
  gluedExamples: string[];
  splitExamples: string[];
}

export async function measureDemoBook(slug: string): Promise<TDemoBookFigures> {
  const meta = readContentBookMeta(slug);
  const text = readContentBookText(slug);
  const typeset = await typesetContentBookText(meta, text);
  const pages = await pdfTextPages(typeset.bytes);
  const { blocks } = reflowPages(pages);

  const sourceBlocks: string[] = [];
  for (const section of contentBookSections(text, meta)) {
    if (section.title) sourceBlocks.push(section.title);
    for (const block of toBlocks(section.text)) {
      sourceBlocks.push(block.kind === 'paragraph' ? block.text : block.lines.join(' '));
    }
  }
  const source = tokensOfBlocks(sourceBlocks);
  const reflowed = tokensOfBlocks(blocks.filter((block) => block.kind !== 'blank').map(blockText));
  const alignment = alignWords(reflowed.tokens, source.tokens);

  // Breaks are judged only where both sides are aligned (the title and contents pages have no source).
  let firstAligned = Number.POSITIVE_INFINITY;
  for (const index of alignment.map.keys()) firstAligned = Math.min(firstAligned, index);
  let reflowBreaks = 0;
  let breaksRight = 0;
  const foundSourceBreaks = new Set<number>();
  for (const start of reflowed.starts) {
    if (start < firstAligned) continue;
    const sourceIndex = alignment.map.get(start);
    if (sourceIndex === undefined) continue;
    reflowBreaks++;
    if (source.starts.has(sourceIndex)) {
      breaksRight++;
      foundSourceBreaks.add(sourceIndex);
    } else if (process.env.REFLOW_BREAKS)
      process.stdout.write(
        `  extra break: ${source.tokens.slice(sourceIndex - 6, sourceIndex).join(' ')} ¶ ${source.tokens.slice(sourceIndex, sourceIndex + 6).join(' ')}\n`,
      );
  }
  if (process.env.REFLOW_BREAKS) {
    const reflowedAt = new Set(alignment.map.values());
    for (const start of source.starts) {
      if (!foundSourceBreaks.has(start) && reflowedAt.has(start))
        process.stdout.write(
          `  missed break: ${source.tokens.slice(start - 6, start).join(' ')} ¶ ${source.tokens.slice(start, start + 6).join(' ')}\n`,
        );
    }
  }
  return {
    slug,
    pages: pages.length,
    sourceWords: source.tokens.length,
    matchedWords: alignment.matched,
    gluedWords: alignment.glued,
    splitWords: alignment.split,
    sourceBreaks: source.starts.size,
    breaksFound: foundSourceBreaks.size,
    reflowBreaks,
    breaksRight,
    gluedExamples: alignment.gluedExamples,
    splitExamples: alignment.splitExamples,
  };
}

let demoVocabulary: Set<string> | null = null;

/** Lower-case words of the 16 demo books' source texts. */
export function demoBookVocabulary(): Set<string> {
  if (demoVocabulary) return demoVocabulary;
  const vocabulary = new Set<string>();
  for (const slug of listContentBookSlugs()) {
    for (const match of readContentBookText(slug).matchAll(/[\p{L}]+/gu)) vocabulary.add(match[0].toLowerCase());
  }
  demoVocabulary = vocabulary;
  return vocabulary;
}

export interface TRealPdfFigures {
  file: string;
  pages: number;
  words: number;
  /** Lower-case alphabetic words of 3+ letters the check could judge. */
  checkedWords: number;
  suspectedGlued: number;
  suspectedSplit: number;
  paragraphs: number;
  headings: number;
  /** Pages whose fonts carry no real text (the text view sends the reader to the page view for them). */
  unreadablePages: number;
  suspects: string[];
}

export async function measureRealPdf(file: string): Promise<TRealPdfFigures & { blocks: TReflowBlock[] }> {
  const pages = await pdfTextPages(new Uint8Array(fs.readFileSync(file)));
  const { blocks } = reflowPages(pages);
  const vocabulary = demoBookVocabulary();
  // The document's own words count as known too; a glue or a split is a one-off the book never repeats.
  const documentCounts = new Map<string, number>();
  for (const block of blocks) {
    for (const match of blockText(block).matchAll(/[\p{L}]+/gu)) {
      const word = match[0].toLowerCase();
      documentCounts.set(word, (documentCounts.get(word) ?? 0) + 1);
    }
  }
  const known = (word: string) => vocabulary.has(word) || (documentCounts.get(word) ?? 0) > 1;
  let checkedWords = 0;
  let suspectedGlued = 0;
  let suspectedSplit = 0;
  let totalWords = 0;
  const suspects: string[] = [];
  for (const block of blocks) {
    const tokens = words(blockText(block)).map((token) => token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
    totalWords += tokens.length;
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index];
      if (!/^\p{Ll}{3,}$/u.test(token)) continue;
      checkedWords++;
      if (!known(token)) {
        for (let cut = 3; cut <= token.length - 3; cut++) {
          if (known(token.slice(0, cut)) && known(token.slice(cut)) && token.slice(cut).length > 2) {
            // Common words in both halves and a whole the book never uses elsewhere: a glue.
            suspectedGlued++;
            suspects.push(`glued? ${token}`);
            break;
          }
        }
      }
      const next = tokens[index + 1];
      if (next && /^\p{Ll}+$/u.test(next) && (!known(token) || !known(next)) && known(token + next)) {
        suspectedSplit++;
        suspects.push(`split? ${token} ${next}`);
      }
    }
  }
  return {
    file: path.basename(file),
    pages: pages.length,
    words: totalWords,
    checkedWords,
    suspectedGlued,
    suspectedSplit,
    paragraphs: blocks.filter((block) => block.kind === 'paragraph').length,
    headings: blocks.filter((block) => block.kind === 'heading').length,
    unreadablePages: blocks.filter((block) => block.kind === 'blank' && block.reason === 'unreadable').length,
    suspects,
    blocks,
  };
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(2)}%`;
}

async function main(args: string[]) {
  const targets = args.length
    ? args
    : [
        ...listContentBookSlugs(),
        ...fs
          .readdirSync(REAL_PDF_DIR)
          .filter((name) => name.endsWith('.pdf'))
          .map((name) => path.join(REAL_PDF_DIR, name)),
      ];
  const lines: string[] = [];
  const totals = { sourceWords: 0, matched: 0, glued: 0, split: 0, sourceBreaks: 0, found: 0, reflow: 0, right: 0 };
  lines.push('book | pages | words matched | glued | split | breaks found (recall) | breaks right (precision)');
  for (const target of targets) {
    if (target.endsWith('.pdf')) {
      const figures = await measureRealPdf(path.resolve(target));
      lines.push(
        `${figures.file} | ${figures.pages} pages | ${figures.words} words | ${figures.paragraphs} paragraphs | ${figures.headings} headings | ${figures.unreadablePages} pages without real text | ` +
          `suspected glued ${figures.suspectedGlued} (${percent(figures.suspectedGlued, figures.checkedWords)}) | ` +
          `suspected split ${figures.suspectedSplit} (${percent(figures.suspectedSplit, figures.checkedWords)}) of ${figures.checkedWords} checked`,
      );
      if (process.env.REFLOW_SUSPECTS) lines.push(...figures.suspects.map((suspect) => `    ${suspect}`));
      if (process.env.REFLOW_DUMP) {
        for (const block of figures.blocks)
          lines.push(`    [${block.kind} p${block.runs[0].page}] ${blockText(block).slice(0, 160)}`);
      }
      continue;
    }
    const figures = await measureDemoBook(target);
    totals.sourceWords += figures.sourceWords;
    totals.matched += figures.matchedWords;
    totals.glued += figures.gluedWords;
    totals.split += figures.splitWords;
    totals.sourceBreaks += figures.sourceBreaks;
    totals.found += figures.breaksFound;
    totals.reflow += figures.reflowBreaks;
    totals.right += figures.breaksRight;
    lines.push(
      `${figures.slug} | ${figures.pages} | ${percent(figures.matchedWords, figures.sourceWords)} of ${figures.sourceWords} | ` +
        `${figures.gluedWords} | ${figures.splitWords} | ${percent(figures.breaksFound, figures.sourceBreaks)} of ${figures.sourceBreaks} | ` +
        `${percent(figures.breaksRight, figures.reflowBreaks)} of ${figures.reflowBreaks}` +
        (figures.gluedExamples.length || figures.splitExamples.length
          ? ` | e.g. ${[...figures.gluedExamples, ...figures.splitExamples].slice(0, 4).join(', ')}`
          : ''),
    );
  }
  if (totals.sourceWords > 0) {
    lines.push(
      `demo books together | words matched ${percent(totals.matched, totals.sourceWords)} of ${totals.sourceWords} | glued ${totals.glued} | split ${totals.split} | ` +
        `breaks found ${percent(totals.found, totals.sourceBreaks)} of ${totals.sourceBreaks} | breaks right ${percent(totals.right, totals.reflow)} of ${totals.reflow}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
