/**
 * Highlights, notes and review cards as both sides see them (docs/product/highlights.md): the answer
 * types, the merge rule (last writer wins per id by HLC, a delete is a tombstone that wins ties, as for
 * bookmarks: docs/decisions/011-sync-and-merge-rules.md), the anchor text normalisation used to find a
 * highlight again on a page, the review schedule (ts-fsrs, replayed from the review log so every
 * replica that holds the same reviews computes the same card), the review streak and the Markdown export.
 */
import { createEmptyCard, fsrs, type Card, type Grade } from 'ts-fsrs';
import { compareHlc } from './hlc';
import type { TCardKind, THighlightColor, TReviewRating } from './highlights.schemas';

export interface THighlight {
  id: string;
  bookId: string;
  page: number;
  /** Offsets into the page's anchor text (anchorText): characters that are not white space or hyphens. */
  start: number;
  end: number;
  quote: string;
  color: THighlightColor;
  note: string | null;
  hlc: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A highlight in a list across books carries its book's title. */
export interface THighlightListItem extends THighlight {
  bookTitle: string;
  bookSlug: string;
}

export interface THighlightList {
  items: THighlightListItem[];
  total: number;
  page: number;
  limit: number;
}

/** GET /api/highlights/books: how many live highlights and notes each book has. */
export interface THighlightBookCount {
  bookId: string;
  bookTitle: string;
  bookSlug: string;
  highlights: number;
  notes: number;
  lastHighlightedAt: string;
}

export interface TReviewCard {
  id: string;
  highlightId: string;
  bookId: string;
  kind: TCardKind;
  hlc: string | null;
  createdAt: string;
}

export interface TCardReview {
  id: string;
  cardId: string;
  rating: TReviewRating;
  reviewedAt: string;
}

/** GET /api/review-cards: the reader's live cards with their highlights, and every review of them. */
export interface TReviewDeck {
  cards: TReviewCard[];
  highlights: THighlightListItem[];
  reviews: TCardReview[];
}

export const HIGHLIGHT_MESSAGES = {
  notFound: 'Highlight not found',
  nothingToExport: 'This book has no highlights or notes to export yet.',
  cardNeedsNote: 'This highlight has no note to make a card from.',
} as const;

export interface THighlightValue {
  id: string;
  bookId: string;
  page: number;
  start: number;
  end: number;
  quote: string;
  color: string;
  note: string | null;
  hlc: string;
  deleted: boolean;
}

function compareText(a: string | null, b: string | null): number {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Last writer wins per id; at equal stamps the tombstone wins, then a fixed order of the values. */
export function mergeHighlight(a: THighlightValue | null, b: THighlightValue | null): THighlightValue | null {
  if (!a) return b;
  if (!b) return a;
  const order =
    compareHlc(a.hlc, b.hlc) ||
    Number(a.deleted) - Number(b.deleted) ||
    a.page - b.page ||
    a.start - b.start ||
    a.end - b.end ||
    compareText(a.color, b.color) ||
    compareText(a.note, b.note) ||
    compareText(a.quote, b.quote);
  return order >= 0 ? a : b;
}

/** Cards are created and deleted, never edited: the same rule (tombstone wins ties) on what they carry. */
export interface TCardValue {
  id: string;
  highlightId: string;
  kind: string;
  hlc: string;
  deleted: boolean;
}

export function mergeCard(a: TCardValue | null, b: TCardValue | null): TCardValue | null {
  if (!a) return b;
  if (!b) return a;
  const order =
    compareHlc(a.hlc, b.hlc) ||
    Number(a.deleted) - Number(b.deleted) ||
    compareText(a.kind, b.kind) ||
    compareText(a.highlightId, b.highlightId);
  return order >= 0 ? a : b;
}

const IGNORED_IN_ANCHORS = /[\s\u00ad\-‐‑]/u;

/**
 * The text a highlight's offsets count in: the page's characters without white space and hyphens, so
 * the page view (pdf.js's text layer, lines without spaces between them) and the text view (reflowed
 * lines, line-end hyphens joined) count the same characters (docs/product/highlights.md#anchoring).
 */
export function anchorText(text: string): string {
  let out = '';
  for (const char of text) if (!IGNORED_IN_ANCHORS.test(char)) out += char;
  return out;
}

/** Whether a character counts in anchor offsets. */
export function countsInAnchor(char: string): boolean {
  return !IGNORED_IN_ANCHORS.test(char);
}

/**
 * Where a highlight lies in a page's anchor text: its stored offsets when the quote is still there,
 * else the occurrence of the quote nearest to them (the page's text changed, e.g. a new version of the
 * book), else null (the highlight is listed but not drawn).
 */
export function locateHighlight(
  pageAnchorText: string,
  highlight: { start: number; end: number; quote: string },
): { start: number; end: number } | null {
  const quote = anchorText(highlight.quote);
  if (!quote) return null;
  if (pageAnchorText.slice(highlight.start, highlight.end) === quote)
    return { start: highlight.start, end: highlight.end };
  let best: number | null = null;
  let from = pageAnchorText.indexOf(quote);
  while (from !== -1) {
    if (best === null || Math.abs(from - highlight.start) < Math.abs(best - highlight.start)) best = from;
    from = pageAnchorText.indexOf(quote, from + 1);
  }
  return best === null ? null : { start: best, end: best + quote.length };
}

// Fuzz off: a card's schedule must be the same on every device that replays the same reviews.
const scheduler = fsrs({ enable_fuzz: false });

export interface TScheduledCard {
  due: Date;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  lastReview: Date | null;
}

/**
 * A card's schedule from its reviews, replayed in time order (then by id): a new card is due at once,
 * and reviews made offline on two devices merge into one history (docs/product/highlights.md#review-cards).
 */
export function scheduleCard(reviews: readonly Pick<TCardReview, 'id' | 'rating' | 'reviewedAt'>[]): TScheduledCard {
  const ordered = [...reviews].sort(
    (a, b) => Date.parse(a.reviewedAt) - Date.parse(b.reviewedAt) || compareText(a.id, b.id),
  );
  let card: Card = createEmptyCard(new Date(0));
  for (const review of ordered) card = scheduler.next(card, new Date(review.reviewedAt), review.rating as Grade).card;
  return {
    due: card.due,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** The local calendar day of an instant as YYYY-MM-DD (the streak counts the reader's own days). */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Days in a row with at least one review, ending today, or yesterday when today has none yet (the
 * streak is not lost until a whole day passes without a review).
 */
export function reviewStreak(reviewedAt: readonly string[], now: Date): number {
  const days = new Set(reviewedAt.map((iso) => localDay(new Date(iso))));
  const cursor = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (!days.has(localDay(cursor))) cursor.setDate(cursor.getDate() - 1);
  let streak = 0;
  while (days.has(localDay(cursor))) {
    streak += 1;
    cursor.setDate(cursor.getDate() - 1);
  }
  return streak;
}

/** One line of Markdown that cannot start a block or carry markup: the book's text and the reader's notes stay text. */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_{}[\]()#+\-.!|<>~])/g, '\\$1');
}

/** docs/product/highlights.md#export: the book's highlights and notes in page order, each with its page. */
export function highlightsToMarkdown(
  book: { title: string; author: string | null },
  highlights: readonly Pick<THighlight, 'page' | 'quote' | 'note' | 'color'>[],
  exportedAt: Date,
): string {
  const lines = [`# ${markdownText(book.title)}`, ''];
  if (book.author) lines.push(`*${markdownText(book.author)}*`, '');
  lines.push(`Highlights and notes exported on ${exportedAt.toISOString().slice(0, 10)}.`, '');
  for (const highlight of highlights) {
    lines.push(`> ${markdownText(highlight.quote)}`, '');
    if (highlight.note) lines.push(`Note: ${markdownText(highlight.note)}`, '');
    lines.push(`— page ${highlight.page}`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
