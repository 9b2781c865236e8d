/**
 * Which reader panel is open (one at a time). Wide screens dock the side panels beside the pages and
 * move the pages aside; narrow screens show every panel as a modal sheet. The shortcuts overlay is
 * modal everywhere.
 */
import { useCallback, useMemo, useState } from 'react';
import type { TReaderPanel } from './reader-controls';

const LEFT_PANELS: readonly TReaderPanel[] = ['contents', 'thumbnails'];
const RIGHT_PANELS: readonly TReaderPanel[] = [
  'search',
  'bookmarks',
  'highlights',
  'assistant',
  'read-aloud',
  'display',
  'more',
];

export function useReaderPanels({ isDocked, rootElement }: { isDocked: boolean; rootElement: HTMLElement | null }) {
  const [panel, setPanel] = useState<TReaderPanel | null>(null);
  const isModalOpen = panel !== null && (!isDocked || panel === 'help');
  const togglePanel = useCallback((next: TReaderPanel) => setPanel((current) => (current === next ? null : next)), []);
  const closePanel = useCallback(() => setPanel(null), []);
  /** After choosing a place in a panel: a sheet over the pages gets out of the way, a docked panel stays. */
  const closePanelOnNarrow = useCallback(() => {
    if (!isDocked) setPanel(null);
  }, [isDocked]);
  /** Opens search, or puts the cursor in its box when it is open already. */
  const openSearch = useCallback(() => {
    if (panel === 'search') rootElement?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    else setPanel('search');
  }, [panel, rootElement]);

  /** What a ReaderPanel (or the shortcuts dialog) of this name needs to open, close and dock. */
  const panelProps = (name: TReaderPanel) => ({
    open: panel === name,
    onOpenChange: (open: boolean) => setPanel(open ? name : null),
    docked: isDocked,
    container: rootElement,
  });

  /** Room the docked panel takes from the pages. */
  const dockedOffsets = useMemo(() => {
    if (!isDocked || !panel) return undefined;
    if (LEFT_PANELS.includes(panel)) return { left: '20rem' };
    if (RIGHT_PANELS.includes(panel)) return { right: '20rem' };
    return undefined;
  }, [isDocked, panel]);

  return { panel, isModalOpen, togglePanel, closePanel, closePanelOnNarrow, openSearch, panelProps, dockedOffsets };
}
