/** One challenge in the list: status, title, what counts and the target, dates, participants and spots left. */
import { Link } from 'react-router-dom';
import { CalendarDays, Star, Users } from 'lucide-react';
import { CHALLENGE_TYPE_LABELS, formatAmount, type TChallengeSummary } from '@shared/challenges';
import { Badge } from '@web/components/ui/badge';
import { formatChallengeDates } from '../dates';

const STATUS_TEXT = { upcoming: 'Upcoming', running: 'Running', ended: 'Ended' } as const;

export function StatusBadge({ status }: { status: TChallengeSummary['status'] }) {
  return (
    <Badge variant={status === 'running' ? 'default' : status === 'upcoming' ? 'accent' : 'outline'}>
      {STATUS_TEXT[status]}
    </Badge>
  );
}

export function participantsText(challenge: Pick<TChallengeSummary, 'participants' | 'spotsLeft'>): string {
  const joined = `${challenge.participants} ${challenge.participants === 1 ? 'reader' : 'readers'}`;
  if (challenge.spotsLeft === null) return joined;
  return `${joined} · ${challenge.spotsLeft === 0 ? 'full' : `${challenge.spotsLeft} ${challenge.spotsLeft === 1 ? 'spot' : 'spots'} left`}`;
}

export function ChallengeCard({ challenge }: { challenge: TChallengeSummary }) {
  return (
    <article className="flex w-full flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={challenge.status} />
        {challenge.isFeatured && (
          <Badge variant="premium" className="gap-1">
            <Star className="size-3" aria-hidden="true" />
            Featured
          </Badge>
        )}
        {challenge.joined && <Badge variant="secondary">Joined</Badge>}
        <span className="ml-auto text-xs capitalize text-muted-foreground">{challenge.difficulty}</span>
      </div>
      <h2 className="font-serif text-lg font-semibold leading-snug">
        <Link to={`/challenges/${challenge.id}`} className="hover:underline">
          {challenge.title}
        </Link>
      </h2>
      <p className="line-clamp-3 text-sm text-muted-foreground">{challenge.description}</p>
      <p className="text-sm font-medium">
        {CHALLENGE_TYPE_LABELS[challenge.type]}: {formatAmount(challenge.type, challenge.targetValue)}
      </p>
      <div className="mt-auto flex flex-col gap-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <CalendarDays className="size-4" aria-hidden="true" />
          {formatChallengeDates(challenge.startDate, challenge.endDate)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Users className="size-4" aria-hidden="true" />
          {participantsText(challenge)}
        </span>
      </div>
      {challenge.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {challenge.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-muted px-2 py-0.5 text-xs">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
