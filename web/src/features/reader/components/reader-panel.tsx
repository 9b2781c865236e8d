/**
 * A reader side panel on Radix Dialog. On wide screens it docks beside the pages without a backdrop
 * (non-modal: the reader keeps reading, searching or jumping while it is open, and Escape closes it);
 * on small screens it is a modal sheet with focus trapped inside. It renders into the reader's own
 * element so the reader's theme applies to it.
 */
import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@web/lib/cn';

export interface ReaderPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  side: 'left' | 'right' | 'bottom';
  /** Docked beside the pages (wide screens) instead of a modal sheet. */
  docked: boolean;
  container: HTMLElement | null;
  children: ReactNode;
  /** Shown under the title, outside the scrolling body (e.g. a search form). */
  header?: ReactNode;
}

export function ReaderPanel({
  open,
  onOpenChange,
  title,
  description,
  side,
  docked,
  container,
  children,
  header,
}: ReaderPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={!docked}>
      <Dialog.Portal container={container}>
        {!docked && <Dialog.Overlay className="reader-panel-overlay fixed inset-0 z-50 bg-black/40" />}
        <Dialog.Content
          className={cn(
            'reader-panel z-50 flex flex-col bg-background text-foreground shadow-xl outline-none',
            docked
              ? cn(
                  'absolute bottom-0 top-14 w-80 border-border',
                  side === 'right' ? 'right-0 border-l' : 'left-0 border-r',
                )
              : side === 'bottom'
                ? 'fixed inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl border-t border-border pb-[env(safe-area-inset-bottom)]'
                : cn(
                    'fixed inset-y-0 w-[88vw] max-w-sm border-border',
                    side === 'right' ? 'right-0 border-l' : 'left-0 border-r',
                  ),
          )}
          onInteractOutside={docked ? (event) => event.preventDefault() : undefined}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-center justify-between gap-2 border-b border-border py-2 pl-4 pr-2">
            <Dialog.Title className="font-serif text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={`Close ${title.toLowerCase()}`}
              className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="sr-only">{description}</Dialog.Description>}
          {header}
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
