import type { THomepageContent } from '@shared/content';
import { Skeleton } from '@web/components/ui/skeleton';

/**
 * The marketing figures (docs/product/decisions.md#6): always from the 'homepage' record, never from code.
 * When the record cannot be read the strip is left out rather than showing invented numbers.
 */
export function StatsStrip({ stats, isLoading }: { stats: THomepageContent['stats'] | undefined; isLoading: boolean }) {
  if (isLoading) {
    return (
      <div className="border-b border-border bg-card" aria-hidden="true">
        <div className="mx-auto grid max-w-5xl grid-cols-3 gap-4 px-4 py-8">
          {Array.from({ length: 3 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without data: a slot's position is all that tells them apart, and they never reorder.
            <div key={index} className="flex flex-col items-center gap-2">
              <Skeleton className="h-8 w-20" />
              <Skeleton className="h-4 w-24" />
            </div>
          ))}
        </div>
      </div>
    );
  }
  if (!stats || stats.length === 0) return null;
  return (
    <section aria-labelledby="stats-title" className="border-b border-border bg-card">
      <h2 id="stats-title" className="sr-only">
        Wonderful Books in numbers
      </h2>
      <dl className="mx-auto grid max-w-5xl grid-cols-3 gap-4 px-4 py-8 sm:px-6">
        {stats.map((stat) => (
          <div key={`${stat.value}-${stat.label}`} className="flex flex-col items-center gap-1 text-center">
            <dt className="order-2 text-xs text-muted-foreground sm:text-sm">{stat.label}</dt>
            <dd className="order-1 font-serif text-2xl font-bold text-primary sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
