import { describe, expect, it } from 'vitest';
import {
  challengeStatus,
  formatAmount,
  participantName,
  progressFromReading,
  rankByProgress,
  reachedMilestone,
} from './challenges';
import { ZChallengeInput, ZCommentInput } from './challenges.schemas';

describe('rankByProgress: ties share a rank, the next rank skips the tied places', () => {
  it('ranks 1, 2, 2, 4, 5, 5, 5', () => {
    const ranked = rankByProgress([50, 40, 40, 30, 10, 10, 10].map((progress) => ({ progress })));
    expect(ranked.map((entry) => entry.rank)).toEqual([1, 2, 2, 4, 5, 5, 5]);
  });
  it('gives everyone rank 1 when all are equal, and nothing for nobody', () => {
    expect(rankByProgress([0, 0, 0].map((progress) => ({ progress }))).map((entry) => entry.rank)).toEqual([1, 1, 1]);
    expect(rankByProgress([])).toEqual([]);
  });
});

describe('progress rules', () => {
  const reading = { pages: 120, readingMs: 95 * 60_000 + 59_000, minutes: 95, ttsMs: 3_600_000, booksFinished: 2 };
  it('counts finished books, counted pages or whole minutes by type; read-aloud time never counts', () => {
    expect(progressFromReading('books_count', reading)).toBe(2);
    expect(progressFromReading('pages_count', reading)).toBe(120);
    expect(progressFromReading('time_duration', reading)).toBe(95);
  });
  it('announces the highest new milestone only once', () => {
    expect(reachedMilestone(24, 100, 0)).toBeNull();
    expect(reachedMilestone(25, 100, 0)).toBe(25);
    expect(reachedMilestone(80, 100, 0)).toBe(75);
    expect(reachedMilestone(60, 100, 50)).toBeNull();
    expect(reachedMilestone(3, 4, 50)).toBe(75);
  });
  it('tells upcoming, running and ended apart; closing ends it', () => {
    const challenge = { startDate: 1_000, endDate: 2_000, closedAt: null };
    expect(challengeStatus(challenge, 999)).toBe('upcoming');
    expect(challengeStatus(challenge, 1_000)).toBe('running');
    expect(challengeStatus(challenge, 2_000)).toBe('ended');
    expect(challengeStatus({ ...challenge, closedAt: 1_500 }, 1_200)).toBe('ended');
  });
  it('names readers by first name and initial and formats amounts', () => {
    expect(participantName('Ada', 'lovelace')).toBe('Ada L.');
    expect(participantName(null, 'X')).toBe('A reader');
    expect(formatAmount('pages_count', 1)).toBe('1 page');
    expect(formatAmount('time_duration', 1500)).toBe('1,500 minutes');
  });
});

describe('challenge schemas', () => {
  const valid = {
    title: 'Spring pages',
    description: 'Read 500 pages this spring.',
    type: 'pages_count',
    targetValue: 500,
    duration: 'custom',
    startDate: '2026-03-01T00:00:00Z',
    endDate: '2026-03-31T00:00:00Z',
  };
  const messageOf = (input: unknown) => {
    const parsed = ZChallengeInput.safeParse(input);
    return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  it("gives the SPEC's messages", () => {
    expect(messageOf(valid)).toBeNull();
    expect(messageOf({ ...valid, title: 'ab' })).toEqual(['title: Title must be at least 3 characters']);
    expect(messageOf({ ...valid, description: 'too short' })).toEqual([
      'description: Description must be at least 10 characters',
    ]);
    expect(messageOf({ ...valid, targetValue: 0 })).toEqual([
      'targetValue: Target must be a whole number of at least 1',
    ]);
    expect(messageOf({ ...valid, startDate: 'soon' })).toEqual(['startDate: Start date must be a valid date']);
    expect(messageOf({ ...valid, endDate: '2026-02-01' })).toEqual(['endDate: End date must be after the start date']);
    expect(messageOf({ ...valid, maxParticipants: 0 })).toEqual([
      'maxParticipants: Maximum participants must be a positive whole number',
    ]);
  });
  it('keeps comments between 1 and 1000 characters', () => {
    expect(ZCommentInput.safeParse({ content: '   ' }).error?.issues[0]?.message).toBe('Comment cannot be empty');
    expect(ZCommentInput.safeParse({ content: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe('Comment too long');
    expect(ZCommentInput.safeParse({ content: 'x'.repeat(1000) }).success).toBe(true);
  });
});
