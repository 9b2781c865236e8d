import { describe, expect, it } from 'vitest';
import { blockText, hasReadableText, reflowPages, type TPageTextInput } from './reflow';

/** A pdf.js-like text item: `str` at (x, y) in type of `size`, about half an em per character wide. */
function item(str: string, x: number, y: number, size = 10) {
  return { str, transform: [size, 0, 0, size, x, y], width: str.length * size * 0.5, hasEOL: true };
}

/** Lines set from the top of a page, one `leading` apart; `gapBefore` adds paragraph space. */
function page(
  number: number,
  lines: { text: string; x?: number; size?: number; gapBefore?: number }[],
): TPageTextInput {
  let y = 700;
  const items = lines.map((line) => {
    y -= 14 + (line.gapBefore ?? 0);
    return item(line.text, line.x ?? 50, y, line.size);
  });
  return { page: number, items };
}

const FULL = 'x'.repeat(60);

describe('reflowPages', () => {
  it('joins lines into paragraphs and breaks them at a paragraph gap', () => {
    const { blocks } = reflowPages([
      page(1, [
        { text: 'The first paragraph runs' },
        { text: 'over two lines.' },
        { text: 'The second one starts here', gapBefore: 8 },
        { text: 'and ends here.' },
      ]),
    ]);
    expect(blocks.map(blockText)).toEqual([
      'The first paragraph runs over two lines.',
      'The second one starts here and ends here.',
    ]);
  });

  it('breaks at a first-line indent without any gap', () => {
    const { blocks } = reflowPages([
      page(1, [
        { text: `One ${FULL}` },
        { text: `two ${FULL}` },
        { text: `Indented ${FULL}`, x: 65 },
        { text: `more ${FULL}` },
      ]),
    ]);
    expect(blocks).toHaveLength(2);
    expect(blockText(blocks[1])).toMatch(/^Indented/);
  });

  it('undoes hyphenation at line ends, but keeps a hyphen the book writes elsewhere', () => {
    const { blocks } = reflowPages([
      page(1, [{ text: 'a well-known fact and a com-' }, { text: 'piler that is well-' }, { text: 'known to all.' }]),
    ]);
    expect(blockText(blocks[0])).toBe('a well-known fact and a compiler that is well-known to all.');
  });

  it('takes a clearly larger line as a heading and drops folios and running heads', () => {
    const pages = [1, 2, 3].map((number) =>
      page(number, [
        { text: 'Running Head', size: 8 },
        ...(number === 2 ? [{ text: 'Chapter Two', size: 16 }] : []),
        { text: `Body text of page ${number} goes on` },
        { text: 'and on.' },
        { text: String(number), size: 9, gapBefore: 20 },
      ]),
    );
    const { blocks } = reflowPages(pages);
    const texts = blocks.map(blockText);
    expect(texts.join(' ')).not.toContain('Running Head');
    expect(texts).not.toContain('2');
    const heading = blocks.find((block) => block.kind === 'heading');
    expect(heading && blockText(heading)).toBe('Chapter Two');
  });

  it('keeps a paragraph whole across a page break, with each part on its own page', () => {
    const { blocks } = reflowPages([
      page(4, [{ text: `A paragraph that ${FULL}` }, { text: `keeps going ${FULL}` }]),
      page(5, [{ text: 'and finishes on the next page.' }]),
    ]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0].runs.map((run) => run.page)).toEqual([4, 5]);
    expect(blocks[0].runs[1].text).toBe('and finishes on the next page.');
  });

  it('ends a paragraph at a page break when its last line stopped short', () => {
    const { blocks } = reflowPages([
      page(4, [{ text: `Long line ${FULL}` }, { text: 'Short end.' }]),
      page(5, [{ text: `New paragraph ${FULL}` }]),
    ]);
    expect(blocks).toHaveLength(2);
  });

  it('keeps the lines of verse (an indented block)', () => {
    const { blocks } = reflowPages([
      page(1, [
        { text: `Prose before ${FULL}` },
        { text: 'ends here.' },
        { text: 'A line of verse,', x: 80, gapBefore: 8 },
        { text: 'and another one.', x: 80 },
      ]),
    ]);
    expect(blockText(blocks[1])).toBe('A line of verse,\nand another one.');
  });

  it('keeps a place for a page without text and one whose fonts carry no real text', () => {
    const garbled = { page: 2, items: [item('\u0002\u0003\u0004\u0005\u0006', 50, 600)] };
    const { blocks } = reflowPages([page(1, [{ text: 'Words.' }]), garbled, { page: 3, items: [] }]);
    expect(
      blocks.map((block) => (block.kind === 'blank' ? `${block.reason}:${block.runs[0].page}` : block.kind)),
    ).toEqual(['paragraph', 'unreadable:2', 'no-text:3']);
    expect(hasReadableText(garbled.items)).toBe(false);
  });

  it('puts a space where items on one line leave a gap, and none where they touch', () => {
    const { blocks } = reflowPages([
      { page: 1, items: [item('Hello', 50, 600), item('world', 82, 600), item('!', 107, 600)] },
    ]);
    expect(blockText(blocks[0])).toBe('Hello world!');
  });
});
