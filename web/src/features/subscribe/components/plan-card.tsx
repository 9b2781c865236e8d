import { forwardRef, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { TPlan } from '@shared/catalogue';
import { cn } from '@web/lib/cn';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';

export interface PlanCardProps {
  plan: TPlan;
  /** The plan's button (a link or a button), rendered full width at the bottom of the card. */
  action: ReactNode;
  isSelected?: boolean;
  headingLevel?: 2 | 3;
  className?: string;
}

/** One plan: name, price and period, what is included, and its badge (e.g. 'MOST POPULAR') from the record. */
export const PlanCard = forwardRef<HTMLDivElement, PlanCardProps>(function PlanCard(
  { plan, action, isSelected = false, headingLevel = 3, className },
  ref,
) {
  const Heading = `h${headingLevel}` as const;
  const isFeatured = Boolean(plan.badge);
  const headingId = `plan-${plan.tier}-name`;
  return (
    <div ref={ref} className="h-full scroll-mt-24">
      <Card
        role="group"
        aria-labelledby={headingId}
        aria-current={isSelected ? 'true' : undefined}
        className={cn(
          'relative flex h-full flex-col transition-shadow',
          isFeatured && 'border-premium/60 shadow-md',
          isSelected && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
          className,
        )}
      >
        {(plan.badge || isSelected) && (
          <div className="absolute -top-3 left-1/2 flex -translate-x-1/2 gap-2">
            {plan.badge && (
              <Badge variant="premium" className="whitespace-nowrap">
                {plan.badge}
              </Badge>
            )}
            {isSelected && (
              <Badge variant="default" className="whitespace-nowrap">
                Selected
              </Badge>
            )}
          </div>
        )}
        <CardHeader className="pt-8">
          <Heading id={headingId} className="font-serif text-xl font-semibold">
            {plan.name}
          </Heading>
          <p className="flex items-baseline gap-1.5">
            <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
            <span className="text-sm text-muted-foreground">{plan.period}</span>
          </p>
          {plan.description && <CardDescription>{plan.description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex-1">
          <ul className="space-y-2.5 text-sm" aria-label={`${plan.name} includes`}>
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </CardContent>
        <CardFooter className="[&>*]:w-full">{action}</CardFooter>
      </Card>
    </div>
  );
});

export function PlanCardSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6" aria-hidden="true">
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-4/6" />
      <Skeleton className="mt-4 h-10 w-full" />
    </div>
  );
}

/** Three columns on wide screens, one on phones; the featured plan keeps its badge room on top. */
export const PLAN_GRID = 'grid gap-8 pt-3 md:grid-cols-3 md:gap-6';
