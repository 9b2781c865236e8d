/**
 * A Radix confirmation dialog: title, explanation, a cancel button and a confirm button that shows a
 * pending label while `onConfirm` runs. The trigger element opens it. When the action fails the
 * caller reports it (toast or inline); by default the dialog then closes, `keepOpenOnError` leaves it
 * open so the reader can retry.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Button, type ButtonProps } from './button';
import { DialogPanel } from './dialog';

export interface ConfirmDialogProps {
  /** The element that opens the dialog (rendered as the trigger itself). */
  trigger: ReactElement;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonProps['variant'];
  keepOpenOnError?: boolean;
  onConfirm: () => Promise<unknown>;
}

export function ConfirmDialog({
  trigger,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'default',
  keepOpenOnError = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);

  async function confirm() {
    setIsPending(true);
    let succeeded = false;
    try {
      await onConfirm();
      succeeded = true;
    } catch {
      // The caller reports the failure; only the dialog's open state is decided here.
    } finally {
      setIsPending(false);
      if (succeeded || !keepOpenOnError) setOpen(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !isPending && setOpen(next)}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogPanel title={title} closeDisabled={isPending}>
        <Dialog.Description asChild>
          <div className="mt-3 flex flex-col gap-2 text-sm text-muted-foreground">{children}</div>
        </Dialog.Description>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Dialog.Close asChild>
            <Button type="button" variant="outline" disabled={isPending}>
              {cancelLabel}
            </Button>
          </Dialog.Close>
          <Button type="button" variant={confirmVariant} disabled={isPending} onClick={() => void confirm()}>
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}
