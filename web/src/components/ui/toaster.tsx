import { useSyncExternalStore } from 'react';
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
 * Renders the one current toast (docs/product/errors.md#toasts: 5000 ms, swipe right past 50 px to dismiss, F8 focuses
 * the notification area). Mount once, near the root of the app.
 */
export function Toaster() {
  const item = useCurrentToast();
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
        className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
