import { Star } from 'lucide-react';
import { cn } from '@web/lib/cn';

const STAR_COUNT = 5;
/** 1 to 5: a star's number is its identity, and its fill is how much of the rating passes its start. */
const STAR_NUMBERS = Array.from({ length: STAR_COUNT }, (_, index) => index + 1);

export function formatRating(rating: number): string {
  // Ratings are stored with two decimals; one is enough to read and keeps '4.5' rather than '4.50'.
  return String(Math.round(rating * 10) / 10);
}

export interface RatingStarsProps {
  rating: number;
  /** Shows '(1,234)' after the stars when given. */
  totalRatings?: number;
  size?: 'sm' | 'md';
  showValue?: boolean;
  className?: string;
}

/** A rating out of 5 as five stars with partial fill; screen readers hear 'Rated 4.5 out of 5'. */
export function RatingStars({ rating, totalRatings, size = 'sm', showValue = false, className }: RatingStarsProps) {
  const clamped = Math.max(0, Math.min(STAR_COUNT, Number.isFinite(rating) ? rating : 0));
  const label = `Rated ${formatRating(clamped)} out of 5`;
  const iconSize = size === 'sm' ? 'size-4' : 'size-5';

  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <span role="img" aria-label={label} className="flex items-center gap-0.5">
        {STAR_NUMBERS.map((star) => {
          const fill = Math.max(0, Math.min(1, clamped - (star - 1)));
          return (
            <span key={star} className={cn('relative inline-block', iconSize)} aria-hidden="true">
              <Star className={cn('absolute inset-0 text-star/30', iconSize)} strokeWidth={1.5} />
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn('fill-star text-star', iconSize)} strokeWidth={1.5} />
              </span>
            </span>
          );
        })}
      </span>
      {showValue && (
        <span className="text-sm font-medium text-foreground" aria-hidden="true">
          {formatRating(clamped)}
        </span>
      )}
      {totalRatings !== undefined && (
        <span className="text-sm text-muted-foreground">
          ({new Intl.NumberFormat('en-GB').format(totalRatings)}
          <span className="sr-only"> ratings</span>)
        </span>
      )}
    </div>
  );
}
