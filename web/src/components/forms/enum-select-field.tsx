/**
 * A labelled native select over a fixed list of values (an enum from shared/), each shown by its label: one
 * option per value in the list's order. A native select, because on a phone it opens the system picker. Takes
 * react-hook-form's register() result or a controlled value and onChange like any select.
 */
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { FormField } from './form-field';

export type EnumSelectFieldProps<TValue extends string> = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  values: readonly TValue[];
  labels: Readonly<Record<TValue, string>>;
  /** The field's wrapper (label, select, hint, error). */
  className?: string;
  /** 'md' (44 px, forms a reader fills in) or 'sm' (40 px, dense back-office controls). */
  size?: 'md' | 'sm';
} & Omit<ComponentProps<'select'>, 'id' | 'children' | 'className' | 'size'>;

export function EnumSelectField<TValue extends string>({
  id,
  label,
  error,
  hint,
  values,
  labels,
  className,
  size = 'md',
  ...selectProps
}: EnumSelectFieldProps<TValue>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      {(a11y) => (
        <select
          className={cn(
            'w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            size === 'md' ? 'h-11' : 'h-10',
          )}
          {...a11y}
          {...selectProps}
        >
          {values.map((value) => (
            <option key={value} value={value}>
              {labels[value]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
