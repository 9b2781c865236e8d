/**
 * Highlights on the reader's pages (docs/product/highlights.md#anchoring): from a selection to a
 * highlight's anchor (page + offsets in the page's anchor text + the quoted text), and back from an
 * anchor to a DOM Range over the text on screen, in the page view (pdf.js's text layer of
 * `.page[data-page-number]`) and in the text view (its runs of `[data-page]`). Offsets count only the
 * characters anchorText keeps, so both views (and a reflow that joins hyphenated words) agree; when
 * the offsets no longer hold the quote, the quote is looked for on the page (locateHighlight).
 * Ranges are painted with the CSS Custom Highlight API, so the book's DOM is never changed.
 */
import { anchorText, countsInAnchor, locateHighlight } from '@shared/highlights';

export type TReaderView = 'pages' | 'text';

export interface TAnchor {
  page: number;
  start: number;
  end: number;
  quote: string;
}

function anchorLength(text: string): number {
  let count = 0;
  for (const char of text) if (countsInAnchor(char)) count += 1;
  return count;
}

/** The elements holding a page's text in the view on screen (none when the page is not drawn). */
export function pageTextRoots(readerRoot: ParentNode, page: number, view: TReaderView): Element[] {
  if (view === 'text') return [...readerRoot.querySelectorAll(`[data-testid="text-view"] span[data-page="${page}"]`)];
  const layer = readerRoot.querySelector(`.pdfViewer .page[data-page-number="${page}"] .textLayer`);
  return layer ? [layer] : [];
}

/** The page a node of the book's text belongs to, in either view. */
export function pageOfNode(node: Node): number | null {
  const element = node instanceof Element ? node : node.parentElement;
  const holder = element?.closest('[data-page-number], [data-page]');
  const value = holder?.getAttribute('data-page-number') ?? holder?.getAttribute('data-page');
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : null;
}

/** The text nodes of the book's text under `roots`, in order (page numbers and marks hidden from assistive technology left out). */
export function textNodesOf(roots: readonly Element[]): Text[] {
  const nodes: Text[] = [];
  for (const root of roots) {
    const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('[aria-hidden="true"]') && !root.closest('[aria-hidden="true"]')) continue;
      nodes.push(node as Text);
    }
  }
  return nodes;
}

/** The anchor offset of a DOM boundary point among `nodes` (the characters before it that count). */
export function anchorOffsetOf(nodes: readonly Text[], container: Node, offset: number): number {
  const boundary = container.ownerDocument!.createRange();
  boundary.setStart(container, offset);
  let count = 0;
  for (const node of nodes) {
    if (node === container) return count + anchorLength(node.data.slice(0, offset));
    if (boundary.comparePoint(node, 0) >= 0) break;
    count += anchorLength(node.data);
  }
  return count;
}

/** The text of a page in the view on screen, as anchor text (null when the page is not drawn). */
export function pageAnchorText(nodes: readonly Text[]): string {
  return anchorText(nodes.map((node) => node.data).join(''));
}

/** A Range over the anchor characters [start, end) among `nodes`, or null when they are not all there. */
export function rangeFromAnchor(nodes: readonly Text[], start: number, end: number): Range | null {
  if (nodes.length === 0 || end <= start) return null;
  const range = nodes[0].ownerDocument.createRange();
  let index = 0;
  let started = false;
  for (const node of nodes) {
    const data = node.data;
    for (let at = 0; at < data.length; at++) {
      if (!countsInAnchor(data[at])) continue;
      if (index === start) {
        range.setStart(node, at);
        started = true;
      }
      if (index === end - 1 && started) {
        range.setEnd(node, at + 1);
        return range;
      }
      index += 1;
    }
  }
  return null;
}

/** Where a stored highlight lies on screen now, or null when its page is not drawn or its text is gone. */
export function rangeForHighlight(
  readerRoot: ParentNode,
  view: TReaderView,
  highlight: TAnchor,
  nodesOfPage: (page: number) => Text[] = (page) => textNodesOf(pageTextRoots(readerRoot, page, view)),
): Range | null {
  const nodes = nodesOfPage(highlight.page);
  if (nodes.length === 0) return null;
  const place = locateHighlight(pageAnchorText(nodes), highlight);
  return place ? rangeFromAnchor(nodes, place.start, place.end) : null;
}

/**
 * The anchor of a selection of the book's text: the page it starts on, its offsets there and the
 * selected text. A selection that runs onto the next page is cut at the end of its first page.
 */
export function anchorOfSelection(
  readerRoot: ParentNode,
  view: TReaderView,
  range: Range,
  /** The selection as the browser writes it (line ends as spaces); used when the selection stays on one page. */
  selectionText?: string,
): TAnchor | null {
  const page = pageOfNode(range.startContainer);
  if (page === null) return null;
  const roots = pageTextRoots(readerRoot, page, view);
  const nodes = textNodesOf(roots);
  if (nodes.length === 0) return null;
  const clipped = range.cloneRange();
  let text = selectionText ?? range.toString();
  if (pageOfNode(range.endContainer) !== page) {
    const last = nodes[nodes.length - 1];
    clipped.setEnd(last, last.data.length);
    text = clipped.toString();
  }
  const quote = text.replaceAll('\u0000', '').replace(/\s+/g, ' ').trim();
  if (!quote || anchorLength(quote) === 0) return null;
  const start = anchorOffsetOf(nodes, clipped.startContainer, clipped.startOffset);
  return { page, start, end: start + anchorLength(quote), quote };
}
