/** The note of a highlight: written when highlighting ("Add note") or edited from the list. */
import { useEffect, useId } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { HIGHLIGHT_NOTE_MAX } from '@shared/highlights.schemas';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';

const ZNoteForm = z.object({
  note: z.string().max(HIGHLIGHT_NOTE_MAX, `Note must be at most ${HIGHLIGHT_NOTE_MAX} characters`),
});
type TNoteForm = z.infer<typeof ZNoteForm>;

export function NoteDialog({
  open,
  onOpenChange,
  quote,
  initialNote,
  title,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quote: string;
  initialNote: string | null;
  title: string;
  onSave: (note: string) => void;
}) {
  const noteId = useId();
  const errorId = useId();
  const form = useForm<TNoteForm>({ resolver: zodResolver(ZNoteForm), defaultValues: { note: initialNote ?? '' } });
  useEffect(() => {
    if (open) form.reset({ note: initialNote ?? '' });
  }, [open, initialNote, form]);
  const error = form.formState.errors.note?.message;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogPanel title={title}>
        <Dialog.Description asChild>
          <blockquote className="mt-3 line-clamp-4 border-l-4 border-amber-400 pl-3 text-sm text-muted-foreground">
            {quote}
          </blockquote>
        </Dialog.Description>
        <form
          className="mt-4 flex flex-col gap-3"
          onSubmit={form.handleSubmit((values) => {
            onSave(values.note);
            onOpenChange(false);
          })}
        >
          <label htmlFor={noteId} className="text-sm font-medium">
            Note
          </label>
          <textarea
            id={noteId}
            rows={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
            {...form.register('note')}
          />
          {error && (
            <p id={errorId} className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFormActions isPending={false} submitLabel="Save note" pendingLabel="Saving..." />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
