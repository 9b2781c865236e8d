/**
 * A book's cover in the editor (docs/product/back-office.md#books): the current one, and an uploaded image to replace
 * it. Without an upload, ingesting a PDF draws page 1 as the cover.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COVER_MIME_TYPES, INGEST_MESSAGES, MAX_COVER_BYTES } from '@shared/ingest';
import { Button } from '@web/components/ui/button';
import { describeError, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { booksAdminKeys, uploadBookCover } from './queries';

export function CoverPanel({ bookId, coverImageUrl }: { bookId: string; coverImageUrl: string | null }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function save() {
    if (!file) return setError(INGEST_MESSAGES.coverWrongType);
    if (!(COVER_MIME_TYPES as readonly string[]).includes(file.type)) return setError(INGEST_MESSAGES.coverWrongType);
    if (file.size > MAX_COVER_BYTES) return setError(INGEST_MESSAGES.coverTooLarge);
    setIsSaving(true);
    try {
      await uploadBookCover(bookId, file);
      setError(null);
      toast({ title: 'Cover saved' });
      await queryClient.invalidateQueries({ queryKey: booksAdminKeys.all });
    } catch (saveError) {
      setError(
        isApiError(saveError)
          ? (saveError.problem?.errors?.[0]?.message ?? describeError(saveError))
          : describeError(saveError),
      );
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <section aria-labelledby="book-cover-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="book-cover-title" className="font-serif text-xl font-semibold">
        Cover
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        {coverImageUrl ? (
          <img src={coverImageUrl} alt="Current cover" className="h-32 w-auto rounded border border-border" />
        ) : (
          <p className="text-sm text-muted-foreground">No stored cover: a PDF upload draws page 1 as the cover.</p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="book-cover-file" className="text-sm font-medium">
            Cover image (PNG, JPEG or WebP, at most 5 MB)
          </label>
          <input
            id="book-cover-file"
            type="file"
            accept={COVER_MIME_TYPES.join(',')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'book-cover-file-error' : undefined}
            className="text-sm file:mr-2 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </div>
        <Button type="button" variant="outline" onClick={() => void save()} disabled={isSaving || !file}>
          {isSaving ? 'Saving...' : 'Save cover'}
        </Button>
      </div>
      {error && (
        <p id="book-cover-file-error" role="alert" className="mt-2 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
