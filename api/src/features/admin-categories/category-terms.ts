/**
 * Scores a book's own text against each category's terms for the bulk categorisation suggestions
 * (docs/product/site-content.md#suggestions). Pure: the caller reads the texts. A term counts where its words appear
 * as whole words (a trailing plural "s" or "es" counts too); the title weighs most, then the descriptions, then the
 * page text, and repeats count with diminishing weight so one long book does not drown the rest.
 */

/** Words too common to say anything about a subject, left out of terms made from a name or description. */
const STOP_WORDS = new Set(
  'a an and are as at be book books by for from how in into is it its of on one or our that the their them this to we what who why with you your more make made well time way'.split(
    ' ',
  ),
);

export const TEXT_WEIGHTS = { title: 5, description: 2, pages: 1 } as const;
type TTextPart = keyof typeof TEXT_WEIGHTS;
/** A term found more often than this in one part adds nothing more. */
const MAX_COUNTED_REPEATS = 8;
/** The strongest categories a book is offered. */
export const SUGGESTIONS_PER_BOOK = 3;
/** The matched words shown with a suggestion. */
const MATCHED_SHOWN = 5;

/** Lower-case words separated by single spaces, padded so " term " finds whole words. */
export function normaliseText(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  return words ? ` ${words.join(' ')} ` : ' ';
}

/** The terms a category is scored with: its own, else the distinctive words of its name and description. */
export function categoryTerms(category: { name: string; description: string | null; terms: string[] }): string[] {
  if (category.terms.length > 0) return category.terms.map((term) => normaliseText(term).trim()).filter(Boolean);
  const words = normaliseText(`${category.name} ${category.description ?? ''}`)
    .trim()
    .split(' ');
  return [...new Set(words.filter((word) => word.length >= 4 && !STOP_WORDS.has(word)))];
}

function countOccurrences(text: string, term: string): number {
  let found = 0;
  for (const form of [term, `${term}s`, `${term}es`]) {
    const needle = ` ${form} `;
    let from = text.indexOf(needle);
    while (from !== -1) {
      found += 1;
      from = text.indexOf(needle, from + needle.length - 1);
    }
  }
  return found;
}

export interface TScoredCategory {
  categoryId: string;
  score: number;
  matched: string[];
}

/** Every category with a score above zero for this book, strongest first, with the terms that matched. */
export function scoreBook(
  parts: Record<TTextPart, string>,
  categories: { id: string; terms: string[] }[],
): TScoredCategory[] {
  const normalised = {
    title: normaliseText(parts.title),
    description: normaliseText(parts.description),
    pages: normaliseText(parts.pages),
  };
  const scored: TScoredCategory[] = [];
  for (const category of categories) {
    const byTerm: { term: string; weight: number }[] = [];
    for (const term of category.terms) {
      let weight = 0;
      for (const part of Object.keys(TEXT_WEIGHTS) as TTextPart[]) {
        const count = Math.min(countOccurrences(normalised[part], term), MAX_COUNTED_REPEATS);
        if (count > 0) weight += TEXT_WEIGHTS[part] * Math.log2(1 + count);
      }
      if (weight > 0) byTerm.push({ term, weight });
    }
    if (byTerm.length === 0) continue;
    byTerm.sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term));
    const score = byTerm.reduce((sum, entry) => sum + entry.weight, 0);
    scored.push({
      categoryId: category.id,
      score: Math.round(score * 100) / 100,
      matched: byTerm.slice(0, MATCHED_SHOWN).map((entry) => entry.term),
    });
  }
  return scored.sort((a, b) => b.score - a.score || a.categoryId.localeCompare(b.categoryId));
}
