/**
 * /highlights (signed in; docs/product/highlights.md#highlighting): every highlight and note of the
 * reader, grouped by book (most recently highlighted first), each opening the reader at its page, with
 * the book's Markdown export. `?book=<id>` shows one book. Quotes and notes are rendered as text.
 */
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Download, Highlighter } from 'lucide-react';
import type { THighlightListItem } from '@shared/highlights';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { describeError } from '@web/lib/api';
import { readerPath } from '@web/lib/paths';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useSyncEngine } from '@web/features/sync/use-sync';
import { HIGHLIGHT_COLOR_LABELS, HIGHLIGHT_SWATCH } from './colors';
import { downloadHighlightsMarkdown, recentHighlightsQueryOptions } from './queries';
import { useQuoteCopyGuard } from './use-quote-copy-guard';

/** The page shows up to this many of the newest highlights. */
const HIGHLIGHTS_SHOWN = 1000;

export default function HighlightsPage() {
  useDocumentTitle('Highlights');
  useSyncEngine();
  const [params] = useSearchParams();
  const onlyBook = params.get('book');
  const query = useQuery(recentHighlightsQueryOptions(HIGHLIGHTS_SHOWN));
  const items = (query.data?.items ?? []).filter((item) => !onlyBook || item.bookId === onlyBook);
  const books = new Map<string, THighlightListItem[]>();
  for (const item of items) books.set(item.bookId, [...(books.get(item.bookId) ?? []), item]);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Highlights and notes</h1>
      <p className="mt-2 text-muted-foreground">
        What you marked while reading, on every device.{' '}
        <Link to="/review" className="font-medium text-primary underline-offset-4 hover:underline">
          Review your cards
        </Link>
      </p>
      {onlyBook && (
        <p className="mt-2">
          <Link to="/highlights" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Show every book
          </Link>
        </p>
      )}
      <div className="mt-6 flex flex-col gap-10">
        {query.isPending ? (
          <Spinner label="Loading your highlights..." className="py-12" />
        ) : query.isError ? (
          <ErrorPanel
            title="We couldn't load your highlights."
            error={query.error}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : books.size === 0 ? (
          <StatePanel
            icon={<Highlighter />}
            title="No highlights yet"
            action={
              <Button asChild>
                <Link to="/library">Open your library</Link>
              </Button>
            }
          >
            Select text while reading to highlight it in a colour or add a note.
          </StatePanel>
        ) : (
          [...books.entries()].map(([bookId, list]) => <BookHighlights key={bookId} bookId={bookId} items={list} />)
        )}
      </div>
    </div>
  );
}

function BookHighlights({ bookId, items }: { bookId: string; items: THighlightListItem[] }) {
  const [isExporting, setIsExporting] = useState(false);
  const sorted = [...items].sort((a, b) => a.page - b.page || a.start - b.start);
  const titleId = `highlights-${bookId}`;
  const sectionRef = useRef<HTMLElement>(null);
  useQuoteCopyGuard(sectionRef, bookId);
  return (
    <section ref={sectionRef} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="font-serif text-2xl font-semibold">
          {sorted[0].bookTitle}
        </h2>
        <Button
          variant="outline"
          size="sm"
          disabled={isExporting}
          onClick={async () => {
            setIsExporting(true);
            try {
              await downloadHighlightsMarkdown(bookId);
            } catch (error) {
              toast({ variant: 'destructive', title: 'Export failed', description: describeError(error) });
            } finally {
              setIsExporting(false);
            }
          }}
        >
          <Download aria-hidden="true" />
          {isExporting ? 'Exporting...' : 'Export as Markdown'}
        </Button>
      </div>
      <ul className="mt-4 flex flex-col gap-3">
        {sorted.map((item) => (
          <li key={item.id} className="rounded-lg border border-border bg-card p-4 shadow-sm">
            <div className="flex items-center gap-2 text-sm">
              <span
                className={`size-3 rounded-full ${HIGHLIGHT_SWATCH[item.color]}`}
                role="img"
                aria-label={HIGHLIGHT_COLOR_LABELS[item.color]}
              />
              <Link
                to={`${readerPath(item.bookId)}?page=${item.page}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Page {item.page}
              </Link>
            </div>
            <blockquote className="mt-2 font-serif">{item.quote}</blockquote>
            {item.note && (
              <p className="mt-2 whitespace-pre-wrap rounded bg-muted px-3 py-2 text-sm">
                <span className="sr-only">Note: </span>
                {item.note}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
