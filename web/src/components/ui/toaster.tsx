import { useLayoutEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@shared/limits';
import { cn } from '@web/lib/cn';
import { dismissToast, getCurrentToast, subscribeToToasts, toast, type ToastItem } from '@web/lib/toast';

export function useCurrentToast(): ToastItem | null {
  return useSyncExternalStore(subscribeToToasts, getCurrentToast, getCurrentToast);
}

/** For code written against the shadcn-style hook: the same module-level API. */
export function useToast() {
  return { toast, dismiss: dismissToast };
}

/**
 * Where the toast goes so that it never covers a control (docs/product/errors.md#toast-placement): above a toolbar
 * along the bottom of the screen (the reader's controls on a phone), centred at the bottom of the reader otherwise;
 * elsewhere under the sticky header on phones and bottom right, above the scroll-to-top button, on wider screens.
 */
export type TToastPlacement = { kind: 'shell' } | { kind: 'above-bottom-controls'; offsetPx: number };

/** Pixels of the screen's bottom edge taken by toolbars fixed there (0 when none). */
export function bottomControlsHeight(root: ParentNode = document): number {
  const viewportHeight = window.innerHeight;
  let height = 0;
  for (const toolbar of root.querySelectorAll('[role="toolbar"]')) {
    const rect = toolbar.getBoundingClientRect();
    const touchesBottom = rect.height > 0 && rect.bottom >= viewportHeight - 2 && rect.top > viewportHeight / 2;
    if (touchesBottom) height = Math.max(height, viewportHeight - rect.top);
  }
  return Math.ceil(height);
}

export function currentToastPlacement(root: ParentNode = document): TToastPlacement {
  const offsetPx = bottomControlsHeight(root);
  if (offsetPx > 0 || root.querySelector('.reader-root')) return { kind: 'above-bottom-controls', offsetPx };
  return { kind: 'shell' };
}

const SHELL_VIEWPORT_CLASS = 'top-16 right-0 sm:top-auto sm:bottom-16 sm:max-w-[420px]';
const ABOVE_CONTROLS_VIEWPORT_CLASS = 'left-1/2 -translate-x-1/2 sm:max-w-[420px]';

/**
 * Renders the one current toast (docs/product/errors.md#toasts: 5000 ms, 3000 ms for an info toast, swipe right past
 * 50 px to dismiss, F8 focuses the notification area), placed by currentToastPlacement. Mount once, near the root of
 * the app.
 */
export function Toaster() {
  const item = useCurrentToast();
  const [placement, setPlacement] = useState<TToastPlacement>({ kind: 'shell' });
  const itemId = item?.id;
  // Measured when a toast appears: the screen under it decides where it can sit without covering a control.
  useLayoutEffect(() => {
    if (itemId !== undefined) setPlacement(currentToastPlacement());
  }, [itemId]);
  const viewportStyle: CSSProperties | undefined =
    placement.kind === 'above-bottom-controls' ? { bottom: placement.offsetPx } : undefined;
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {item ? (
        <ToastPrimitive.Root
          // A new id remounts the toast, so a replacement restarts its timer and is announced again.
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          duration={item.duration}
          data-variant={item.variant}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'transition-[opacity,translate] duration-200 ease-out starting:translate-y-2 starting:opacity-0',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid flex-1 gap-1">
            {item.title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            ) : null}
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          {item.action ? (
            <ToastPrimitive.Action
              altText={item.action.altText}
              onClick={item.action.onClick}
              className={cn(
                'inline-flex h-9 shrink-0 items-center rounded-md border px-3 text-sm font-medium',
                item.variant === 'destructive'
                  ? 'border-destructive-foreground/40 hover:bg-destructive-foreground/10'
                  : 'border-border hover:bg-muted',
              )}
            >
              {item.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 inline-flex size-8 items-center justify-center rounded-md opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        data-placement={placement.kind}
        style={viewportStyle}
        className={cn(
          'pointer-events-none fixed z-[100] m-0 flex w-full max-w-full list-none flex-col gap-2 p-3 outline-none sm:p-4',
          placement.kind === 'shell' ? SHELL_VIEWPORT_CLASS : ABOVE_CONTROLS_VIEWPORT_CLASS,
        )}
      />
    </ToastPrimitive.Provider>
  );
}
