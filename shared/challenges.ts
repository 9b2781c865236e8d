/**
 * Reading challenges (docs/product/reviews-and-challenges.md#reading-challenges): the shapes the API answers with, the
 * limits and messages both sides use, and the pure rules: a challenge's status, what counts as progress, milestones and
 * the leaderboard's ranks.
 */
import type { TCountedReading } from './reading-stats';

export const CHALLENGE_TYPES = ['books_count', 'pages_count', 'time_duration'] as const;
export type TChallengeType = (typeof CHALLENGE_TYPES)[number];
export const CHALLENGE_DURATIONS = ['weekly', 'monthly', 'custom'] as const;
export type TChallengeDuration = (typeof CHALLENGE_DURATIONS)[number];
export const CHALLENGE_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type TChallengeDifficulty = (typeof CHALLENGE_DIFFICULTIES)[number];
export const CHALLENGE_STATUSES = ['upcoming', 'running', 'ended'] as const;
export type TChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

export const CHALLENGE_TITLE_MIN = 3;
export const CHALLENGE_TITLE_MAX = 120;
export const CHALLENGE_DESCRIPTION_MIN = 10;
export const CHALLENGE_DESCRIPTION_MAX = 2000;
export const CHALLENGE_TARGET_MAX = 1_000_000;
export const CHALLENGE_PARTICIPANTS_MAX = 100_000;
export const CHALLENGE_LIST_MAX = 10;
export const CHALLENGE_RULE_MAX = 200;
export const CHALLENGE_TAG_MAX = 30;
export const CHALLENGE_PRIZE_MAX = 200;
export const COMMENT_MAX = 1000;
export const CHALLENGES_PAGE_SIZE = 12;
/** Reading synced late from an offline device still counts this long after a challenge's end. */
export const LATE_SYNC_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
/** Progress milestones announced in the activity feed, in percent of the target. */
export const CHALLENGE_MILESTONES = [25, 50, 75] as const;

export const CHALLENGE_MESSAGES = {
  notFound: 'Challenge not found',
  commentNotFound: 'Comment not found',
  full: 'This challenge is full',
  ended: 'This challenge has ended',
  closed: 'This challenge is closed',
  alreadyJoined: 'You have already joined this challenge',
  notJoined: 'You have not joined this challenge',
  notYours: 'Only the creator or a moderator can change this challenge',
  notYourComment: 'You can only change your own comments',
  replyElsewhere: 'Reply to a comment of this challenge',
  ownLike: 'You cannot like your own comment',
  hiddenComment: 'This comment was hidden by a moderator',
} as const;

/** The unit a challenge's target and progress are counted in, for "12 / 20 books". */
export const CHALLENGE_UNITS: Record<TChallengeType, { one: string; many: string }> = {
  books_count: { one: 'book', many: 'books' },
  pages_count: { one: 'page', many: 'pages' },
  time_duration: { one: 'minute', many: 'minutes' },
};

export const CHALLENGE_TYPE_LABELS: Record<TChallengeType, string> = {
  books_count: 'Books finished',
  pages_count: 'Pages read',
  time_duration: 'Time reading',
};

/**
 * What counts for each type (docs/product/reviews-and-challenges.md#progress), shown on the challenge's page: the
 * dashboard's counting rules applied to reading inside the challenge's dates.
 */
export const CHALLENGE_COUNTING_RULES: Record<TChallengeType, string> = {
  books_count:
    'A book counts when you reach its last page or mark it finished between the start and the end; a re-read counts again.',
  pages_count:
    'A page counts after you stay on it at least 5 seconds, once per reading session, between the start and the end.',
  time_duration:
    'Reading time is the time you stay on pages, at most 5 minutes per page, between the start and the end; listening with read aloud does not count.',
};

export function formatAmount(type: TChallengeType, value: number): string {
  const unit = CHALLENGE_UNITS[type];
  return `${value.toLocaleString('en-GB')} ${value === 1 ? unit.one : unit.many}`;
}

/** upcoming before its start, running until its end, ended after it or once closed. */
export function challengeStatus(
  challenge: { startDate: number; endDate: number; closedAt: number | null },
  nowMs: number,
): TChallengeStatus {
  if (challenge.closedAt !== null || nowMs >= challenge.endDate) return 'ended';
  return nowMs < challenge.startDate ? 'upcoming' : 'running';
}

/** The counted reading that is a challenge's progress: finished books, counted pages or whole minutes. */
export function progressFromReading(type: TChallengeType, reading: TCountedReading): number {
  if (type === 'books_count') return reading.booksFinished;
  if (type === 'pages_count') return reading.pages;
  return reading.minutes;
}

/** The highest milestone (percent) reached by `progress` of `target` beyond `previous`, or null. */
export function reachedMilestone(progress: number, target: number, previous: number): number | null {
  const percent = (progress / target) * 100;
  const reached = CHALLENGE_MILESTONES.filter((milestone) => percent >= milestone && milestone > previous);
  return reached.length ? reached[reached.length - 1]! : null;
}

/**
 * Competition ranking ("1, 2, 2, 4"): entries sorted by progress, highest first; equal progress shares a rank and the
 * next rank skips the tied places. Entries must already be sorted by progress descending. Returns the ranks in order.
 */
export function progressRanks(sorted: readonly { progress: number }[]): number[] {
  const ranks = new Array<number>(sorted.length);
  let rank = 0;
  let previous: number | null = null;
  for (let index = 0; index < sorted.length; index += 1) {
    const progress = sorted[index]!.progress;
    if (progress !== previous) rank = index + 1;
    previous = progress;
    ranks[index] = rank;
  }
  return ranks;
}

/** The entries with their competition rank (see progressRanks). */
export function rankByProgress<TEntry extends { progress: number }>(
  sorted: readonly TEntry[],
): (TEntry & { rank: number })[] {
  const ranks = progressRanks(sorted);
  return sorted.map((entry, index) => ({ ...entry, rank: ranks[index]! }));
}

/** "Ada L.": first name and last initial; a reader who opted out of the leaderboard is "a reader". */
export function participantName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim();
  const initial = lastName?.trim().charAt(0);
  if (!first) return 'A reader';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

export const HIDDEN_PARTICIPANT_NAME = 'A reader';

export interface TChallengeSummary {
  id: string;
  title: string;
  description: string;
  type: TChallengeType;
  duration: TChallengeDuration;
  difficulty: TChallengeDifficulty;
  targetValue: number;
  startDate: string;
  endDate: string;
  status: TChallengeStatus;
  isFeatured: boolean;
  tags: string[];
  prize: string | null;
  participants: number;
  maxParticipants: number | null;
  /** null when there is no limit. */
  spotsLeft: number | null;
  /** The signed-in reader's participation, if any. */
  joined: boolean;
}

export interface TChallengeList {
  items: TChallengeSummary[];
  total: number;
  page: number;
  limit: number;
}

export interface TOwnParticipation {
  progress: number;
  percent: number;
  isCompleted: boolean;
  completedAt: string | null;
  joinedAt: string;
  hideFromLeaderboard: boolean;
  rank: number | null;
}

export interface TChallengeDetail extends TChallengeSummary {
  rules: string[];
  createdBy: string;
  isClosed: boolean;
  countingRule: string;
  /** The viewer may edit and close it (creator or moderator). */
  canManage: boolean;
  canFeature: boolean;
  me: TOwnParticipation | null;
}

export interface TLeaderboardEntry {
  /** 1, 2, 3 ... down the list (ranks repeat on ties; this does not). */
  position: number;
  rank: number;
  name: string;
  progress: number;
  percent: number;
  isCompleted: boolean;
  reachedTarget: boolean;
  isYou: boolean;
}

export interface TLeaderboard {
  challengeId: string;
  targetValue: number;
  type: TChallengeType;
  entries: TLeaderboardEntry[];
  total: number;
}

export type TChallengeActivityType = 'joined' | 'milestone' | 'completed';

export interface TChallengeActivity {
  id: string;
  activityType: TChallengeActivityType;
  name: string;
  progressValue: number | null;
  message: string;
  createdAt: string;
}

/** A reply: replies are one level deep (a reply to a reply joins its thread). */
export interface TChallengeReply {
  id: string;
  parentId: string | null;
  authorName: string;
  /** null when deleted (with replies kept) or hidden for this viewer. */
  content: string | null;
  likes: number;
  likedByMe: boolean;
  isEdited: boolean;
  isOwn: boolean;
  isHidden: boolean;
  isDeleted: boolean;
  moderationReason: string | null;
  createdAt: string;
}

export interface TChallengeComment extends TChallengeReply {
  replies: TChallengeReply[];
}

export interface TChallengeComments {
  challengeId: string;
  items: TChallengeComment[];
  total: number;
}
