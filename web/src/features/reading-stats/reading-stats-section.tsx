/**
 * The dashboard's reading statistics (docs/product/reading-stats.md): this month and this year, streaks, goals with
 * pace, reading time per day and week (chart with the numbers in a table), the year's calendar, the counting rules in
 * words, and Premium's advanced views (a preview with an upgrade link for other plans; the server decides).
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Flame, Lock } from 'lucide-react';
import { addDays, weekStart } from '@shared/reading-stats';
import type { TBookFigures, TGoalProgress, TPeriodFigures, TReadingDashboard } from '@shared/reading-stats.schemas';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { ErrorPanel } from '@web/components/error-panel';
import { DataTable, type TDataTableColumn, type TDataTableQuery } from '@web/components/data-table/data-table';
import { readerPath } from '@web/lib/paths';
import { formatCount, formatDay, formatLongDay, formatReadingTime, minutesOf, plural } from './format';
import { readingDashboardQueryOptions } from './queries';
import { YearHeatmap } from './year-heatmap';
import { YearInReview } from './year-in-review';

const ReadingBarChart = lazy(() => import('./reading-charts'));
const CHART_DAYS = 14;
const CHART_WEEKS = 12;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function ReadingStatsSection() {
  const stats = useQuery(readingDashboardQueryOptions());
  return (
    <section aria-labelledby="reading-stats-title" className="mt-10">
      <h2 id="reading-stats-title" className="font-serif text-2xl font-semibold">
        Reading statistics
      </h2>
      <div className="mt-4">
        {stats.isPending ? (
          <div role="status" className="grid gap-4 md:grid-cols-2">
            <span className="sr-only">Loading your reading statistics...</span>
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : stats.isError ? (
          <ErrorPanel
            title="We couldn't load your reading statistics."
            error={stats.error}
            onRetry={() => void stats.refetch()}
            isRetrying={stats.isFetching}
          />
        ) : (
          <ReadingStatsBody data={stats.data} />
        )}
      </div>
    </section>
  );
}

function Panel({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function ReadingStatsBody({ data }: { data: TReadingDashboard }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <Panel id="stats-month" title="This month">
          <PeriodFigures figures={data.thisMonth} />
        </Panel>
        <Panel id="stats-year" title="This year">
          <PeriodFigures figures={data.thisYear} />
        </Panel>
        <Panel id="stats-streaks" title="Streaks">
          <dl className="grid grid-cols-2 gap-3">
            <Stat
              label="Day streak"
              value={plural(data.streaks.day.current, 'day', 'days')}
              note={`Longest ${plural(data.streaks.day.longest, 'day', 'days')}`}
              icon={data.streaks.day.current > 0 ? <Flame aria-hidden="true" className="size-4 text-primary" /> : null}
            />
            <Stat
              label="Week streak"
              value={plural(data.streaks.week.current, 'week', 'weeks')}
              note={`Longest ${plural(data.streaks.week.longest, 'week', 'weeks')}`}
            />
          </dl>
          <p className="mt-3 text-xs text-muted-foreground">
            A day counts with at least one page read. A week keeps its streak with one missed day.
          </p>
        </Panel>
        <Panel id="stats-goals" title="Goals">
          <div className="flex flex-col gap-4">
            <Goal label="Books this month" unit="books" goal={data.goals.booksThisMonth} />
            {data.goals.pagesThisMonth && (
              <Goal label="Pages this month" unit="pages" goal={data.goals.pagesThisMonth} />
            )}
            {data.goals.minutesThisMonth && (
              <Goal label="Minutes this month" unit="minutes" goal={data.goals.minutesThisMonth} />
            )}
          </div>
        </Panel>
      </div>
      <ReadingTimeChart data={data} />
      <Panel
        id="stats-calendar"
        title={`Your reading year (${plural(data.days.filter((d) => d.pages > 0).length, 'day', 'days')} read)`}
      >
        <YearHeatmap days={data.days} today={data.today} />
      </Panel>
      <AdvancedAnalytics data={data} />
      {data.advanced && (
        <Panel id="stats-year-review" title={`Your ${data.today.slice(0, 4)} in review`}>
          <YearInReview year={Number(data.today.slice(0, 4))} />
        </Panel>
      )}
      <CountingRules data={data} />
    </div>
  );
}

function Stat({ label, value, note, icon }: { label: string; value: string; note?: string; icon?: ReactNode }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-sm text-muted-foreground">
        {label}
        {note && <span className="block text-xs">{note}</span>}
      </dt>
      <dd className="flex items-center gap-1 font-serif text-xl font-semibold tabular-nums">
        {icon}
        {value}
      </dd>
    </div>
  );
}

function PeriodFigures({ figures }: { figures: TPeriodFigures }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <Stat label="Time read" value={formatReadingTime(figures.readingMs)} />
      <Stat label="Listened (read aloud)" value={formatReadingTime(figures.ttsMs)} />
      <Stat label="Pages read" value={formatCount(figures.pages)} />
      <Stat label="Books started" value={formatCount(figures.booksStarted)} />
      <Stat label="Books finished" value={formatCount(figures.booksFinished)} />
    </dl>
  );
}

function Goal({ label, unit, goal }: { label: string; unit: string; goal: TGoalProgress }) {
  const percent = goal.goal > 0 ? Math.min(100, Math.round((goal.done / goal.goal) * 100)) : 100;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">
          {formatCount(goal.done)} of {formatCount(goal.goal)} {unit}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-muted-foreground">
        {goal.done >= goal.goal && goal.goal > 0 ? 'Goal reached' : capitalise(goal.pace)}
        {goal.projectedFinish && goal.done < goal.goal && ` · projected finish ${formatDay(goal.projectedFinish)}`}
      </p>
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function ReadingTimeChart({ data }: { data: TReadingDashboard }) {
  const [view, setView] = useState<'day' | 'week'>('day');
  const points = useMemo(() => {
    const byDay = new Map(data.days.map((day) => [day.day, day]));
    if (view === 'day') {
      return Array.from({ length: CHART_DAYS }, (_, index) => {
        const day = addDays(data.today, index - CHART_DAYS + 1);
        const figures = byDay.get(day);
        return { label: formatDay(day), value: minutesOf(figures?.readingMs ?? 0), pages: figures?.pages ?? 0 };
      });
    }
    const thisWeek = weekStart(data.today);
    return Array.from({ length: CHART_WEEKS }, (_, index) => {
      const start = addDays(thisWeek, (index - CHART_WEEKS + 1) * 7);
      let readingMs = 0;
      let pages = 0;
      for (let offset = 0; offset < 7; offset += 1) {
        const figures = byDay.get(addDays(start, offset));
        readingMs += figures?.readingMs ?? 0;
        pages += figures?.pages ?? 0;
      }
      return { label: `w/c ${formatDay(start)}`, value: minutesOf(readingMs), pages };
    });
  }, [data, view]);
  const caption = view === 'day' ? `Reading time, last ${CHART_DAYS} days` : `Reading time, last ${CHART_WEEKS} weeks`;
  return (
    <Panel id="stats-time" title="Reading time">
      <fieldset className="flex gap-2">
        <legend className="sr-only">Chart period</legend>
        <Button
          size="sm"
          variant={view === 'day' ? 'default' : 'outline'}
          aria-pressed={view === 'day'}
          onClick={() => setView('day')}
        >
          Per day
        </Button>
        <Button
          size="sm"
          variant={view === 'week' ? 'default' : 'outline'}
          aria-pressed={view === 'week'}
          onClick={() => setView('week')}
        >
          Per week
        </Button>
      </fieldset>
      <div className="mt-3">
        <Suspense fallback={<Skeleton className="h-[200px] w-full" />}>
          <ReadingBarChart data={points} unit="min" />
        </Suspense>
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{view === 'day' ? 'Day' : 'Week'}</th>
            <th scope="col">Minutes</th>
            <th scope="col">Pages</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{point.value}</td>
              <td>{point.pages}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

const BOOK_COLUMNS: TDataTableColumn<TBookFigures>[] = [
  {
    accessorKey: 'title',
    header: 'Book',
    enableSorting: false,
    cell: ({ row }) => (
      <Link to={readerPath(row.original.bookId)} className="font-medium hover:underline">
        {row.original.title}
      </Link>
    ),
  },
  // Figures stay on one line; the title takes what width is left.
  {
    id: 'time',
    header: 'Time',
    enableSorting: false,
    cell: ({ row }) => <span className="whitespace-nowrap">{formatReadingTime(row.original.readingMs)}</span>,
  },
  { id: 'pages', header: 'Pages', enableSorting: false, cell: ({ row }) => formatCount(row.original.pages) },
  { id: 'sessions', header: 'Sessions', enableSorting: false, cell: ({ row }) => formatCount(row.original.sessions) },
  {
    id: 'speed',
    header: 'Pages per hour',
    enableSorting: false,
    cell: ({ row }) => (row.original.pagesPerHour === null ? '–' : formatCount(row.original.pagesPerHour)),
  },
  {
    id: 'left',
    header: 'Time left',
    enableSorting: false,
    cell: ({ row }) => (row.original.timeLeftMs === null ? '–' : formatReadingTime(row.original.timeLeftMs)),
  },
];

function AdvancedAnalytics({ data }: { data: TReadingDashboard }) {
  const [query, setQuery] = useState<TDataTableQuery>({ page: 1, pageSize: 10 });
  if (!data.advanced) {
    return (
      <Panel id="stats-advanced" title="Advanced analytics (Premium)">
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <Lock aria-hidden="true" className="size-5 text-muted-foreground" />
          <p className="text-sm text-muted-foreground">
            See when you read by hour and weekday, your speed and time left in each book, and your year in review with
            Premium.
          </p>
          <Button asChild size="sm">
            <Link to="/subscribe">Upgrade to Premium</Link>
          </Button>
        </div>
      </Panel>
    );
  }
  const { byHourMs, byWeekdayMs, books } = data.advanced;
  const start = (query.page - 1) * query.pageSize;
  return (
    <Panel id="stats-advanced" title="Advanced analytics">
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h4 className="text-sm font-medium">By hour of day</h4>
          <Suspense fallback={<Skeleton className="h-[200px] w-full" />}>
            <ReadingBarChart
              data={byHourMs.map((ms, hour) => ({ label: `${hour}:00`, value: minutesOf(ms) }))}
              unit="min"
            />
          </Suspense>
          <table className="sr-only">
            <caption>Minutes read by hour of day, last 365 days</caption>
            <tbody>
              {byHourMs.map((ms, hour) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the index is the hour
                <tr key={hour}>
                  <th scope="row">{hour}:00</th>
                  <td>{minutesOf(ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div>
          <h4 className="text-sm font-medium">By weekday</h4>
          <dl className="mt-2 grid gap-1 text-sm">
            {byWeekdayMs.map((ms, index) => (
              <div key={WEEKDAYS[index]} className="flex justify-between gap-2">
                <dt>{WEEKDAYS[index]}</dt>
                <dd className="tabular-nums">{formatReadingTime(ms)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="mt-4">
        <DataTable
          label="Your books: time, pages, speed and time left"
          columns={BOOK_COLUMNS}
          rows={books.slice(start, start + query.pageSize)}
          total={books.length}
          isLoading={false}
          query={query}
          onQueryChange={(next) => setQuery((current) => ({ ...current, ...next }))}
          getRowId={(row) => row.bookId}
          emptyMessage="No books read yet."
          pageSizes={[10, 25]}
        />
      </div>
    </Panel>
  );
}

function CountingRules({ data }: { data: TReadingDashboard }) {
  const start = `${String(Math.floor(data.dayStartMinutes / 60)).padStart(2, '0')}:${String(data.dayStartMinutes % 60).padStart(2, '0')}`;
  return (
    <details className="rounded-xl border border-border bg-card p-4 text-sm shadow-sm">
      <summary className="cursor-pointer font-medium">How we count</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
        <li>A page counts after you stay on it for about 5 seconds, once per reading session.</li>
        <li>One stay on a page adds at most 5 minutes, so a tab left open does not inflate your time.</li>
        <li>Jumping through the contents counts only the pages you stayed on.</li>
        <li>A book is finished when you reach its last page or mark it finished; a re-read counts again.</li>
        <li>Read-aloud time is shown beside reading time, never added to it.</li>
        <li>
          Days are your local days ({data.timeZone}), starting at {start}. Today is {formatLongDay(data.today)}.
        </li>
        <li>Reading offline counts too: it is added when your device syncs, never twice.</li>
      </ul>
    </details>
  );
}
