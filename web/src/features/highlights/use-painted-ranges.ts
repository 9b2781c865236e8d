/**
 * Paints marks (highlights, the sentence being read aloud) over the book's text with the CSS Custom
 * Highlight API: each mark's Range is found again whenever the pages change under it (pdf.js draws a
 * text layer, the text view grows, the zoom re-renders), watched with a MutationObserver and redone
 * once per frame. The registered names are this hook's own; it clears them when it stops. Browsers
 * without the API simply show no marks on the page (the lists still show every highlight).
 */
import { useEffect, useRef } from 'react';
import { pageTextRoots, rangeForHighlight, textNodesOf, type TAnchor, type TReaderView } from './dom-anchors';

export interface TPaintedMark extends TAnchor {
  /** The CSS highlight name it is painted with (styled by ::highlight(name) in highlights.css). */
  name: string;
}

interface THighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}

function registry(): { registry: THighlightRegistry; Highlight: new (...ranges: Range[]) => unknown } | null {
  const css = (globalThis as { CSS?: { highlights?: THighlightRegistry } }).CSS;
  const Highlight = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  return css?.highlights && Highlight ? { registry: css.highlights, Highlight } : null;
}

export function isPaintingSupported(): boolean {
  return registry() !== null;
}

/**
 * Keeps `marks` painted in `readerRoot` for the view on screen; `names` lists every name it may use
 * (each is cleared when it has no mark). Calls `onPainted` with the ranges after each paint.
 */
export function usePaintedRanges(options: {
  readerRoot: HTMLElement | null;
  view: TReaderView;
  marks: readonly TPaintedMark[];
  names: readonly string[];
  onPainted?: (ranges: Map<TPaintedMark, Range>) => void;
}): void {
  const { readerRoot, view, marks, names } = options;
  const onPainted = useRef(options.onPainted);
  onPainted.current = options.onPainted;
  const namesKey = names.join(' ');

  useEffect(() => {
    const api = registry();
    if (!api || !readerRoot) return;
    const allNames = namesKey.split(' ').filter(Boolean);
    let frame = 0;
    const paint = () => {
      frame = 0;
      const nodesByPage = new Map<number, Text[]>();
      const nodesOf = (page: number) => {
        let nodes = nodesByPage.get(page);
        if (!nodes) {
          nodes = textNodesOf(pageTextRoots(readerRoot, page, view));
          nodesByPage.set(page, nodes);
        }
        return nodes;
      };
      const byName = new Map<string, Range[]>();
      const painted = new Map<TPaintedMark, Range>();
      for (const mark of marks) {
        const range = rangeForHighlight(readerRoot, view, mark, nodesOf);
        if (!range) continue;
        painted.set(mark, range);
        byName.set(mark.name, [...(byName.get(mark.name) ?? []), range]);
      }
      for (const name of allNames) {
        const ranges = byName.get(name);
        if (ranges) api.registry.set(name, new api.Highlight(...ranges));
        else api.registry.delete(name);
      }
      onPainted.current?.(painted);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    schedule();
    const observer = new MutationObserver((records) => {
      // Only text arriving or leaving matters (a text layer drawn, the text view grown).
      if (records.some((record) => record.addedNodes.length > 0 || record.removedNodes.length > 0)) schedule();
    });
    observer.observe(readerRoot, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      for (const name of allNames) api.registry.delete(name);
    };
  }, [readerRoot, view, marks, namesKey]);
}
