/**
 * A labelled form control with its hint and error wired for assistive technology: the control gets
 * aria-invalid and aria-describedby pointing at the hint and the error text.
 */
import type { ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';

export interface FieldA11yProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export function fieldA11y(id: string, error?: string, hint?: ReactNode): FieldA11yProps {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-destructive">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

export interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Extra content on the label's row (e.g. a 'Forgot password?' link). */
  labelAside?: ReactNode;
  children: (a11y: FieldA11yProps) => ReactNode;
}

export function FormField({ id, label, error, hint, className, labelAside, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {labelAside}
      </div>
      {children(fieldA11y(id, error, hint))}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}
