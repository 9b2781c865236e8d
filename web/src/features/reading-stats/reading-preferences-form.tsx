/**
 * Reading preferences on /profile (docs/product/reading-stats.md#reading-preferences): goals, the reader's days (time
 * zone and start of day), favourite genres and authors, preferred length and the reading e-mails. PUT
 * /api/reading-preferences; the server checks every field with the same messages.
 */
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { READING_STATS_MESSAGES, type TReadingPreferences } from '@shared/reading-stats.schemas';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { ErrorPanel } from '@web/components/error-panel';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { browserTimeZone, readingPreferencesQueryOptions, useSaveReadingPreferences } from './queries';

const ZForm = z.object({
  readingGoalsPerMonth: z.coerce
    .number({ message: READING_STATS_MESSAGES.monthlyGoal })
    .int(READING_STATS_MESSAGES.monthlyGoal)
    .min(0, READING_STATS_MESSAGES.monthlyGoal)
    .max(100, READING_STATS_MESSAGES.monthlyGoal),
  dailyGoalKind: z.enum(['none', 'pages', 'minutes']),
  dailyGoal: z.string(),
  timeZone: z.string(),
  dayStart: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, READING_STATS_MESSAGES.dayStart),
  preferredBookLength: z.enum(['short', 'medium', 'long']),
  favoriteGenres: z.string().max(2100),
  preferredAuthors: z.string().max(2100),
  weeklyRecommendations: z.boolean(),
  newBookAlerts: z.boolean(),
  personalizedDeals: z.boolean(),
  readingReminders: z.boolean(),
});
type TFormInput = z.input<typeof ZForm>;
type TForm = z.output<typeof ZForm>;

const splitNames = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

function toForm(preferences: TReadingPreferences): TFormInput {
  const kind =
    preferences.dailyPagesGoal !== null ? 'pages' : preferences.dailyMinutesGoal !== null ? 'minutes' : 'none';
  return {
    readingGoalsPerMonth: preferences.readingGoalsPerMonth,
    dailyGoalKind: kind,
    dailyGoal: String(preferences.dailyPagesGoal ?? preferences.dailyMinutesGoal ?? ''),
    timeZone: preferences.timeZone ?? '',
    dayStart: `${String(Math.floor(preferences.dayStartMinutes / 60)).padStart(2, '0')}:${String(preferences.dayStartMinutes % 60).padStart(2, '0')}`,
    preferredBookLength: preferences.preferredBookLength,
    favoriteGenres: preferences.favoriteGenres.join(', '),
    preferredAuthors: preferences.preferredAuthors.join(', '),
    ...preferences.emailPreferences,
  };
}

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

export function ReadingPreferencesForm() {
  const preferences = useQuery(readingPreferencesQueryOptions);
  if (preferences.isPending) return <Skeleton className="h-64 w-full" />;
  if (preferences.isError)
    return (
      <ErrorPanel
        title="We couldn't load your reading preferences."
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
        isRetrying={preferences.isFetching}
      />
    );
  return <PreferencesForm preferences={preferences.data} />;
}

function PreferencesForm({ preferences }: { preferences: TReadingPreferences }) {
  const save = useSaveReadingPreferences();
  const form = useForm<TFormInput, unknown, TForm>({
    resolver: zodResolver(ZForm),
    defaultValues: toForm(preferences),
  });
  const errors = form.formState.errors;
  const kind = form.watch('dailyGoalKind');
  const zones = timeZones();
  const here = browserTimeZone();

  const onSubmit = form.handleSubmit(async (values) => {
    const amount = values.dailyGoal.trim() === '' ? Number.NaN : Number(values.dailyGoal);
    if (values.dailyGoalKind !== 'none' && !Number.isInteger(amount)) {
      form.setError('dailyGoal', {
        message:
          values.dailyGoalKind === 'pages' ? READING_STATS_MESSAGES.dailyPages : READING_STATS_MESSAGES.dailyMinutes,
      });
      return;
    }
    const [hours, minutes] = values.dayStart.split(':').map(Number) as [number, number];
    try {
      const saved = await save.mutateAsync({
        readingGoalsPerMonth: values.readingGoalsPerMonth,
        dailyPagesGoal: values.dailyGoalKind === 'pages' ? amount : null,
        dailyMinutesGoal: values.dailyGoalKind === 'minutes' ? amount : null,
        timeZone: values.timeZone === '' ? null : values.timeZone,
        dayStartMinutes: hours * 60 + minutes,
        preferredBookLength: values.preferredBookLength,
        favoriteGenres: splitNames(values.favoriteGenres),
        preferredAuthors: splitNames(values.preferredAuthors),
        emailPreferences: {
          weeklyRecommendations: values.weeklyRecommendations,
          newBookAlerts: values.newBookAlerts,
          personalizedDeals: values.personalizedDeals,
          readingReminders: values.readingReminders,
        },
      });
      form.reset(toForm(saved));
      toast({ title: 'Reading preferences saved' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: "Couldn't save your reading preferences",
        description: describeError(error) || 'Something went wrong. Please try again.',
      });
    }
  });

  const fieldError = (message: string | undefined, id: string) =>
    message ? (
      <p id={id} className="mt-1 text-sm text-destructive">
        {message}
      </p>
    ) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor="rp-goal" className="text-sm font-medium">
          Books per month
        </label>
        <Input
          id="rp-goal"
          type="number"
          inputMode="numeric"
          aria-invalid={errors.readingGoalsPerMonth ? true : undefined}
          aria-describedby={errors.readingGoalsPerMonth ? 'rp-goal-error' : undefined}
          {...form.register('readingGoalsPerMonth')}
        />
        {fieldError(errors.readingGoalsPerMonth?.message, 'rp-goal-error')}
      </div>
      <div>
        <label htmlFor="rp-daily-kind" className="text-sm font-medium">
          Daily goal
        </label>
        <div className="flex gap-2">
          <select
            id="rp-daily-kind"
            className="h-10 rounded-md border border-input bg-background px-2 text-sm"
            {...form.register('dailyGoalKind')}
          >
            <option value="none">None</option>
            <option value="pages">Pages a day</option>
            <option value="minutes">Minutes a day</option>
          </select>
          {kind !== 'none' && (
            <Input
              aria-label={kind === 'pages' ? 'Pages a day' : 'Minutes a day'}
              type="number"
              inputMode="numeric"
              aria-invalid={errors.dailyGoal ? true : undefined}
              aria-describedby={errors.dailyGoal ? 'rp-daily-error' : undefined}
              {...form.register('dailyGoal')}
            />
          )}
        </div>
        {fieldError(errors.dailyGoal?.message, 'rp-daily-error')}
      </div>
      <div>
        <label htmlFor="rp-zone" className="text-sm font-medium">
          Time zone
        </label>
        <select
          id="rp-zone"
          className="h-10 w-full rounded-md border border-input bg-background px-2 text-sm"
          {...form.register('timeZone')}
        >
          <option value="">This device's ({here ?? 'UTC'})</option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="rp-day-start" className="text-sm font-medium">
          My day starts at
        </label>
        <Input
          id="rp-day-start"
          type="time"
          aria-invalid={errors.dayStart ? true : undefined}
          aria-describedby="rp-day-start-hint"
          {...form.register('dayStart')}
        />
        <p id="rp-day-start-hint" className="mt-1 text-xs text-muted-foreground">
          For example 04:00 keeps late-night reading on the evening's day.
        </p>
        {fieldError(errors.dayStart?.message, 'rp-day-start-error')}
      </div>
      <div>
        <label htmlFor="rp-genres" className="text-sm font-medium">
          Favourite genres
        </label>
        <Input id="rp-genres" placeholder="Philosophy, Poetry" {...form.register('favoriteGenres')} />
      </div>
      <div>
        <label htmlFor="rp-authors" className="text-sm font-medium">
          Favourite authors
        </label>
        <Input id="rp-authors" placeholder="Jane Austen, Marcus Aurelius" {...form.register('preferredAuthors')} />
      </div>
      <div>
        <label htmlFor="rp-length" className="text-sm font-medium">
          Preferred book length
        </label>
        <select
          id="rp-length"
          className="h-10 w-full rounded-md border border-input bg-background px-2 text-sm"
          {...form.register('preferredBookLength')}
        >
          <option value="short">Short</option>
          <option value="medium">Medium</option>
          <option value="long">Long</option>
        </select>
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">Reading e-mails</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(
            [
              ['readingReminders', 'Reading reminders when a streak is about to break'],
              ['weeklyRecommendations', 'Weekly recommendations'],
              ['newBookAlerts', 'New book alerts'],
              ['personalizedDeals', 'Personalised deals'],
            ] as const
          ).map(([name, label]) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" {...form.register(name)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save reading preferences'}
        </Button>
      </div>
    </form>
  );
}
