/**
 * The typesetter, read back with pdf.js: pages, an outline pointing at the chapters, a contents page
 * with the right page numbers, page numbers in the footers, the text itself (with an embedded font,
 * including non-Latin characters it covers), deterministic bytes, and the line breaker's limits.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analysePdf } from '../../features/ingest/pdf-analysis';
import { breakLines, toBlocks, typesetBook, type TTypesetBook } from './typeset';

const paragraph = (n: number) =>
  `Paragraph ${n}: the keeper of the lighthouse watched the grey sea every night, and wrote long letters to nobody in particular.`;

const BOOK: TTypesetBook = {
  title: 'The Lighthouse Letters',
  author: 'Ada Keeper',
  titlePageNotes: ['First published in 1901'],
  sections: [
    { title: null, text: 'A note before the text.' },
    { title: 'Chapter I: The Lamp', text: Array.from({ length: 60 }, (_, n) => paragraph(n)).join('\n\n') },
    {
      title: 'Chapter II: The Storm',
      text: `Ἀρετή, said the visitor — «virtue» — and wrote 漢 in the sand.\n\n  A verse line that keeps its place,\n  and another under it.`,
    },
    { title: 'Chapter III: Morning', text: Array.from({ length: 20 }, (_, n) => paragraph(100 + n)).join('\n\n') },
  ],
};

describe('typesetBook', () => {
  it('makes a PDF pdf.js reads: outline to each chapter, contents with page numbers, folios, text', async () => {
    const result = await typesetBook(BOOK);
    const analysis = await analysePdf(result.bytes, { renderCover: true });
    expect(analysis.pageCount).toBe(result.pageCount);
    expect(analysis.info).toEqual({ title: 'The Lighthouse Letters', author: 'Ada Keeper' });
    expect(analysis.cover).not.toBeNull();

    const titles = ['Chapter I: The Lamp', 'Chapter II: The Storm', 'Chapter III: Morning'];
    expect(analysis.outline.map((entry) => entry.title)).toEqual(['Contents', ...titles]);
    expect(analysis.outline.map((entry) => entry.pageNumber)).toEqual(result.outline.map((entry) => entry.pageNumber));
    // Cover, title page, contents, front matter, then Chapter I.
    expect(result.outline[0].pageNumber).toBe(3);
    expect(result.outline[1].pageNumber).toBe(5);

    const pageText = (page: number) => analysis.pageTexts[page - 1];
    const flat = (page: number) => pageText(page).replace(/\s+/g, ' ');
    expect(flat(1)).toContain('The Lighthouse Letters');
    expect(flat(2)).toContain('First published in 1901');
    for (const entry of result.outline.slice(1)) {
      // The contents page lists the chapter with its page number, and the chapter starts there.
      expect(flat(3)).toContain(`${entry.title} ${entry.pageNumber}`);
      expect(flat(entry.pageNumber)).toContain(entry.title);
    }
    // Body pages carry their number in the footer and the running head.
    const chapterOne = result.outline[1].pageNumber;
    expect(pageText(chapterOne + 1).split('\n')).toContain(String(chapterOne + 1));
    expect(flat(chapterOne + 1)).toContain('The Lighthouse Letters');
    // The text is all there, in order; the embedded font covers Greek; what it lacks becomes '?'.
    const all = analysis.pageTexts.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain(paragraph(59).replace(/\s+/g, ' '));
    expect(all).toContain('Ἀρετή, said the visitor — «virtue» — and wrote ? in the sand.');
    expect(all.indexOf('Paragraph 0:')).toBeLessThan(all.indexOf('Paragraph 100:'));
  });

  it('is deterministic: the same book gives the same bytes', async () => {
    const digest = async () =>
      createHash('sha256')
        .update((await typesetBook(BOOK)).bytes)
        .digest('hex');
    expect(await digest()).toBe(await digest());
  });

  it('a book without chapters has no contents page and no outline', async () => {
    const result = await typesetBook({
      title: 'Notes',
      author: 'Anon',
      sections: [{ title: null, text: 'Just a few words.' }],
    });
    expect(result.pageCount).toBe(3);
    expect(result.outline).toEqual([]);
    expect((await analysePdf(result.bytes, { renderCover: false })).outline).toEqual([]);
  });
});

describe('line breaking and blocks', () => {
  it('never exceeds the width and cuts words longer than a line', () => {
    const lines = breakLines(`${'word '.repeat(40)}${'x'.repeat(300)}`, 'serif', 10.5, 200);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('').replace(/ /g, '')).toBe(`${'word'.repeat(40)}${'x'.repeat(300)}`);
    expect(lines.every((line) => line.length > 0)).toBe(true);
  });

  it('reflows paragraphs, keeps indented blocks line by line, drops italics underscores and sets dashes', () => {
    expect(toBlocks('One line\nwrapped--here.\n\n  Verse one,\n  verse two.\n\n_Italic_ words.')).toEqual([
      { kind: 'paragraph', text: 'One line wrapped—here.' },
      { kind: 'verse', lines: ['Verse one,', 'verse two.'] },
      { kind: 'paragraph', text: 'Italic words.' },
    ]);
  });
});
