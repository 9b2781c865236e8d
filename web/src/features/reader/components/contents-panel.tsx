/** The book's table of contents from the PDF outline, with page numbers and the current section marked. */
import { useEffect, useState } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { currentOutlineEntryId, loadOutline, type TOutlineEntry } from '../outline';

type TOutlineDocument = Parameters<typeof loadOutline>[0];

export function ContentsPanelBody({
  pdf,
  pageNumber,
  onSelect,
}: {
  pdf: TOutlineDocument | null;
  pageNumber: number;
  onSelect: (entry: TOutlineEntry) => void;
}) {
  const [entries, setEntries] = useState<TOutlineEntry[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!pdf) return;
    let active = true;
    loadOutline(pdf).then(
      (outline) => active && setEntries(outline),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [pdf]);

  if (failed) return <p className="p-4 text-sm text-muted-foreground">The contents could not be loaded.</p>;
  if (!entries) return <Spinner label="Loading contents..." className="py-8" />;
  if (entries.length === 0)
    return <p className="p-4 text-sm text-muted-foreground">This book has no table of contents.</p>;
  const currentId = currentOutlineEntryId(entries, pageNumber);
  return (
    <nav aria-label="Table of contents" className="p-2">
      <OutlineList entries={entries} currentId={currentId} onSelect={onSelect} depth={0} />
    </nav>
  );
}

function OutlineList({
  entries,
  currentId,
  onSelect,
  depth,
}: {
  entries: TOutlineEntry[];
  currentId: string | null;
  onSelect: (entry: TOutlineEntry) => void;
  depth: number;
}) {
  return (
    <ul className={depth > 0 ? 'ml-4 border-l border-border pl-2' : undefined}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            onClick={() => onSelect(entry)}
            disabled={entry.page === null && entry.dest === null}
            aria-current={entry.id === currentId ? 'true' : undefined}
            className="flex min-h-11 w-full items-baseline gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-[current=true]:bg-secondary aria-[current=true]:font-semibold aria-[current=true]:text-secondary-foreground"
          >
            <span className="flex-1">{entry.title}</span>
            {entry.page !== null && <span className="tabular-nums text-muted-foreground">{entry.page}</span>}
          </button>
          {entry.children.length > 0 && (
            <OutlineList entries={entry.children} currentId={currentId} onSelect={onSelect} depth={depth + 1} />
          )}
        </li>
      ))}
    </ul>
  );
}
