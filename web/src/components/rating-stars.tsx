import type { CSSProperties } from 'react';
import { cn } from '@web/lib/cn';

const STAR_COUNT = 5;

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

/**
 * A rating out of 5 as five stars with partial fill; screen readers hear 'Rated 4.5 out of 5'. The stars are one
 * element drawn by CSS (`.rating-stars` in styles.css): whole stars filled, then the share of the next one.
 */
export function RatingStars({ rating, totalRatings, size = 'sm', showValue = false, className }: RatingStarsProps) {
  const clamped = Math.max(0, Math.min(STAR_COUNT, Number.isFinite(rating) ? rating : 0));
  const label = `Rated ${formatRating(clamped)} out of 5`;
  const wholeStars = Math.floor(clamped);
  const fill = { '--rating-whole': wholeStars, '--rating-part': clamped - wholeStars } as CSSProperties;

  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <span
        role="img"
        aria-label={label}
        className={cn('rating-stars', size === 'md' && 'rating-stars-md')}
        style={fill}
      />
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
