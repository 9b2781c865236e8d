/**
 * The year's calendar: one square per day for the last 53 weeks (Monday at the top), shaded by reading time. The grid
 * is a picture (hidden from screen readers); they get the summary line, and the reading-time table has the numbers.
 */
import { addDays, weekStart } from '@shared/reading-stats';
import type { TDayFigures } from '@shared/reading-stats.schemas';
import { cn } from '@web/lib/cn';
import { formatDay, formatReadingTime } from './format';

const WEEKS = 53;
/** Minutes at which a day reaches each shade. */
const SHADES = [
  { minutes: 60, className: 'bg-primary' },
  { minutes: 30, className: 'bg-primary/70' },
  { minutes: 10, className: 'bg-primary/45' },
  { minutes: 0.01, className: 'bg-primary/25' },
];

export function YearHeatmap({ days, today }: { days: TDayFigures[]; today: string }) {
  const byDay = new Map(days.map((day) => [day.day, day]));
  const first = addDays(weekStart(today), -(WEEKS - 1) * 7);
  const columns = Array.from({ length: WEEKS }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => addDays(first, week * 7 + weekday)),
  );
  const readDays = days.filter((day) => day.pages > 0);
  const total = readDays.reduce((sum, day) => sum + day.readingMs, 0);
  return (
    <div>
      <p className="text-sm text-muted-foreground">
        {readDays.length === 0
          ? 'No reading in the last year yet: read a few pages and today lights up.'
          : `${readDays.length} days with reading in the last year, ${formatReadingTime(total)} in all.`}
      </p>
      <div className="mt-3 overflow-x-auto pb-1" aria-hidden="true">
        <div className="flex gap-[3px]">
          {columns.map((column) => (
            <div key={column[0]} className="flex flex-col gap-[3px]">
              {column.map((day) => {
                const figures = byDay.get(day);
                const minutes = (figures?.readingMs ?? 0) / 60_000;
                const shade = SHADES.find((candidate) => minutes >= candidate.minutes);
                return (
                  <span
                    key={day}
                    title={
                      day > today
                        ? undefined
                        : `${formatDay(day)}: ${formatReadingTime(figures?.readingMs ?? 0)}, ${figures?.pages ?? 0} pages`
                    }
                    className={cn(
                      'size-[10px] rounded-[2px]',
                      day > today ? 'bg-transparent' : (shade?.className ?? 'bg-muted'),
                    )}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
