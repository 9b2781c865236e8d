/**
 * A short PDF for a catalogue book that has no file of its own (the generated demo catalogue): a
 * cover, a title page, contents and one short chapter per table-of-contents entry, written from the
 * book's own description, key takeaways and author note. Deterministic, so two processes generating
 * the same book produce the same bytes (and the same sha256).
 */
import type { TTypesetResult, TTypesetSection } from './typeset';

export interface TCatalogueBookText {
  title: string;
  author: string;
  description: string;
  longDescription: string | null;
  authorBio: string | null;
  publishedYear: number | null;
  tableOfContents: string[];
  keyTakeaways: string[];
  targetAudience: string | null;
  tags: string[];
  language: string;
}

const MAX_CHAPTERS = 12;

function chapterText(book: TCatalogueBookText, title: string, index: number): string {
  const takeaway = book.keyTakeaways.length > 0 ? book.keyTakeaways[index % book.keyTakeaways.length] : null;
  const audience = book.targetAudience ? book.targetAudience.replace(/\.$/, '') : 'every reader';
  const paragraphs = [
    `This chapter, “${title}”, takes up one thread of the book. ${book.description}`,
    takeaway
      ? `The idea to hold on to here is simple: ${takeaway.replace(/\.$/, '').toLowerCase()}. ${book.author} returns to it with examples from work and everyday life, and closes with a short exercise to try before the next chapter.`
      : `${book.author} works through the idea with examples from work and everyday life, and closes with a short exercise to try before the next chapter.`,
    `Written with ${audience.charAt(0).toLowerCase()}${audience.slice(1)} in mind, the chapter ends with three questions: what would change if you acted on this today, what stands in the way, and who could help you start.`,
  ];
  return paragraphs.join('\n\n');
}

export function catalogueBookSections(book: TCatalogueBookText): TTypesetSection[] {
  const sections: TTypesetSection[] = [{ title: 'About this book', text: book.longDescription || book.description }];
  if (book.keyTakeaways.length > 0) {
    sections.push({
      title: 'Key takeaways',
      text: book.keyTakeaways.map((takeaway, index) => `${index + 1}. ${takeaway}`).join('\n\n'),
    });
  }
  for (const [index, title] of book.tableOfContents.slice(0, MAX_CHAPTERS).entries()) {
    sections.push({ title, text: chapterText(book, title, index) });
  }
  if (book.authorBio) sections.push({ title: 'About the author', text: book.authorBio });
  return sections;
}

export async function typesetCatalogueBook(book: TCatalogueBookText): Promise<TTypesetResult> {
  // Loaded on first use: pdf-lib and fontkit would add most of a second to every server start.
  const { typesetBook } = await import('./typeset');
  return typesetBook({
    title: book.title,
    author: book.author,
    titlePageNotes: [
      ...(book.publishedYear ? [`First published in ${book.publishedYear}`] : []),
      'A sample edition of the Wonderful Books demo catalogue',
    ],
    subject: book.description,
    keywords: book.tags,
    language: book.language,
    sections: catalogueBookSections(book),
  });
}
