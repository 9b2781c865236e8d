/** Puts the field errors of a problem+json answer ({ errors: [{ field, message }] }) onto a form. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@web/lib/api';

/**
 * Sets each server field error whose field is one of `fields`; returns how many were set. The first
 * one is focused so keyboard and screen-reader users land on it.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): number {
  if (!isApiError(error) || !Array.isArray(error.problem?.errors)) return 0;
  let count = 0;
  for (const item of error.problem.errors) {
    const field = fields.find((name) => name === item?.field);
    if (!field || typeof item.message !== 'string') continue;
    setError(field, { type: 'server', message: item.message }, { shouldFocus: count === 0 });
    count += 1;
  }
  return count;
}

/**
 * Brings the first field marked invalid into the middle of the screen and focuses it, after React has drawn the error
 * (docs/product/routes-and-screens.md#form-errors): on a phone the error would otherwise sit above the fold while the
 * reader looks at the button, and the form would seem not to react.
 */
export function revealFirstInvalidField(form: HTMLFormElement | null): void {
  if (!form) return;
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    field.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    field.focus({ preventScroll: true });
  });
}
