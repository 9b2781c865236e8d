/**
 * A confirmation for an action that cannot be undone (Radix AlertDialog: role alertdialog, no close by a click
 * outside, focus starts on the safe choice). The trigger opens it; the confirm button shows its pending label while
 * `onConfirm` runs and the dialog closes when it settles (the caller reports a failure, as with ConfirmDialog).
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { Button, type ButtonProps } from './button';

export interface AlertConfirmDialogProps {
  trigger: ReactElement;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The safe choice, which has the focus when the dialog opens. */
  cancelLabel?: string;
  confirmVariant?: ButtonProps['variant'];
  onConfirm: () => Promise<unknown>;
}

export function AlertConfirmDialog({
  trigger,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'destructive',
  onConfirm,
}: AlertConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);

  async function confirm() {
    setIsPending(true);
    try {
      await onConfirm();
    } catch {
      // The caller reports the failure; the dialog only closes.
    } finally {
      setIsPending(false);
      setOpen(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !isPending && setOpen(next)}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-foreground/40 transition-opacity duration-200 starting:opacity-0" />
        <AlertDialog.Content className="fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-xl border border-border bg-background p-5 shadow-xl outline-none sm:p-6">
          <AlertDialog.Title className="font-serif text-xl font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 flex flex-col gap-2 text-sm text-muted-foreground">{children}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="outline" disabled={isPending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once, and the dialog should stay while the request runs. */}
            <Button type="button" variant={confirmVariant} disabled={isPending} onClick={() => void confirm()}>
              {isPending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
