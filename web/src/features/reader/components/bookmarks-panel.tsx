/** Bookmarks with notes: add one for the page on screen (with an optional note), edit, delete, jump. */
import { useId, useState, type FormEvent } from 'react';
import { BookmarkPlus, Pencil, Trash2 } from 'lucide-react';
import type { TBookmark } from '@shared/progress';
import { BOOKMARK_NOTE_MAX } from '@shared/sync.schemas';
import { Spinner } from '@web/components/ui/spinner';
import type { TBookmarksFeature } from '../use-reader-bookmarks';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function BookmarksPanelBody({
  bookmarks,
  pageNumber,
  onOpen,
}: {
  bookmarks: TBookmarksFeature;
  pageNumber: number;
  onOpen: (bookmark: TBookmark) => void;
}) {
  const [note, setNote] = useState('');
  const noteId = useId();

  function onAdd(event: FormEvent) {
    event.preventDefault();
    bookmarks.add(pageNumber, note);
    setNote('');
  }

  return (
    <div className="flex flex-col gap-4 p-3">
      <form onSubmit={onAdd} className="flex flex-col gap-2 rounded-lg border border-border p-3">
        <label htmlFor={noteId} className="text-sm font-medium">
          Note for page {pageNumber} <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={BOOKMARK_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
        />
        <button
          type="submit"
          className="inline-flex h-10 items-center justify-center gap-2 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <BookmarkPlus className="size-4" aria-hidden="true" />
          Bookmark page {pageNumber}
        </button>
      </form>

      {bookmarks.isLoading ? (
        <Spinner label="Loading bookmarks..." className="py-6" />
      ) : bookmarks.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {bookmarks.isError ? 'Your bookmarks could not be loaded.' : 'No bookmarks yet.'}
        </p>
      ) : (
        <ul aria-label="Your bookmarks" className="flex flex-col gap-2">
          {bookmarks.items.map((bookmark) => (
            <BookmarkItem key={bookmark.id} bookmark={bookmark} bookmarks={bookmarks} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BookmarkItem({
  bookmark,
  bookmarks,
  onOpen,
}: {
  bookmark: TBookmark;
  bookmarks: TBookmarksFeature;
  onOpen: (bookmark: TBookmark) => void;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState(bookmark.note ?? '');
  const fieldId = useId();

  function onSave(event: FormEvent) {
    event.preventDefault();
    bookmarks.updateNote(bookmark.id, draft);
    setIsEditing(false);
  }

  return (
    <li className="rounded-lg border border-border" data-testid="bookmark-item">
      <div className="flex items-start gap-1 p-1">
        <button
          type="button"
          onClick={() => onOpen(bookmark)}
          aria-label={`Go to page ${bookmark.page}`}
          className="flex min-h-11 flex-1 flex-col items-start rounded-md px-2 py-1.5 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <span className="text-sm font-semibold">Page {bookmark.page}</span>
          {bookmark.note && !isEditing && (
            <span className="whitespace-pre-wrap break-words text-sm">{bookmark.note}</span>
          )}
          <span className="text-xs text-muted-foreground">{dateFormat.format(new Date(bookmark.updatedAt))}</span>
        </button>
        <button
          type="button"
          aria-label={`Edit note on page ${bookmark.page}`}
          aria-expanded={isEditing}
          onClick={() => {
            setDraft(bookmark.note ?? '');
            setIsEditing((value) => !value);
          }}
          className="inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          aria-label={`Delete bookmark on page ${bookmark.page}`}
          onClick={() => bookmarks.remove(bookmark.id)}
          className="inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-destructive focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
      {isEditing && (
        <form onSubmit={onSave} className="flex flex-col gap-2 border-t border-border p-3">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Note
          </label>
          <textarea
            id={fieldId}
            rows={3}
            maxLength={BOOKMARK_NOTE_MAX}
            value={draft}
            // biome-ignore lint/a11y/noAutofocus: the field appears because the reader pressed "Edit note", so focus follows their action.
            autoFocus
            onChange={(event) => setDraft(event.currentTarget.value)}
            className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
          />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setIsEditing(false)}
              className="h-9 rounded-md border border-border px-3 text-sm hover:bg-muted"
            >
              Cancel
            </button>
            <button
              type="submit"
              className="h-9 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90"
            >
              Save note
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
