/**
 * The app's modal dialog frame (Radix Dialog): overlay, centred panel, title and the top-right close
 * button, plus the Cancel / submit footer of form dialogs. Callers keep their own Root (open state,
 * trigger) and put the description and body inside.
 */
import { type ReactNode, useRef } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { Button, type ButtonProps } from './button';

export interface DialogPanelProps {
  title: ReactNode;
  children: ReactNode;
  /** 'md' for short confirmations and single fields, 'lg' for longer explanations. */
  size?: 'md' | 'lg';
  /** Accessible name of the close button. */
  closeLabel?: string;
  /** False when the dialog has no Dialog.Description (Radix then expects no aria-describedby). */
  hasDescription?: boolean;
  /** While an action runs, the close button waits too. */
  closeDisabled?: boolean;
}

export function DialogPanel({
  title,
  children,
  size = 'md',
  closeLabel = 'Close',
  hasDescription = true,
  closeDisabled = false,
}: DialogPanelProps) {
  // Radix hands focus back to its Dialog.Trigger when the dialog closes. A dialog opened without one (a button that
  // mounts it, a table row) would leave focus on the page's body, so the element focused when it opened gets it back
  // (docs/product/routes-and-screens.md#application-shell).
  const openedFrom = useRef<HTMLElement | null>(null);
  const noteOpener = () => {
    openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const returnFocus = () =>
    requestAnimationFrame(() => {
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      if (openedFrom.current?.isConnected) openedFrom.current.focus();
    });
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-foreground/40 transition-opacity duration-200 starting:opacity-0" />
      <Dialog.Content
        {...(hasDescription ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={noteOpener}
        onCloseAutoFocus={returnFocus}
        className={cn(
          // Centred by the fixed inset and auto margins rather than a transform from the left edge, so the panel
          // sits in the middle of the visible screen and within it on a phone, whatever width the page behind has.
          'fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-xl border border-border bg-background p-5 shadow-xl outline-none sm:p-6',
          size === 'lg' ? 'max-w-lg' : 'max-w-md',
        )}
      >
        <Dialog.Title className="pr-10 font-serif text-xl font-semibold">{title}</Dialog.Title>
        {children}
        <Dialog.Close
          aria-label={closeLabel}
          disabled={closeDisabled}
          className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/** The footer of a form dialog: Cancel closes it, the submit button shows its pending label while saving. */
export function DialogFormActions({
  isPending,
  submitLabel,
  pendingLabel,
  submitVariant = 'default',
  className,
}: {
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  submitVariant?: ButtonProps['variant'];
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Dialog.Close asChild>
        <Button type="button" variant="outline" disabled={isPending}>
          Cancel
        </Button>
      </Dialog.Close>
      <Button type="submit" variant={submitVariant} disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
