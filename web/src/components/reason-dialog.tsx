/**
 * A dialog that asks for a reason and sends it: a reader reporting a review, a moderator hiding or restoring a
 * comment (docs/product/reviews-and-challenges.md#moderation). The trigger opens it; the server's refusal (the field
 * message of its problem+json) shows under the field and the dialog stays open; once sent it closes, forgets the
 * text and runs onSent (the caller's thanks and refresh).
 */
import { type ReactElement, type ReactNode, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { FormField } from '@web/components/forms/form-field';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { describeError, isApiError } from '@web/lib/api';

export interface ReasonDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: ReactNode;
  /** Who will read the reason. */
  description: ReactNode;
  /** The reason field's id, unique on the page. */
  fieldId: string;
  label?: string;
  submitLabel: string;
  pendingLabel: string;
  send: (reason: string) => Promise<unknown>;
  onSent: () => Promise<unknown> | undefined;
}

/** The server's message for the field when it named one, else what went wrong. */
function failureText(error: unknown): string {
  return isApiError(error) ? (error.problem?.errors?.[0]?.message ?? describeError(error)) : describeError(error);
}

export function ReasonDialog({
  trigger,
  title,
  description,
  fieldId,
  label = 'Reason',
  submitLabel,
  pendingLabel,
  send,
  onSent,
}: ReasonDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sending = useMutation({
    mutationFn: () => send(reason),
    onSuccess: async () => {
      setOpen(false);
      setReason('');
      await onSent();
    },
    onError: (failure) => setError(failureText(failure)),
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (sending.isPending) return;
        setOpen(isOpen);
        if (!isOpen) setError(undefined);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogPanel title={title} closeDisabled={sending.isPending}>
        <Dialog.Description className="mt-2 text-sm text-muted-foreground">{description}</Dialog.Description>
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setError(undefined);
            sending.mutate();
          }}
        >
          <FormField id={fieldId} label={label} error={error}>
            {(a11y) => (
              <textarea
                rows={3}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm"
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                {...a11y}
              />
            )}
          </FormField>
          <DialogFormActions isPending={sending.isPending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
