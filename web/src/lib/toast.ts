/**
 * Notification toasts (docs/product/errors.md#toasts): at most one at a time, a new one replaces the previous.
 * State: the single current toast, kept in this module and read by <Toaster /> through
 * useSyncExternalStore; any code (components, query callbacks, the service-worker glue) writes it by
 * calling toast().
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  /** What a screen reader user should do instead of pressing the button (Radix Toast requires it). */
  altText: string;
  onClick: () => void;
}

export interface ToastOptions {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Milliseconds on screen; defaults to TOAST_DURATION_MS (5000). Infinity keeps it until closed. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

export interface ToastHandle {
  id: number;
  dismiss: () => void;
}

type Listener = () => void;

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing whatever toast is on screen. */
export function toast(options: ToastOptions): ToastHandle {
  const id = nextId++;
  current = { variant: 'default', ...options, id, open: true };
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the given toast (or the current one); a later toast is not affected. */
export function dismissToast(id?: number): void {
  if (!current?.open || (id !== undefined && current.id !== id)) return;
  current = { ...current, open: false };
  emit();
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getCurrentToast(): ToastItem | null {
  return current;
}

/** For tests: forget the current toast. */
export function resetToasts(): void {
  current = null;
  emit();
}
