/**
 * Search inside the book. pdf.js's find controller highlights the matches in the pages and steps
 * through them; in the full reader the server's search (page + snippet for the whole book, without
 * downloading it) gives the results list. Previews use the find controller alone. The panel shows one
 * count, the find controller's matches (docs/product/reader.md#search-in-the-book); the list is of pages.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import type { TBookSearchHit } from '@shared/reader';
import { BOOK_SEARCH_MAX_CHARS } from '@shared/reader.schemas';
import { Spinner } from '@web/components/ui/spinner';
import { describeError } from '@web/lib/api';
import type { TFindMatches } from '../pdf/use-pdf-viewer';
import { highlightParts } from '../search-highlight';

export interface SearchPanelProps {
  /** Server search; absent in previews. */
  searchServer?: (query: string, signal: AbortSignal) => Promise<TBookSearchHit[]>;
  findMatches: TFindMatches | null;
  onFind: (query: string, options?: { again?: boolean; previous?: boolean }) => void;
  onClear: () => void;
  onOpenResult: (hit: TBookSearchHit, query: string) => void;
}

type TServerResults =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; items: TBookSearchHit[] }
  | { status: 'error'; message: string };

export function SearchPanelBody({ searchServer, findMatches, onFind, onClear, onOpenResult }: SearchPanelProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<TServerResults>({ status: 'idle' });
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    const isSame = value === query;
    setQuery(value);
    onFind(value, { again: isSame });
    if (!searchServer || isSame) return;
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setResults({ status: 'loading' });
    searchServer(value, controller.signal).then(
      (items) => !controller.signal.aborted && setResults({ status: 'done', items }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setResults({ status: 'error', message: describeError(error) || 'Search failed. Please try again.' }),
    );
  }

  function clear() {
    abortRef.current?.abort();
    setText('');
    setQuery('');
    setResults({ status: 'idle' });
    onClear();
  }

  const hasFindResult = query !== '' && findMatches !== null;
  return (
    <div className="flex flex-col gap-3 p-3">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to happy-dom (the unit tests' DOM) and to Safari before 17; this role is the same landmark everywhere. */}
      <form role="search" onSubmit={onSubmit} className="flex gap-2">
        <div className="relative flex-1">
          <input
            type="search"
            aria-label="Search text"
            placeholder="Words or a phrase"
            maxLength={BOOK_SEARCH_MAX_CHARS}
            // biome-ignore lint/a11y/noAutofocus: the reader has just opened the search panel (a dialog), and focus belongs in its field.
            autoFocus
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            className="h-11 w-full rounded-md border border-input bg-background px-3 pr-10 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
          />
          {text && (
            <button
              type="button"
              onClick={clear}
              aria-label="Clear search"
              className="absolute right-1 top-1 inline-flex size-9 items-center justify-center rounded text-muted-foreground hover:bg-muted"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
        <button
          type="submit"
          aria-label="Search"
          className="inline-flex h-11 items-center gap-2 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Search className="size-4" aria-hidden="true" />
        </button>
      </form>

      {hasFindResult && (
        <div className="flex items-center justify-between gap-2 rounded-md bg-muted px-3 py-1.5 text-sm">
          <span aria-live="polite" data-testid="find-matches">
            {findMatches.total === 0
              ? 'No matches'
              : `${findMatches.current} of ${findMatches.total} ${findMatches.total === 1 ? 'match' : 'matches'}`}
          </span>
          <span className="flex gap-1">
            <button
              type="button"
              aria-label="Previous match"
              onClick={() => onFind(query, { again: true, previous: true })}
              className="inline-flex size-9 items-center justify-center rounded hover:bg-background"
              disabled={findMatches.total === 0}
            >
              <ChevronUp className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label="Next match"
              onClick={() => onFind(query, { again: true })}
              className="inline-flex size-9 items-center justify-center rounded hover:bg-background"
              disabled={findMatches.total === 0}
            >
              <ChevronDown className="size-4" aria-hidden="true" />
            </button>
          </span>
        </div>
      )}

      {results.status === 'loading' && <Spinner label="Searching..." className="py-6" />}
      {results.status === 'error' && (
        <p role="alert" className="text-sm text-destructive">
          {results.message}
        </p>
      )}
      {results.status === 'done' &&
        (results.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No results for “{query}”.</p>
        ) : (
          <div>
            {/* One count on screen: the matches above; the list names pages, not a second total. */}
            <h3 className="px-1 pb-2 text-sm font-semibold">Found on these pages</h3>
            <ul className="flex flex-col gap-1" aria-label="Search results">
              {/* The server answers at most one hit per page. */}
              {results.items.map((hit) => (
                <li key={hit.page}>
                  <button
                    type="button"
                    onClick={() => onOpenResult(hit, query)}
                    className="flex w-full flex-col gap-0.5 rounded-md px-3 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                      Page {hit.page}
                    </span>
                    <span className="text-sm">
                      {highlightParts(hit.snippet, query).map((part) =>
                        part.isMatch ? (
                          <mark key={part.start} className="rounded-sm bg-amber-200 px-0.5 text-inherit">
                            {part.text}
                          </mark>
                        ) : (
                          <span key={part.start}>{part.text}</span>
                        ),
                      )}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  );
}
