/**
 * A book's highlights and notes in the reader (docs/product/highlights.md#highlighting): in page order,
 * each with its page (opens it), its note, a card for review, and delete; plus the Markdown export.
 * Quotes and notes are rendered as text, never as HTML.
 */
import { useRef, useState } from 'react';
import { Download, GraduationCap, Pencil, Trash2 } from 'lucide-react';
import type { THighlightListItem } from '@shared/highlights';
import { Spinner } from '@web/components/ui/spinner';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { HIGHLIGHT_COLOR_LABELS, HIGHLIGHT_SWATCH } from '../colors';
import { downloadHighlightsMarkdown } from '../queries';
import type { THighlightsFeature } from '../use-highlights';
import { useQuoteCopyGuard } from '../use-quote-copy-guard';
import { useReviewDeck } from '../use-review-deck';
import { NoteDialog } from './note-dialog';

const actionClass =
  'inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export function HighlightsPanelBody({
  bookId,
  highlights,
  onOpen,
}: {
  bookId: string;
  highlights: THighlightsFeature;
  onOpen: (highlight: THighlightListItem) => void;
}) {
  const [editing, setEditing] = useState<THighlightListItem | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const deck = useReviewDeck();
  const bodyRef = useRef<HTMLDivElement>(null);
  useQuoteCopyGuard(bodyRef, bookId);

  async function exportMarkdown() {
    setIsExporting(true);
    try {
      await downloadHighlightsMarkdown(bookId);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Export failed', description: describeError(error) });
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <div ref={bodyRef} className="flex flex-col gap-4 p-3">
      <p className="text-sm text-muted-foreground">
        Select text on a page to highlight it or add a note. Highlighting is free; exporting counts the highlighted text
        against your copy allowance.
      </p>
      <button
        type="button"
        className="inline-flex h-10 items-center justify-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
        onClick={() => void exportMarkdown()}
        disabled={isExporting || highlights.items.length === 0}
      >
        <Download className="size-4" aria-hidden="true" />
        {isExporting ? 'Exporting...' : 'Export as Markdown'}
      </button>
      {highlights.isLoading ? (
        <Spinner label="Loading highlights..." className="py-6" />
      ) : highlights.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {highlights.isError ? 'Your highlights could not be loaded.' : 'No highlights yet.'}
        </p>
      ) : (
        <ul aria-label="Your highlights" className="flex flex-col gap-3">
          {highlights.items.map((item) => (
            <li key={item.id} className="rounded-lg border border-border p-3" data-testid="highlight-item">
              <div className="flex items-center gap-2">
                <span
                  className={`size-3 shrink-0 rounded-full ${HIGHLIGHT_SWATCH[item.color]}`}
                  role="img"
                  aria-label={HIGHLIGHT_COLOR_LABELS[item.color]}
                />
                <button
                  type="button"
                  className="text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => onOpen(item)}
                >
                  Page {item.page}
                </button>
              </div>
              <blockquote className="mt-2 line-clamp-6 text-sm">{item.quote}</blockquote>
              {item.note && (
                <p className="mt-2 whitespace-pre-wrap rounded bg-muted px-2 py-1 text-sm">
                  <span className="sr-only">Note: </span>
                  {item.note}
                </p>
              )}
              <div className="mt-2 flex flex-wrap gap-1">
                <button type="button" className={actionClass} onClick={() => setEditing(item)}>
                  <Pencil className="size-4" aria-hidden="true" />
                  {item.note ? 'Edit note' : 'Add note'}
                </button>
                {deck.carded.has(item.id) ? (
                  <span className="inline-flex h-9 items-center gap-1.5 px-2 text-sm text-muted-foreground">
                    <GraduationCap className="size-4" aria-hidden="true" />
                    In review
                  </span>
                ) : (
                  <button
                    type="button"
                    className={actionClass}
                    onClick={() => {
                      deck.makeCard(item.id, item.note ? 'note' : 'quote');
                      toast({ title: 'Review card made', description: 'It is due in your next review.' });
                    }}
                  >
                    <GraduationCap className="size-4" aria-hidden="true" />
                    Make a review card
                  </button>
                )}
                <button
                  type="button"
                  className={`${actionClass} text-destructive`}
                  onClick={() => highlights.remove(item.id)}
                  aria-label={`Delete the highlight on page ${item.page}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <NoteDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        quote={editing?.quote ?? ''}
        initialNote={editing?.note ?? null}
        title="Note"
        onSave={(note) => {
          if (editing) highlights.edit(editing.id, { note });
        }}
      />
    </div>
  );
}
