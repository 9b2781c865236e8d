import { describe, expect, it } from 'vitest';
import { anchorText } from '@shared/highlights';
import { anchorOfSelection, pageTextRoots, rangeForHighlight, textNodesOf } from './dom-anchors';

function pageView(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div class="pdfViewer"><div class="page" data-page-number="7"><div class="textLayer"><span>The keeper wrote </span><span>every</span><br><span>night to his sis-</span><br><span>ter.</span></div></div></div>`;
  document.body.append(root);
  return root;
}

function textView(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<div data-testid="text-view"><p><span data-page="7"><span aria-hidden="true">7</span>The keeper wrote every night to his sister.</span></p></div>`;
  document.body.append(root);
  return root;
}

describe('anchors in the page view and the text view', () => {
  it('gives the same anchor for the same words in both views, and finds them again in either', () => {
    const pages = pageView();
    const nodes = textNodesOf(pageTextRoots(pages, 7, 'pages'));
    const range = document.createRange();
    range.setStart(nodes[1], 0); // "every"
    range.setEnd(nodes[2], 8); // "night to"
    const anchor = anchorOfSelection(pages, 'pages', range, 'every night to')!;
    expect(anchor).toEqual({
      page: 7,
      start: anchorText('The keeper wrote ').length,
      end: anchorText('The keeper wrote every night to').length,
      quote: 'every night to',
    });

    const text = textView();
    // The page number in the margin is not part of the text.
    expect(
      anchorText(
        textNodesOf(pageTextRoots(text, 7, 'text'))
          .map((node) => node.data)
          .join(''),
      ),
    ).toBe(anchorText('The keeper wrote every night to his sister.'));
    expect(rangeForHighlight(text, 'text', anchor)!.toString()).toBe('every night to');
    expect(rangeForHighlight(pages, 'pages', anchor)!.toString()).toBe('everynight to');
    // A word split by a line-end hyphen in the page view is the same word in the text view.
    const sister = { page: 7, start: 0, end: 0, quote: 'his sister' };
    expect(rangeForHighlight(text, 'text', sister)!.toString()).toBe('his sister');
    expect(rangeForHighlight(pages, 'pages', sister)!.toString()).toBe('his sis-ter');
    expect(rangeForHighlight(pages, 'pages', { ...sister, page: 8 })).toBeNull();
    pages.remove();
    text.remove();
  });
});
