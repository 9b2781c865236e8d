/**
 * A Radix confirmation dialog: title, explanation, a cancel button and a confirm button that shows a
 * pending label while `onConfirm` runs. The trigger element opens it. When the action fails the
 * caller reports it (toast or inline); by default the dialog then closes, `keepOpenOnError` leaves it
 * open so the reader can retry.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button, type ButtonProps } from './button';

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
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-foreground/40 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-background p-5 shadow-xl outline-none sm:p-6">
          <Dialog.Title className="pr-10 font-serif text-xl font-semibold">{title}</Dialog.Title>
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
          <Dialog.Close
            aria-label="Close"
            disabled={isPending}
            className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
