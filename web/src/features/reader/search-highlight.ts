/** Splits a search snippet into plain and matching parts (case-insensitive), for <mark> without HTML. */
export function highlightParts(snippet: string, query: string): { text: string; isMatch: boolean }[] {
  if (!snippet) return [];
  const words = query
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return [{ text: snippet, isMatch: false }];
  const splitter = new RegExp(`(${words.join('|')})`, 'gi');
  const matcher = new RegExp(`^(?:${words.join('|')})$`, 'i');
  return snippet
    .split(splitter)
    .filter((text) => text !== '')
    .map((text) => ({ text, isMatch: matcher.test(text) }));
}
