/**
 * Turns untrusted search text into safe FTS5 and LIKE arguments. Everything the user typed ends up
 * inside a quoted FTS5 string or a bound LIKE pattern, so no input can change the MATCH syntax
 * (operators such as AND, NEAR( or * become plain text to look for).
 *
 * books_fts uses the trigram tokenizer: a quoted phrase of 3 or more characters matches that exact
 * substring, but shorter phrases match nothing, so 1-2 character words are matched with LIKE.
 */

/** The trigram tokenizer cannot match fewer characters than this. */
export const TRIGRAM_MIN_CHARS = 3;

/** Longer inputs are cut; nobody searches with more words and it bounds the work per request. */
const MAX_WORDS = 8;

// C0/C1 control characters (including NUL) never appear in catalogue text and confuse SQLite strings.
const CONTROL_CHARACTERS = /\p{Cc}/gu;
const EDGE_PUNCTUATION = /^\p{P}+|\p{P}+$/gu;

export interface SearchTerms {
  /** Words of at least TRIGRAM_MIN_CHARS characters, for MATCH. */
  phrases: string[];
  /** Shorter words, for a LIKE filter. */
  shortWords: string[];
}

/** Characters as the trigram tokenizer counts them (code points, not UTF-16 units). */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** Trims, removes control characters and collapses runs of white space. */
export function normaliseSearchText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Splits search text into words. Punctuation at the edges of a word is dropped ("Dad," finds "Dad")
 * while inner punctuation is kept ("don't"); if nothing is left (the text was only punctuation), the
 * whole text is looked for literally so `"` still finds titles containing a quote.
 */
export function parseSearchTerms(text: string): SearchTerms {
  const normalised = normaliseSearchText(text);
  if (!normalised) return { phrases: [], shortWords: [] };
  const seen = new Set<string>();
  let words = normalised
    .split(' ')
    .map((word) => word.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => {
      const key = word.toLowerCase();
      if (!word || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_WORDS);
  if (words.length === 0) words = [normalised];
  return {
    phrases: words.filter((word) => characterCount(word) >= TRIGRAM_MIN_CHARS),
    shortWords: words.filter((word) => characterCount(word) < TRIGRAM_MIN_CHARS),
  };
}

/** A FTS5 string literal: the only special character inside double quotes is the quote itself. */
export function quoteFtsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Every phrase must match (AND), optionally restricted to one column of books_fts. */
export function buildMatchExpression(phrases: readonly string[], column?: string): string | null {
  if (phrases.length === 0) return null;
  const quoted = phrases.map(quoteFtsPhrase);
  const expression = quoted.join(' AND ');
  return column ? `${column} : (${expression})` : expression;
}

/** `%text%` with LIKE's wildcards escaped; use with `escape '\'`. */
export function containsLikePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** `text%` with LIKE's wildcards escaped; use with `escape '\'`. */
export function prefixLikePattern(text: string): string {
  return `${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
