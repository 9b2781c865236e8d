/**
 * Highlights on the reader's pages (docs/product/highlights.md#highlighting): paints the book's
 * highlights over the text on screen in either view, and offers a small toolbar over a selection of
 * the book's text: a highlight in one of four colours, or a highlight with a note. Highlighting copies
 * nothing, so it does not touch the copy budget.
 */
import '../highlights.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NotebookPen } from 'lucide-react';
import { HIGHLIGHT_COLORS, type THighlightColor } from '@shared/highlights.schemas';
import { toast } from '@web/lib/toast';
import { HIGHLIGHT_COLOR_LABELS, HIGHLIGHT_SWATCH, highlightName } from '../colors';
import { anchorOfSelection, type TAnchor, type TReaderView } from '../dom-anchors';
import { usePaintedRanges, type TPaintedMark } from '../use-painted-ranges';
import type { THighlightsFeature } from '../use-highlights';
import { NoteDialog } from './note-dialog';

const PAINT_NAMES = HIGHLIGHT_COLORS.map(highlightName);
const BOOK_TEXT_SELECTOR: Record<TReaderView, string> = { pages: '.pdfViewer', text: '[data-testid="text-view"]' };
const TOOLBAR_HEIGHT_PX = 52;

interface TPendingSelection {
  anchor: TAnchor;
  top: number;
  left: number;
}

export function ReaderHighlights({
  readerRoot,
  view,
  highlights,
}: {
  readerRoot: HTMLElement | null;
  view: TReaderView;
  highlights: THighlightsFeature;
}) {
  const marks = useMemo<TPaintedMark[]>(
    () => highlights.items.map((item) => ({ ...item, name: highlightName(item.color) })),
    [highlights.items],
  );
  usePaintedRanges({ readerRoot, view, marks, names: PAINT_NAMES });

  const [selection, setSelection] = useState<TPendingSelection | null>(null);
  const [noteFor, setNoteFor] = useState<TAnchor | null>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!readerRoot) return;
    const doc = readerRoot.ownerDocument;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const current = doc.getSelection();
      const area = readerRoot.querySelector(BOOK_TEXT_SELECTOR[view]);
      if (!current || current.isCollapsed || current.rangeCount === 0 || !area) {
        setSelection(null);
        return;
      }
      const range = current.getRangeAt(0);
      if (!area.contains(range.startContainer)) {
        setSelection(null);
        return;
      }
      const anchor = anchorOfSelection(readerRoot, view, range, current.toString());
      if (!anchor) {
        setSelection(null);
        return;
      }
      const rect = range.getBoundingClientRect();
      const below = rect.bottom + 8;
      const top =
        below + TOOLBAR_HEIGHT_PX < window.innerHeight ? below : Math.max(8, rect.top - TOOLBAR_HEIGHT_PX - 8);
      const left = Math.min(Math.max(8, rect.left + rect.width / 2 - 130), window.innerWidth - 268);
      setSelection({ anchor, top, left });
    };
    const onSelectionChange = () => {
      clearTimeout(timer);
      timer = setTimeout(update, 150);
    };
    doc.addEventListener('selectionchange', onSelectionChange);
    return () => {
      clearTimeout(timer);
      doc.removeEventListener('selectionchange', onSelectionChange);
    };
  }, [readerRoot, view]);

  function clearSelection() {
    readerRoot?.ownerDocument.getSelection()?.removeAllRanges();
    setSelection(null);
  }

  function highlight(anchor: TAnchor, color: THighlightColor, note?: string) {
    highlights.add({ ...anchor, color, note: note ?? null });
    toast({ title: note ? 'Note added' : 'Highlighted', description: `On page ${anchor.page}.` });
  }

  return (
    <>
      {selection && (
        <div
          ref={toolbarRef}
          role="toolbar"
          aria-label="Highlight the selected text"
          data-no-tap-zone
          className="fixed z-20 flex items-center gap-1 rounded-full border border-border bg-background p-1.5 shadow-lg"
          style={{ top: selection.top, left: selection.left }}
          // Pressing a button must not clear the selection it acts on.
          onMouseDown={(event) => event.preventDefault()}
        >
          {HIGHLIGHT_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              aria-label={`Highlight ${HIGHLIGHT_COLOR_LABELS[color].toLowerCase()}`}
              title={`Highlight ${HIGHLIGHT_COLOR_LABELS[color].toLowerCase()}`}
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              onClick={() => {
                highlight(selection.anchor, color);
                clearSelection();
              }}
            >
              <span className={`size-6 rounded-full border border-foreground/20 ${HIGHLIGHT_SWATCH[color]}`} />
            </button>
          ))}
          <button
            type="button"
            className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            onClick={() => {
              setNoteFor(selection.anchor);
              clearSelection();
            }}
          >
            <NotebookPen className="size-4" aria-hidden="true" />
            Add note
          </button>
        </div>
      )}
      <NoteDialog
        open={noteFor !== null}
        onOpenChange={(open) => !open && setNoteFor(null)}
        quote={noteFor?.quote ?? ''}
        initialNote={null}
        title="Highlight with a note"
        onSave={(note) => {
          if (noteFor) highlight(noteFor, 'yellow', note);
        }}
      />
    </>
  );
}
