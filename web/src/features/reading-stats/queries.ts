/**
 * Reading statistics and preferences (docs/product/reading-stats.md#api): GET /api/reading-stats under
 * ['reading-stats', 'dashboard', zone], the year in review and the reader's preferences. Every key sits under
 * ['reading-stats'], which the sync engine refreshes after each flush, so figures follow new reading without a reload.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TReadingDashboard,
  TReadingPreferences,
  TReadingPreferencesInput,
  TYearInReview,
} from '@shared/reading-stats.schemas';
import { api, readJson, withSignal } from '@web/lib/api';

export const readingStatsKeys = {
  all: ['reading-stats'] as const,
  dashboard: (timeZone: string | undefined) => [...readingStatsKeys.all, 'dashboard', timeZone ?? ''] as const,
  year: (year: number) => [...readingStatsKeys.all, 'year', year] as const,
  preferences: () => [...readingStatsKeys.all, 'preferences'] as const,
};

/** The browser's zone, sent so days are local when the profile chooses none. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function readingDashboardQueryOptions(timeZone = browserTimeZone()) {
  return queryOptions({
    queryKey: readingStatsKeys.dashboard(timeZone),
    queryFn: ({ signal }) =>
      readJson<TReadingDashboard>(
        api['reading-stats'].$get({ query: timeZone ? { timeZone } : {} }, withSignal(signal)),
      ),
    staleTime: 30_000,
  });
}

export function yearInReviewQueryOptions(year: number, timeZone = browserTimeZone()) {
  return queryOptions({
    queryKey: readingStatsKeys.year(year),
    queryFn: ({ signal }) =>
      readJson<TYearInReview>(
        api['reading-stats'].year[':year'].$get(
          { param: { year: String(year) }, query: timeZone ? { timeZone } : {} },
          withSignal(signal),
        ),
      ),
    staleTime: 60_000,
    retry: false,
  });
}

export const readingPreferencesQueryOptions = queryOptions({
  queryKey: readingStatsKeys.preferences(),
  queryFn: ({ signal }) =>
    readJson<TReadingPreferences>(api['reading-preferences'].$get(undefined, withSignal(signal))),
});

export function useSaveReadingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TReadingPreferencesInput) =>
      readJson<TReadingPreferences>(api['reading-preferences'].$put({ json: input })),
    onSuccess: (saved) => {
      queryClient.setQueryData(readingStatsKeys.preferences(), saved);
      // Goals, zone and start of day change the figures.
      void queryClient.invalidateQueries({ queryKey: [...readingStatsKeys.all, 'dashboard'] });
    },
  });
}
