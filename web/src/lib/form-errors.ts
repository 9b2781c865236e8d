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
