/**
 * /challenges: the public list of reading challenges (docs/product/reviews-and-challenges.md#list) with filters kept in
 * the URL, and "Create a challenge" for signed-in readers. Visitors see everything; joining needs an account.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Trophy } from 'lucide-react';
import {
  CHALLENGE_DIFFICULTIES,
  CHALLENGE_DURATIONS,
  CHALLENGE_STATUSES,
  CHALLENGE_TYPE_LABELS,
  CHALLENGE_TYPES,
} from '@shared/challenges';
import type { TChallengeListQuery } from '@shared/challenges.schemas';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { ErrorPanel } from '@web/components/error-panel';
import { StatePanel } from '@web/components/state-panel';
import { useCurrentUser } from '@web/features/auth/queries';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ChallengeCard } from './components/challenge-card';
import { ChallengeFormDialog } from './components/challenge-form';
import { challengesQueryOptions } from './queries';

const FILTERS = [
  { name: 'status', label: 'Status', values: CHALLENGE_STATUSES, text: (value: string) => capitalise(value) },
  {
    name: 'type',
    label: 'What counts',
    values: CHALLENGE_TYPES,
    text: (value: string) => CHALLENGE_TYPE_LABELS[value as keyof typeof CHALLENGE_TYPE_LABELS],
  },
  { name: 'duration', label: 'Duration', values: CHALLENGE_DURATIONS, text: (value: string) => capitalise(value) },
  {
    name: 'difficulty',
    label: 'Difficulty',
    values: CHALLENGE_DIFFICULTIES,
    text: (value: string) => capitalise(value),
  },
] as const;

function capitalise(value: string) {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function pick<T extends readonly string[]>(values: T, value: string | null): T[number] | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined;
}

export default function ChallengesPage() {
  useDocumentTitle('Reading challenges');
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: TChallengeListQuery = {
    status: pick(CHALLENGE_STATUSES, params.get('status')),
    type: pick(CHALLENGE_TYPES, params.get('type')),
    duration: pick(CHALLENGE_DURATIONS, params.get('duration')),
    difficulty: pick(CHALLENGE_DIFFICULTIES, params.get('difficulty')),
    search: params.get('search') ?? undefined,
    page,
  };
  const list = useQuery({ ...challengesQueryOptions(query, user?.id ?? null), placeholderData: keepPreviousData });

  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next, { replace: true });
  };
  const setPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (next > 1) nextParams.set('page', String(next));
    else nextParams.delete('page');
    setParams(nextParams);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pb-16 pt-6 sm:px-6 md:pt-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="font-serif text-3xl font-bold">Reading challenges</h1>
          <p className="text-muted-foreground">
            Read together: progress counts itself from your reading, by the rules on each challenge.
          </p>
        </div>
        {user ? (
          <ChallengeFormDialog
            challenge={null}
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                Create a challenge
              </Button>
            }
          />
        ) : (
          <Button asChild variant="outline">
            <Link to="/auth/login?redirect=%2Fchallenges">Sign in to join or create</Link>
          </Button>
        )}
      </div>

      <fieldset className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <legend className="sr-only">Filter challenges</legend>
        <div className="col-span-2 md:col-span-1">
          <label htmlFor="challenge-search" className="text-sm font-medium">
            Search
          </label>
          <Input
            id="challenge-search"
            type="search"
            placeholder="Title, description or tag"
            defaultValue={query.search ?? ''}
            onChange={(event) => setFilter('search', event.target.value.trim())}
          />
        </div>
        {FILTERS.map((filter) => (
          <div key={filter.name}>
            <label htmlFor={`challenge-filter-${filter.name}`} className="text-sm font-medium">
              {filter.label}
            </label>
            <select
              id={`challenge-filter-${filter.name}`}
              className="h-10 w-full rounded-md border border-input bg-background px-2 text-sm"
              value={params.get(filter.name) ?? ''}
              onChange={(event) => setFilter(filter.name, event.target.value)}
            >
              <option value="">Any</option>
              {filter.values.map((value) => (
                <option key={value} value={value}>
                  {filter.text(value)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>

      {list.isPending ? (
        <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading challenges...</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-56 w-full" aria-hidden="true" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorPanel
          title="We couldn't load the challenges."
          error={list.error}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      ) : list.data.items.length === 0 ? (
        <StatePanel icon={<Trophy />} title="No challenges match">
          Try other filters{user ? ', or create the challenge you are looking for.' : '.'}
        </StatePanel>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'challenge' : 'challenges'}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.items.map((challenge) => (
              <li key={challenge.id} className="flex">
                <ChallengeCard challenge={challenge} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-center gap-3">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm">
                Page {page} of {pages}
              </span>
              <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
