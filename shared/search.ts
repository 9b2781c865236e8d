/** Search-suggestion contract and rules (docs/product/catalogue-and-search.md#search-box). Pure: no I/O. */
import { SEARCH_MIN_CHARS } from './limits';

export type TSuggestionType = 'book' | 'author' | 'topic';

export interface TSearchSuggestion {
  /** Book id for books; the author name or topic word otherwise. */
  id: string;
  type: TSuggestionType;
  title: string;
  subtitle: string;
}

export interface TSuggestResponse {
  query: string;
  items: TSearchSuggestion[];
}

/** Suggestions are only looked up once the trimmed text has at least two characters. */
export function isSuggestible(text: string): boolean {
  return text.trim().length >= SEARCH_MIN_CHARS;
}

export const emptySuggestionsText = (query: string) => `No books, authors, or topics found for "${query}"`;
