/**
 * The assistant's retrieval index of one book version (docs/product/assistant.md#retrieval): the page texts of
 * `book_pages` cut into sentences and passages (windows of up to PASSAGE_SENTENCES sentences on one page), with an
 * inverted index for BM25. Built on first use from the rows ingest wrote and kept per connection for the few books
 * asked about most recently; a book version's pages never change (a new PDF is a new version), so an entry never
 * goes stale.
 */
import type { Db } from '../../db/client';
import { perConnection } from '../../db/per-connection';
import { cachedStatement } from '../../db/statement-cache';

/** Sentences per passage and the step between passages (windows overlap by one sentence). */
const PASSAGE_SENTENCES = 3;
const PASSAGE_STEP = 2;
/** Books whose index stays in memory per connection; a 500-page book's index is a few MB. */
const INDEXES_KEPT = 24;
/** Stems of words already seen (a book's vocabulary is tens of thousands of words, its text hundreds of thousands). */
const STEM_MEMO_LIMIT = 200_000;
const stemMemo = new Map<string, string>();
const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** Common English words that carry no topic; questions drop them, passages never match on them. */
const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves upon shall may might must thee thou thy unto also yet us let one'
  ).split(' '),
);

/** Words of a question that ask rather than name the topic ("what does the author say about ..."). */
const QUESTION_WORDS = new Set(
  'tell explain describe say says said mean means according author book think thinks answer question please give show'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** A light English stemmer: the same word forms meet ("habits", "habit"; "loving", "loved", "love"). */
export function stem(word: string): string {
  let w = word.replace(/['’]s$/, '').replace(/['’]/g, '');
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  if (/([^aeiouls])\1$/.test(w) && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** The stemmed topic words of a text, stopwords dropped, in order (with repeats). */
export function topicTerms(text: string, options: { isQuestion?: boolean } = {}): string[] {
  const terms: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (STOPWORDS.has(word) || (options.isQuestion && QUESTION_WORDS.has(word))) continue;
    if (word.length < 2 && !/\d/.test(word)) continue;
    let stemmed = stemMemo.get(word);
    if (stemmed === undefined) {
      stemmed = stem(word);
      if (stemMemo.size >= STEM_MEMO_LIMIT) stemMemo.clear();
      stemMemo.set(word, stemmed);
    }
    terms.push(stemmed);
  }
  return terms;
}

/** A short line without closing punctuation followed by a capitalised line: a heading ("Serenity", "Chapter 3"). */
const HEADING_LINE = /^[^\n]{1,60}[^.,;:!?"'”’\s-]$/;
const STARTS_CAPITALISED = /^["'“‘(]?[\p{Lu}\p{N}]/u;

/**
 * Page text as extracted from the PDF (one line per printed line): headings become blocks of their own, lines are
 * joined with spaces, and a running page number at either end is dropped.
 */
function pageBlocks(text: string): string[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const blocks: string[] = [];
  const current: string[] = [];
  lines.forEach((line, i) => {
    if (!line) return;
    const isHeading = HEADING_LINE.test(line) && STARTS_CAPITALISED.test(lines[i + 1] ?? '') && current.length === 0;
    if (isHeading) {
      blocks.push(line);
      return;
    }
    current.push(line);
  });
  if (current.length > 0) blocks.push(current.join(' '));
  return blocks
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .map((block, i) => (i === 0 ? block.replace(/^\d{1,4}\s+/, '') : block))
    .map((block, i, all) => (i === all.length - 1 ? block.replace(/\s+\d{1,4}$/, '') : block))
    .filter(Boolean);
}

/** A sentence ends at . ! ? ; or : (maybe closing a quote or bracket) before a space and a capital or digit. */
const SENTENCE_END = /([.!?;:]["'”’)\]]?)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

export function splitSentences(text: string): string[] {
  return pageBlocks(text)
    .flatMap((block) => block.replace(SENTENCE_END, '$1\u0000').split('\u0000'))
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}]{2}/u.test(sentence));
}

export interface TSentence {
  page: number;
  text: string;
  terms: string[];
}

export interface TPassage {
  page: number;
  /** Index of its first sentence in TBookIndex.sentences, and how many follow. */
  first: number;
  count: number;
  length: number;
}

export interface TBookIndex {
  bookId: string;
  version: number;
  pageCount: number;
  sentences: TSentence[];
  passages: TPassage[];
  /** term → passage ids and term frequencies (parallel arrays, ascending passage id). */
  postings: Map<string, { ids: number[]; tfs: number[] }>;
  averageLength: number;
  /** Sentence ranges per page: pageSentences[page] = [first, end). */
  pageSentences: Map<number, [number, number]>;
}

export function buildBookIndex(options: {
  bookId: string;
  version: number;
  pages: readonly { page: number; text: string }[];
}): TBookIndex {
  const sentences: TSentence[] = [];
  const passages: TPassage[] = [];
  const pageSentences = new Map<number, [number, number]>();
  // Terms as small integers while building: one map lookup per word, counts in a reused array.
  const termIds = new Map<string, number>();
  const postingIds: number[][] = [];
  const postingTfs: number[][] = [];
  let counts = new Int32Array(4096);
  const touched: number[] = [];
  let totalLength = 0;
  let pageCount = 0;
  for (const { page, text } of options.pages) {
    pageCount = Math.max(pageCount, page);
    const first = sentences.length;
    for (const sentence of splitSentences(text)) sentences.push({ page, text: sentence, terms: topicTerms(sentence) });
    const end = sentences.length;
    pageSentences.set(page, [first, end]);
    for (let start = first; start < end; start += PASSAGE_STEP) {
      const count = Math.min(PASSAGE_SENTENCES, end - start);
      const id = passages.length;
      let length = 0;
      for (let i = start; i < start + count; i++) {
        for (const term of sentences[i].terms) {
          let termId = termIds.get(term);
          if (termId === undefined) {
            termId = postingIds.length;
            termIds.set(term, termId);
            postingIds.push([]);
            postingTfs.push([]);
            if (termId >= counts.length) {
              const grown = new Int32Array(counts.length * 2);
              grown.set(counts);
              counts = grown;
            }
          }
          if (counts[termId] === 0) touched.push(termId);
          counts[termId]++;
        }
        length += sentences[i].terms.length;
      }
      for (const termId of touched) {
        postingIds[termId].push(id);
        postingTfs[termId].push(counts[termId]);
        counts[termId] = 0;
      }
      touched.length = 0;
      passages.push({ page, first: start, count, length });
      totalLength += length;
      if (start + count >= end) break;
    }
  }
  const postings = new Map<string, { ids: number[]; tfs: number[] }>();
  for (const [term, termId] of termIds) postings.set(term, { ids: postingIds[termId], tfs: postingTfs[termId] });
  return {
    bookId: options.bookId,
    version: options.version,
    pageCount,
    sentences,
    passages,
    postings,
    averageLength: passages.length > 0 ? totalLength / passages.length : 1,
    pageSentences,
  };
}

export function inverseDocumentFrequency(index: TBookIndex, term: string): number {
  const df = index.postings.get(term)?.ids.length ?? 0;
  const n = index.passages.length;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

export interface TRankedPassage {
  id: number;
  page: number;
  score: number;
  /** Share of the question's topic weight (idf) the passage contains, 0..1. */
  coverage: number;
}

/**
 * Passages on pages 1..lastPage ranked by BM25 with the question's distinct terms, weighted by how much of the
 * question they cover; overlapping windows and near-identical text are dropped (the better one stays).
 */
export function rankPassages(options: {
  index: TBookIndex;
  terms: readonly string[];
  lastPage: number;
  limit: number;
}): TRankedPassage[] {
  const { index, lastPage, limit } = options;
  const terms = [...new Set(options.terms)].filter((term) => index.postings.has(term));
  if (terms.length === 0) return [];
  const weights = terms.map((term) => inverseDocumentFrequency(index, term));
  const totalWeight = [...new Set(options.terms)].reduce(
    (sum, term) =>
      sum + (index.postings.has(term) ? inverseDocumentFrequency(index, term) : Math.log(1 + index.passages.length)),
    0,
  );
  const scores = new Map<number, { score: number; covered: number }>();
  terms.forEach((term, t) => {
    const list = index.postings.get(term)!;
    for (let i = 0; i < list.ids.length; i++) {
      const passage = index.passages[list.ids[i]];
      if (passage.page > lastPage) continue;
      const tf = list.tfs[i];
      const norm = BM25_K1 * (1 - BM25_B + (BM25_B * passage.length) / index.averageLength);
      const entry = scores.get(list.ids[i]) ?? { score: 0, covered: 0 };
      entry.score += (weights[t] * (tf * (BM25_K1 + 1))) / (tf + norm);
      entry.covered += weights[t];
      scores.set(list.ids[i], entry);
    }
  });
  const ranked = [...scores.entries()]
    .map(([id, entry]) => {
      const coverage = totalWeight > 0 ? entry.covered / totalWeight : 0;
      return { id, page: index.passages[id].page, score: entry.score * (0.5 + 0.5 * coverage), coverage };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);

  const kept: TRankedPassage[] = [];
  const keptTerms: Set<string>[] = [];
  for (const candidate of ranked) {
    if (kept.length >= limit) break;
    const passage = index.passages[candidate.id];
    const overlaps = kept.some((other) => {
      const o = index.passages[other.id];
      return o.page === passage.page && o.first < passage.first + passage.count && passage.first < o.first + o.count;
    });
    if (overlaps) continue;
    const words = passageTermSet(index, passage);
    if (keptTerms.some((other) => jaccard(words, other) > 0.7)) continue;
    kept.push(candidate);
    keptTerms.push(words);
  }
  return kept;
}

export function passageTermSet(index: TBookIndex, passage: TPassage): Set<string> {
  const words = new Set<string>();
  for (let i = passage.first; i < passage.first + passage.count; i++)
    for (const term of index.sentences[i].terms) words.add(term);
  return words;
}

export function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return 1;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared++;
  return shared / (left.size + right.size - shared);
}

const PAGES_SQL =
  'select page_number as page, text from book_pages where book_id = ? and version = ? order by page_number';

/** Identifies the rows of a version: a version written again (a failed import redone) gets new row ids. */
const STAMP_SQL =
  'select count(*) as pages, coalesce(max(id), 0) as lastId from book_pages where book_id = ? and version = ?';

const indexCache = perConnection(() => new Map<string, TBookIndex>());

/** The index of the book version, built from book_pages on first use (the most recent few are kept). */
export function loadBookIndex(options: { db: Db; bookId: string; version: number }): TBookIndex {
  const { db, bookId, version } = options;
  const cache = indexCache(db);
  const stamp = cachedStatement(db, STAMP_SQL).get(bookId, version) as { pages: number; lastId: number };
  const key = `${bookId}:${version}:${stamp.pages}:${stamp.lastId}`;
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const pages = cachedStatement(db, PAGES_SQL).all(bookId, version) as { page: number; text: string }[];
  const index = buildBookIndex({ bookId, version, pages });
  cache.set(key, index);
  if (cache.size > INDEXES_KEPT) cache.delete(cache.keys().next().value as string);
  return index;
}
