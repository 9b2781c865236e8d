import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';

/** One titled card of the profile page, labelled by its heading for landmark navigation. */
export function ProfileSection({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className={cn('p-5 sm:p-6', className)}>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}
