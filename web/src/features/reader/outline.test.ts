import { describe, expect, it, vi } from 'vitest';
import { currentOutlineEntryId, loadOutline, resolveDestinationPage } from './outline';

const ref = (num: number) => ({ num, gen: 0 });

function fakeDocument(outline: unknown[] | null) {
  const pages = new Map([
    [10, 0],
    [20, 4],
    [30, 9],
  ]);
  return {
    getOutline: vi.fn(async () => outline),
    getDestination: vi.fn(async (name: string) =>
      name === 'chapter-2' ? [ref(20), { name: 'XYZ' }, 0, 0, null] : null,
    ),
    getPageIndex: vi.fn(async (r: { num: number }) => {
      const index = pages.get(r.num);
      if (index === undefined) throw new Error('Invalid page reference');
      return index;
    }),
  } as unknown as Parameters<typeof loadOutline>[0];
}

describe('loadOutline', () => {
  it('builds the tree with the page of each explicit, named and numeric destination', async () => {
    const pdf = fakeDocument([
      {
        title: 'Chapter 1',
        dest: [ref(10), { name: 'Fit' }],
        items: [{ title: '  Section 1.1 ', dest: [3, { name: 'Fit' }], items: [] }],
      },
      { title: 'Chapter 2', dest: 'chapter-2', items: [] },
      { title: '', dest: [ref(30)], items: [] },
      { title: 'Website', dest: null, url: 'https://example.com', items: [] },
      { title: 'Broken', dest: [ref(99)], items: [] },
    ]);
    const outline = await loadOutline(pdf);
    expect(outline.map((entry) => [entry.title, entry.page])).toEqual([
      ['Chapter 1', 1],
      ['Chapter 2', 5],
      ['Untitled section', 10],
      ['Website', null],
      ['Broken', null],
    ]);
    expect(outline[0].children).toEqual([expect.objectContaining({ id: '0.0', title: 'Section 1.1', page: 4 })]);
  });

  it('is empty for a PDF without an outline', async () => {
    expect(await loadOutline(fakeDocument(null))).toEqual([]);
  });

  it('resolves unknown names to no page', async () => {
    expect(await resolveDestinationPage(fakeDocument([]), 'missing')).toBeNull();
  });
});

describe('currentOutlineEntryId', () => {
  it('marks the last section that starts at or before the page', async () => {
    const outline = await loadOutline(
      fakeDocument([
        { title: 'One', dest: [0], items: [{ title: 'One.a', dest: [2], items: [] }] },
        { title: 'Two', dest: [5], items: [] },
      ]),
    );
    expect(currentOutlineEntryId(outline, 1)).toBe('0');
    expect(currentOutlineEntryId(outline, 4)).toBe('0.0');
    expect(currentOutlineEntryId(outline, 6)).toBe('1');
    expect(currentOutlineEntryId([], 3)).toBeNull();
  });
});
