import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/** A section's eyebrow, h2 and lead text; `id` is the heading's id for aria-labelledby. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
  action,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
  action?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'mb-8 flex flex-col gap-4 md:mb-10',
        align === 'center' ? 'items-center text-center' : 'md:flex-row md:items-end md:justify-between',
      )}
    >
      <div className={cn('flex max-w-2xl flex-col gap-2', align === 'center' && 'items-center')}>
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">{eyebrow}</p>}
        <h2 id={id} className="font-serif text-3xl font-bold tracking-tight md:text-4xl">
          {title}
        </h2>
        {children && <p className="text-base text-muted-foreground md:text-lg">{children}</p>}
      </div>
      {action}
    </div>
  );
}

export function Section({
  labelledBy,
  id,
  className,
  children,
  isFocusTarget = false,
}: {
  labelledBy: string;
  id?: string;
  /** Lets in-page links move keyboard focus here (tabIndex -1, no outline on focus). */
  isFocusTarget?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      tabIndex={isFocusTarget ? -1 : undefined}
      className={cn('scroll-mt-20 py-16 outline-none md:py-24', className)}
    >
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}
