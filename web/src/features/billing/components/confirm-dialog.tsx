/**
 * A Radix confirmation dialog for billing actions (cancel, change plan). The confirm button shows a
 * pending label while `onConfirm` runs; the dialog closes when it resolves and stays open when it
 * fails (the action reports the failure itself).
 */
import { useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';

export interface ConfirmDialogProps {
  trigger: ReactNode;
  triggerVariant?: ButtonProps['variant'];
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => Promise<unknown>;
}

export function ConfirmDialog({
  trigger,
  triggerVariant = 'outline',
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = 'Go back',
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [isPending, setIsPending] = useState(false);

  async function confirm() {
    setIsPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The action's own error handling tells the reader; keep the dialog so they can retry.
    } finally {
      setIsPending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !isPending && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button type="button" variant={triggerVariant}>
          {trigger}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-foreground/40 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-background p-5 shadow-xl outline-none sm:p-6">
          <Dialog.Title className="pr-10 text-xl font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 flex flex-col gap-2 text-sm text-muted-foreground">{description}</div>
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button type="button" variant="outline" disabled={isPending}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button type="button" variant={destructive ? 'destructive' : 'default'} disabled={isPending} onClick={() => void confirm()}>
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
