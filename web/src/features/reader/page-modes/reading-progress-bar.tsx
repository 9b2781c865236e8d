/** The progress line under the pages: a bar for the book, the percent, and the time left in the chapter and the book. */
import { formatTimeLeft, type TReadingProgress } from './reading-progress';

export function ReadingProgressBar({ progress }: { progress: TReadingProgress }) {
  const { percent, secondsLeftInChapter, secondsLeftInBook, pagesLeftInChapter } = progress;
  const timeLeft =
    secondsLeftInChapter === null || secondsLeftInBook === null
      ? `${pagesLeftInChapter} ${pagesLeftInChapter === 1 ? 'page' : 'pages'} left in chapter`
      : `${formatTimeLeft(secondsLeftInChapter)} left in chapter · ${formatTimeLeft(secondsLeftInBook)} left in book`;
  return (
    <div
      className="reader-progress border-t border-border bg-background px-3 pb-1 pt-1.5 text-foreground"
      data-testid="reading-progress"
    >
      <div
        role="progressbar"
        aria-label="Progress through the book"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 flex justify-between gap-2 text-xs text-muted-foreground">
        <span data-testid="progress-percent">{percent}%</span>
        <span className="truncate" data-testid="time-left">
          {timeLeft}
        </span>
      </p>
    </div>
  );
}
