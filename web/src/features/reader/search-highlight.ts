export interface THighlightPart {
  text: string;
  isMatch: boolean;
  /** Where the part starts in the snippet (unique, so it keys the part). */
  start: number;
}

/** Splits a search snippet into plain and matching parts (case-insensitive), for <mark> without HTML. */
export function highlightParts(snippet: string, query: string): THighlightPart[] {
  if (!snippet) return [];
  const words = query
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return [{ text: snippet, isMatch: false, start: 0 }];
  const splitter = new RegExp(`(${words.join('|')})`, 'gi');
  const matcher = new RegExp(`^(?:${words.join('|')})$`, 'i');
  const parts: THighlightPart[] = [];
  let start = 0;
  for (const text of snippet.split(splitter)) {
    if (text === '') continue;
    parts.push({ text, isMatch: matcher.test(text), start });
    start += text.length;
  }
  return parts;
}
