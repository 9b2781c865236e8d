/**
 * /challenges/:id: a challenge's page (docs/product/reviews-and-challenges.md#reading-challenges): description, rules,
 * what counts, tags, prize, dates, target, participants and spots left; the reader's own progress with join, leave and
 * the leaderboard opt-out; the leaderboard, the activity feed and the comments. The creator and moderators edit and
 * close it; admins feature it. The API decides every one of these; the page only offers what it allows.
 */
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, SearchX, CheckCircle2, Gift, Pencil, Star, Target, Users } from 'lucide-react';
import { CHALLENGE_TYPE_LABELS, formatAmount, type TChallengeDetail } from '@shared/challenges';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { ErrorPanel } from '@web/components/error-panel';
import { useCurrentUser } from '@web/features/auth/queries';
import { describeError, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { StatePanel } from '@web/components/state-panel';
import { StatusBadge, participantsText } from './components/challenge-card';
import { ChallengeFormDialog } from './components/challenge-form';
import { ActivityFeed, Leaderboard } from './components/leaderboard';
import { CommentsSection } from './components/comments';
import { formatChallengeDates } from './dates';
import {
  challengeQueryOptions,
  closeChallenge,
  featureChallenge,
  joinChallenge,
  leaveChallenge,
  refreshChallenges,
  setLeaderboardChoice,
} from './queries';

export default function ChallengePage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const challenge = useQuery(challengeQueryOptions(id, user?.id ?? null));
  useDocumentTitle(challenge.data?.title ?? 'Reading challenge');

  const isNotFound = challenge.isError && isApiError(challenge.error) && [400, 404].includes(challenge.error.status);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 pb-16 pt-6 sm:px-6 md:pt-10">
      <Link
        to="/challenges"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All challenges
      </Link>
      {challenge.isPending ? (
        <div role="status">
          <span className="sr-only">Loading the challenge...</span>
          <Skeleton className="h-64 w-full" aria-hidden="true" />
        </div>
      ) : isNotFound ? (
        <>
          <h1 className="sr-only">Challenge not found</h1>
          <StatePanel
            icon={<SearchX />}
            title="Challenge not found"
            action={
              <Button asChild>
                <Link to="/challenges">See all challenges</Link>
              </Button>
            }
          >
            We couldn't find that challenge. Its link may be wrong.
          </StatePanel>
        </>
      ) : challenge.isError ? (
        <ErrorPanel
          title="We couldn't load this challenge."
          error={challenge.error}
          onRetry={() => void challenge.refetch()}
          isRetrying={challenge.isFetching}
        />
      ) : (
        <ChallengeView challenge={challenge.data} isSignedIn={user !== null} />
      )}
    </div>
  );
}

function ChallengeView({ challenge, isSignedIn }: { challenge: TChallengeDetail; isSignedIn: boolean }) {
  const queryClient = useQueryClient();
  const refresh = () => refreshChallenges(queryClient);
  const onError = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: describeError(error) || 'Something went wrong.' });
  const join = useMutation({
    mutationFn: () => joinChallenge(challenge.id),
    onSuccess: () => toast({ title: 'You joined the challenge', description: 'Your reading counts from now on.' }),
    onError: onError("Couldn't join"),
    onSettled: refresh,
  });
  const feature = useMutation({
    mutationFn: () => featureChallenge(challenge.id, !challenge.isFeatured),
    onError: onError("Couldn't change the feature"),
    onSettled: refresh,
  });

  return (
    <>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={challenge.status} />
          {challenge.isFeatured && (
            <Badge variant="premium" className="gap-1">
              <Star className="size-3" aria-hidden="true" />
              Featured
            </Badge>
          )}
          <Badge variant="outline" className="capitalize">
            {challenge.difficulty}
          </Badge>
          <Badge variant="outline" className="capitalize">
            {challenge.duration}
          </Badge>
        </div>
        <h1 className="font-serif text-3xl font-bold">{challenge.title}</h1>
        <p className="text-sm text-muted-foreground">Created by {challenge.createdBy}</p>
        <p className="whitespace-pre-line leading-relaxed">{challenge.description}</p>
        {(challenge.canManage || challenge.canFeature) && (
          <div className="flex flex-wrap gap-2">
            {challenge.canManage && !challenge.isClosed && (
              <ChallengeFormDialog
                challenge={challenge}
                trigger={
                  <Button variant="outline" size="sm">
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                }
              />
            )}
            {challenge.canManage && !challenge.isClosed && (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" size="sm">
                    Close challenge
                  </Button>
                }
                title="Close this challenge?"
                confirmLabel="Close challenge"
                pendingLabel="Closing..."
                confirmVariant="destructive"
                onConfirm={async () => {
                  try {
                    await closeChallenge(challenge.id);
                    toast({ title: 'Challenge closed' });
                  } catch (error) {
                    onError("Couldn't close the challenge")(error);
                  } finally {
                    await refresh();
                  }
                }}
              >
                It ends now: nobody can join any more and progress stops counting.
              </ConfirmDialog>
            )}
            {challenge.canFeature && (
              <Button variant="outline" size="sm" disabled={feature.isPending} onClick={() => feature.mutate()}>
                <Star aria-hidden="true" />
                {challenge.isFeatured ? 'Stop featuring' : 'Feature'}
              </Button>
            )}
          </div>
        )}
      </header>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="facts-heading" className="flex flex-col gap-4">
          <h2 id="facts-heading" className="sr-only">
            About this challenge
          </h2>
          <dl className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2">
            <Fact icon={<Target />} term="Target">
              {formatAmount(challenge.type, challenge.targetValue)} (
              {CHALLENGE_TYPE_LABELS[challenge.type].toLowerCase()})
            </Fact>
            <Fact icon={<CalendarDays />} term="Dates">
              {formatChallengeDates(challenge.startDate, challenge.endDate)}
            </Fact>
            <Fact icon={<Users />} term="Participants">
              {participantsText(challenge)}
            </Fact>
            {challenge.prize && (
              <Fact icon={<Gift />} term="Prize">
                {challenge.prize}
              </Fact>
            )}
          </dl>
          <div className="rounded-xl border border-border bg-muted/40 p-4">
            <h3 className="font-semibold">What counts</h3>
            <p className="mt-1 text-sm">{challenge.countingRule}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Reading inside the dates counts even before you join; offline reading counts once it syncs.
            </p>
          </div>
          {challenge.rules.length > 0 && (
            <div>
              <h3 className="font-semibold">Rules</h3>
              <ul className="mt-1 list-disc pl-5 text-sm">
                {challenge.rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
            </div>
          )}
          {challenge.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {challenge.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section
          aria-labelledby="progress-heading"
          className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4"
        >
          <h2 id="progress-heading" className="font-serif text-xl font-semibold">
            Your progress
          </h2>
          {!isSignedIn ? (
            <>
              <p className="text-sm text-muted-foreground">Joining needs an account.</p>
              <Button asChild>
                <Link to={`/auth/login?redirect=${encodeURIComponent(`/challenges/${challenge.id}`)}`}>
                  Sign in to join
                </Link>
              </Button>
            </>
          ) : challenge.me ? (
            <OwnProgress challenge={challenge} me={challenge.me} />
          ) : challenge.status === 'ended' ? (
            <p className="text-sm text-muted-foreground">This challenge has ended.</p>
          ) : challenge.spotsLeft === 0 ? (
            <p className="text-sm text-muted-foreground">This challenge is full.</p>
          ) : (
            <Button disabled={join.isPending} onClick={() => join.mutate()}>
              {join.isPending ? 'Joining...' : 'Join challenge'}
            </Button>
          )}
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Leaderboard challengeId={challenge.id} />
        <ActivityFeed challengeId={challenge.id} />
      </div>
      <CommentsSection challengeId={challenge.id} isSignedIn={isSignedIn} />
    </>
  );
}

function Fact({ icon, term, children }: { icon: React.ReactNode; term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs uppercase tracking-wide text-muted-foreground [&_svg]:size-4">
        <span aria-hidden="true">{icon}</span>
        {term}
      </dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function OwnProgress({ challenge, me }: { challenge: TChallengeDetail; me: NonNullable<TChallengeDetail['me']> }) {
  const queryClient = useQueryClient();
  const refresh = () => refreshChallenges(queryClient);
  const leave = useMutation({
    mutationFn: () => leaveChallenge(challenge.id),
    onSuccess: () => toast({ title: 'You left the challenge' }),
    onError: (error) => toast({ variant: 'destructive', title: "Couldn't leave", description: describeError(error) }),
    onSettled: refresh,
  });
  const hide = useMutation({
    mutationFn: (hidden: boolean) => setLeaderboardChoice(challenge.id, hidden),
    onError: (error) =>
      toast({ variant: 'destructive', title: "Couldn't change that", description: describeError(error) }),
    onSettled: refresh,
  });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-2xl font-bold" data-testid="own-progress">
        {me.progress.toLocaleString('en-GB')} / {formatAmount(challenge.type, challenge.targetValue)}
      </p>
      <div
        role="progressbar"
        aria-label="Your progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={me.percent}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${me.percent}%` }} />
      </div>
      {me.isCompleted ? (
        <p className="inline-flex items-center gap-1.5 font-semibold text-primary">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          Completed{me.completedAt ? ` on ${new Date(me.completedAt).toLocaleDateString('en-GB')}` : ''}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{me.percent}% of the target</p>
      )}
      {me.rank !== null && (
        <p className="text-sm">
          Rank {me.rank} of {challenge.participants}
        </p>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={me.hideFromLeaderboard}
          disabled={hide.isPending}
          onChange={(event) => hide.mutate(event.target.checked)}
        />
        Hide my name on the leaderboard (others see "A reader")
      </label>
      {challenge.status !== 'ended' && (
        <Button variant="outline" size="sm" disabled={leave.isPending} onClick={() => leave.mutate()}>
          Leave challenge
        </Button>
      )}
    </div>
  );
}
