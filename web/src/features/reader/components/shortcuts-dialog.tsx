/** The keyboard shortcuts overlay ('?'), listing READER_SHORTCUTS exactly as the keys work. */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { READER_SHORTCUTS, type TReaderAction } from '../keyboard-shortcuts';

export function ShortcutsDialog({
  open,
  onOpenChange,
  container,
  hiddenActions = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  container: HTMLElement | null;
  /** Shortcuts of features this reader does not have (bookmarks in a preview, fullscreen where unsupported). */
  hiddenActions?: readonly TReaderAction[];
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={container}>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-background p-5 text-foreground shadow-xl outline-none">
          <Dialog.Title className="pr-10 font-serif text-xl font-semibold">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            They work whenever you are not typing in a field.
          </Dialog.Description>
          <dl className="mt-4 divide-y divide-border">
            {READER_SHORTCUTS.filter((shortcut) => !hiddenActions.includes(shortcut.action)).map((shortcut) => (
              <div key={shortcut.action} className="flex items-center justify-between gap-4 py-2">
                <dt className="text-sm">{shortcut.description}</dt>
                <dd className="flex shrink-0 gap-1">
                  {shortcut.keys.map((key) => (
                    <kbd key={key} className="rounded border border-border bg-muted px-2 py-0.5 font-mono text-xs">
                      {key}
                    </kbd>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
          <Dialog.Close
            aria-label="Close keyboard shortcuts"
            className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
