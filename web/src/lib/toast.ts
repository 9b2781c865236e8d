/**
 * Notification toasts (docs/product/errors.md#toasts): at most one at a time, a new one replaces the previous.
 * State: the single current toast, kept in this module and read by <Toaster /> through
 * useSyncExternalStore; any code (components, query callbacks, the service-worker glue) writes it by
 * calling toast().
 */
import { TOAST_INFO_DURATION_MS } from '@shared/limits';

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

/**
 * A short confirmation of something the reader just did and can already see ('Book picked', 'Profile updated'):
 * TOAST_INFO_DURATION_MS on screen instead of the SPEC's 5000 ms, which stays for the toasts the SPEC lists and for
 * failures (docs/product/errors.md#toasts).
 */
export function infoToast(options: Omit<ToastOptions, 'variant' | 'duration'>): ToastHandle {
  return toast({ ...options, variant: 'default', duration: TOAST_INFO_DURATION_MS });
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
