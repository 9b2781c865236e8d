/**
 * The reader's keyboard shortcuts (keyboard-shortcuts.ts maps keys to actions; the help overlay lists
 * the same table). One window listener for the reader's life; it always runs the latest controls.
 */
import { useEffect, useRef } from 'react';
import { isTypingTarget, readerActionForKey, type TReaderAction } from './keyboard-shortcuts';
import type { TReaderControls } from './reader-controls';
import { notifyPrintBlocked } from './use-print-block';

export function useReaderKeyboard({
  controls,
  openSearch,
  isModalOpen,
}: {
  controls: TReaderControls;
  openSearch: () => void;
  /** A modal sheet or the shortcuts overlay has the keyboard (Escape, Tab) to itself. */
  isModalOpen: boolean;
}): void {
  const runAction = useRef<(action: TReaderAction) => void>(() => undefined);
  runAction.current = (action) => {
    switch (action) {
      case 'next-page':
        return controls.nextPage();
      case 'previous-page':
        return controls.previousPage();
      case 'first-page':
        return controls.goToPage(1);
      case 'last-page':
        return controls.goToPage(controls.pagesCount);
      case 'zoom-in':
        return controls.zoomIn();
      case 'zoom-out':
        return controls.zoomOut();
      case 'fit-width':
        return controls.fitWidth();
      case 'fullscreen':
        return controls.canFullscreen ? controls.toggleFullscreen() : undefined;
      case 'add-bookmark':
        return controls.addBookmark();
      case 'search':
        return openSearch();
      case 'theme':
        return controls.cycleTheme();
      case 'help':
        return controls.togglePanel('help');
      case 'print':
        return notifyPrintBlocked();
    }
  };
  const isModalOpenRef = useRef(isModalOpen);
  isModalOpenRef.current = isModalOpen;
  const isReadyRef = useRef(controls.isReady);
  isReadyRef.current = controls.isReady;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const action = readerActionForKey(event);
      if (!action) return;
      if (action === 'print') {
        event.preventDefault();
        runAction.current(action);
        return;
      }
      const withModifier = event.ctrlKey || event.metaKey;
      if (isTypingTarget(event.target) && !withModifier) return;
      if (isModalOpenRef.current) return;
      if (!isReadyRef.current && action !== 'help' && action !== 'theme') return;
      event.preventDefault();
      runAction.current(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
