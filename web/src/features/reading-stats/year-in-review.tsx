/**
 * Premium's year in review on the dashboard (docs/product/reading-stats.md#premium-analytics): books finished, time,
 * pages, longest streak, days read, favourite categories and busiest month, downloadable as a PNG drawn on a canvas
 * from the same figures (nothing leaves the browser).
 */
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { TYearInReview } from '@shared/reading-stats.schemas';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatCount, formatReadingTime, plural } from './format';
import { yearInReviewQueryOptions } from './queries';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function reviewLines(review: TYearInReview): [string, string][] {
  return [
    ['Books finished', formatCount(review.finishes)],
    ['Time read', formatReadingTime(review.readingMs)],
    ['Listened (read aloud)', formatReadingTime(review.ttsMs)],
    ['Pages read', formatCount(review.pages)],
    ['Days with reading', formatCount(review.daysRead)],
    ['Longest streak', plural(review.longestStreak, 'day', 'days')],
    ['Busiest month', review.busiestMonth ? MONTHS[review.busiestMonth.month - 1]! : '–'],
    ['Favourite categories', review.favouriteCategories.map((category) => category.name).join(', ') || '–'],
  ];
}

function downloadImage(review: TYearInReview) {
  const canvas = document.createElement('canvas');
  canvas.width = 1080;
  canvas.height = 1080;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.fillStyle = '#1e3a5f';
  context.fillRect(0, 0, 1080, 1080);
  context.fillStyle = '#ffffff';
  context.font = 'bold 64px Georgia, serif';
  context.fillText(`My ${review.year} in reading`, 80, 160);
  context.font = '36px system-ui, sans-serif';
  reviewLines(review).forEach(([label, value], index) => {
    const y = 280 + index * 80;
    context.globalAlpha = 0.75;
    context.fillText(label, 80, y);
    context.globalAlpha = 1;
    context.fillText(value.length > 28 ? `${value.slice(0, 27)}…` : value, 560, y);
  });
  context.font = '28px system-ui, sans-serif';
  context.globalAlpha = 0.75;
  context.fillText('Wonderful Books', 80, 1000);
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = `year-in-review-${review.year}.png`;
  link.click();
}

export function YearInReview({ year }: { year: number }) {
  const review = useQuery(yearInReviewQueryOptions(year));
  if (review.isPending) return <Skeleton className="h-40 w-full" />;
  if (review.isError)
    return <p className="text-sm text-muted-foreground">Your year in review is not available right now.</p>;
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {reviewLines(review.data).map(([label, value]) => (
          <div key={label} className="flex flex-col-reverse justify-end">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="font-serif text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {review.data.booksFinished.length > 0 && (
        <p className="mt-3 text-sm text-muted-foreground">
          Finished:{' '}
          {review.data.booksFinished
            .map((book) => (book.times > 1 ? `${book.title} (${book.times} times)` : book.title))
            .join(', ')}
        </p>
      )}
      <Button className="mt-4" variant="outline" size="sm" onClick={() => downloadImage(review.data)}>
        <Download aria-hidden="true" />
        Download as image
      </Button>
    </div>
  );
}
