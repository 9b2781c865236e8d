/**
 * The embedded assistant (docs/product/assistant.md#answers): an extractive answer made of the best sentences of the
 * retrieved passages, each with its page, quoting at most `quoteAllowance` characters of the book. Requests to
 * reproduce pages or chapters get a short summary with a citation instead (docs/product/assistant.md#quoting).
 * Pure: the service supplies the index, the scope and the allowance, and counts what was quoted.
 */
import { ASSISTANT_MESSAGES, ASSISTANT_PASSAGES, type TAssistantOutcome, type TAssistantPart } from '@shared/assistant';
import {
  inverseDocumentFrequency,
  jaccard,
  rankPassages,
  topicTerms,
  type TBookIndex,
  type TRankedPassage,
} from './book-index';

/** Sentences an answer quotes at most, and the coverage of the question below which it says it found nothing. */
const ANSWER_SENTENCES = 3;
const MIN_COVERAGE = 0.5;
/** A sentence scoring below this share of the best one is not worth quoting next to it. */
const SENTENCE_SCORE_SHARE = 0.45;
/** Below this many characters of allowance an answer points to pages instead of quoting (a quote would be a stub). */
const MIN_USEFUL_QUOTE = 40;
/** A summary of a page or chapter quotes at most this much, whatever the allowance. */
const SUMMARY_QUOTE_CHARS = 200;

export interface TComposedAnswer {
  parts: TAssistantPart[];
  outcome: TAssistantOutcome;
  quotedCharacters: number;
  /** The passages retrieved (the model mode gives these, and only these, to the model). */
  passages: TRankedPassage[];
}

export interface TComposeInput {
  index: TBookIndex;
  question: string;
  lastPage: number;
  /** Characters the answer may quote: min(per-answer cap, what is left of the copy budget). */
  quoteAllowance: number;
  /** The reader asked within their position only (the not-found answer suggests the switch). */
  canWidenScope: boolean;
}

export type TExtractionRequest = { kind: 'page'; page: number } | { kind: 'chapter'; chapter: string | null };

const REPRODUCE =
  /\b(print|reproduce|copy|transcribe|type|write|give|show|quote|recite|output|dump|paste|read|send|display|list)\b/;
const WHOLE = /\b(whole|entire|full|all|complete|every\s+word|verbatim|word[-\s]for[-\s]word|text\s+of|in\s+full)\b/;

/** "print page 12", "give me the whole chapter", "copy chapter 3 word for word" ... (docs/product/assistant.md#quoting). */
export function detectExtractionRequest(question: string): TExtractionRequest | null {
  const q = question.toLowerCase();
  const page = /\bpage\s+(\d{1,5})\b/.exec(q);
  const asksToReproduce = REPRODUCE.test(q);
  if (page && (asksToReproduce || WHOLE.test(q))) return { kind: 'page', page: Number(page[1]) };
  if (/\bverbatim\b|\bword[-\s]for[-\s]word\b/.test(q)) return { kind: 'chapter', chapter: null };
  const chapter = /\b(chapter|section|part|book)\b(?:\s+([0-9]{1,3}|[ivxlc]{1,7}))?\b/.exec(q);
  if (
    chapter &&
    asksToReproduce &&
    (WHOLE.test(q) || /\b(print|reproduce|copy|transcribe|recite|dump|paste)\b/.test(q))
  )
    return { kind: 'chapter', chapter: chapter[2] ?? null };
  if (asksToReproduce && /\b(whole|entire|full|complete)\s+(text|book|chapter|page)\b/.test(q))
    return { kind: 'chapter', chapter: null };
  return null;
}

/** At most `max` characters of a sentence, cut at a word and around the first matching word when it is long. */
export function trimQuote(sentence: string, max: number, terms: ReadonlySet<string> = new Set()): string {
  if (sentence.length <= max) return sentence;
  if (max < 2) return '';
  const words = sentence.split(' ');
  let startWord = 0;
  if (terms.size > 0) {
    const hit = words.findIndex((word) => topicTerms(word).some((term) => terms.has(term)));
    if (hit > 3) startWord = hit - 3;
  }
  let out = '';
  for (let i = startWord; i < words.length; i++) {
    const next = out ? `${out} ${words[i]}` : words[i];
    if (next.length > max - 2) break;
    out = next;
  }
  if (!out) out = sentence.slice(0, max - 2);
  return `${startWord > 0 ? '…' : ''}${out}…`;
}

function sentenceScore(index: TBookIndex, terms: readonly string[], queryTerms: ReadonlySet<string>): number {
  const counts = new Map<string, number>();
  for (const term of terms) if (queryTerms.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  let score = 0;
  for (const [term, tf] of counts) score += (inverseDocumentFrequency(index, term) * (tf * 2.2)) / (tf + 1.2);
  return score;
}

/** Quoted claims within the allowance; each claim is one sentence with its page. */
function quoteSentences(
  index: TBookIndex,
  sentenceIds: readonly number[],
  allowance: number,
  queryTerms: ReadonlySet<string>,
): { parts: TAssistantPart[]; quoted: number } {
  const parts: TAssistantPart[] = [];
  let left = allowance;
  for (const id of sentenceIds) {
    if (left < MIN_USEFUL_QUOTE) break;
    const sentence = index.sentences[id];
    const text = trimQuote(sentence.text, left, queryTerms);
    if (!text) break;
    left -= text.length;
    parts.push({ text: `“${text}”`, pages: [sentence.page] });
  }
  return { parts, quoted: allowance - left };
}

/** Pages the answer points to when it may not quote (copy budget used up). */
function pointToPages(pages: readonly number[]): TAssistantPart[] {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  return [
    { text: ASSISTANT_MESSAGES.copyLimitReached, pages: [] },
    {
      text: sorted.length === 1 ? 'This is discussed on this page:' : 'This is discussed on these pages:',
      pages: sorted,
    },
  ];
}

/** The sentences of pages that best stand for them: those sharing the most weighty words with the rest. */
function centralSentences(index: TBookIndex, pages: readonly number[], count: number): number[] {
  const ids: number[] = [];
  for (const page of pages) {
    const range = index.pageSentences.get(page);
    if (range) for (let i = range[0]; i < range[1]; i++) ids.push(i);
  }
  const frequencies = new Map<string, number>();
  for (const id of ids)
    for (const term of new Set(index.sentences[id].terms)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  const scored = ids
    .filter((id) => index.sentences[id].terms.length >= 4)
    .map((id) => {
      const terms = new Set(index.sentences[id].terms);
      let score = 0;
      for (const term of terms) score += ((frequencies.get(term) ?? 1) - 1) * inverseDocumentFrequency(index, term);
      return { id, score: score / Math.sqrt(terms.size) };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);
  return scored
    .slice(0, count)
    .map((entry) => entry.id)
    .sort((a, b) => a - b);
}

function notFound(input: TComposeInput, passages: TRankedPassage[]): TComposedAnswer {
  const parts: TAssistantPart[] = [{ text: ASSISTANT_MESSAGES.notFound, pages: [] }];
  if (input.canWidenScope) parts.push({ text: ASSISTANT_MESSAGES.notFoundSpoilerHint, pages: [] });
  return { parts, outcome: 'not_found', quotedCharacters: 0, passages };
}

/** Pages where a chapter starts ("Chapter 3", "CHAPTER III", "Part II") within the scope, or null. */
function findChapterStart(index: TBookIndex, chapter: string, lastPage: number): number | null {
  const heading = new RegExp(`\\b(chapter|part|book|section)\\s+${chapter}\\b`, 'i');
  for (const sentence of index.sentences) {
    if (sentence.page > lastPage) break;
    if (heading.test(sentence.text)) return sentence.page;
  }
  return null;
}

function summarise(input: TComposeInput, pages: number[], passages: TRankedPassage[]): TComposedAnswer {
  const { index } = input;
  const allowance = Math.min(SUMMARY_QUOTE_CHARS, input.quoteAllowance);
  const intro: TAssistantPart = { text: ASSISTANT_MESSAGES.extractionRefused, pages: [] };
  if (allowance < MIN_USEFUL_QUOTE)
    return { parts: [intro, ...pointToPages(pages)], outcome: 'summary', quotedCharacters: 0, passages };
  const { parts, quoted } = quoteSentences(index, centralSentences(index, pages, 2), allowance, new Set());
  if (parts.length === 0) return notFound(input, passages);
  return { parts: [intro, ...parts], outcome: 'summary', quotedCharacters: quoted, passages };
}

function answerExtractionRequest(input: TComposeInput, request: TExtractionRequest): TComposedAnswer {
  const { index, lastPage } = input;
  if (request.kind === 'page') {
    if (request.page < 1 || request.page > index.pageCount)
      return {
        parts: [{ text: `This book has ${index.pageCount} pages.`, pages: [] }],
        outcome: 'not_found',
        quotedCharacters: 0,
        passages: [],
      };
    if (request.page > lastPage)
      return {
        parts: [{ text: ASSISTANT_MESSAGES.pageOutOfScope, pages: [] }],
        outcome: 'not_found',
        quotedCharacters: 0,
        passages: [],
      };
    return summarise(input, [request.page], []);
  }
  const start = request.chapter ? findChapterStart(index, request.chapter, lastPage) : null;
  if (start !== null) {
    const pages = [start, start + 1, start + 2].filter((page) => page <= lastPage);
    return summarise(input, pages, []);
  }
  // No chapter named or found: summarise where the question's own words lead.
  const passages = rankPassages({ index, terms: topicTerms(input.question, { isQuestion: true }), lastPage, limit: 2 });
  if (passages.length === 0) return notFound(input, passages);
  return summarise(input, [...new Set(passages.map((passage) => passage.page))], passages);
}

export function composeAnswer(input: TComposeInput): TComposedAnswer {
  const { index, question, lastPage } = input;
  const extraction = detectExtractionRequest(question);
  if (extraction) return answerExtractionRequest(input, extraction);

  const terms = topicTerms(question, { isQuestion: true });
  const passages = rankPassages({ index, terms, lastPage, limit: ASSISTANT_PASSAGES });
  if (passages.length === 0 || passages[0].coverage < MIN_COVERAGE) return notFound(input, passages);

  const queryTerms = new Set(terms);
  const candidates: { id: number; score: number }[] = [];
  for (const passage of passages) {
    if (passage.coverage < MIN_COVERAGE / 2) continue;
    const { first, count } = index.passages[passage.id];
    for (let id = first; id < first + count; id++) {
      const score = sentenceScore(index, index.sentences[id].terms, queryTerms);
      if (score > 0) candidates.push({ id, score: score + passage.score * 0.1 });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.id - b.id);
  const chosen: number[] = [];
  const chosenTerms: Set<string>[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= ANSWER_SENTENCES) break;
    if (candidate.score < candidates[0].score * SENTENCE_SCORE_SHARE) break;
    if (chosen.includes(candidate.id)) continue;
    const words = new Set(index.sentences[candidate.id].terms);
    if (chosenTerms.some((other) => jaccard(words, other) > 0.6)) continue;
    chosen.push(candidate.id);
    chosenTerms.push(words);
  }
  if (chosen.length === 0) return notFound(input, passages);

  if (input.quoteAllowance < MIN_USEFUL_QUOTE)
    return {
      parts: pointToPages(chosen.map((id) => index.sentences[id].page)),
      outcome: 'answered',
      quotedCharacters: 0,
      passages,
    };
  const { parts, quoted } = quoteSentences(index, chosen, input.quoteAllowance, queryTerms);
  return { parts, outcome: 'answered', quotedCharacters: quoted, passages };
}
