/**
 * The challenges feature's calls (docs/product/reviews-and-challenges.md#reading-challenges): the list, a challenge's
 * page, its leaderboard, activity feed and comments, and every change a reader makes.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  TChallengeActivity,
  TChallengeComments,
  TChallengeDetail,
  TChallengeList,
  TChallengeReply,
  TLeaderboard,
} from '@shared/challenges';
import type { TChallengeInput, TChallengeListQuery } from '@shared/challenges.schemas';
import { api, encodeParams, readJson, withSignal } from '@web/lib/api';

export const challengesKeys = {
  all: ['challenges'] as const,
  list: (query: TChallengeListQuery, userId: string | null) => [...challengesKeys.all, 'list', query, userId] as const,
  challenge: (id: string) => [...challengesKeys.all, 'challenge', id] as const,
  detail: (id: string, userId: string | null) => [...challengesKeys.challenge(id), 'detail', userId] as const,
  leaderboard: (id: string, userId: string | null) => [...challengesKeys.challenge(id), 'leaderboard', userId] as const,
  activities: (id: string) => [...challengesKeys.challenge(id), 'activities'] as const,
  comments: (id: string, userId: string | null) => [...challengesKeys.challenge(id), 'comments', userId] as const,
};

/** Query values as the URL carries them (strings), without empty filters. */
function toQuery(query: TChallengeListQuery): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

export function challengesQueryOptions(query: TChallengeListQuery, userId: string | null) {
  return queryOptions({
    queryKey: challengesKeys.list(query, userId),
    queryFn: ({ signal }) =>
      readJson<TChallengeList>(api.challenges.$get({ query: toQuery(query) }, withSignal(signal))),
    staleTime: 30 * 1000,
  });
}

export function challengeQueryOptions(id: string, userId: string | null) {
  return queryOptions({
    queryKey: challengesKeys.detail(id, userId),
    queryFn: ({ signal }) =>
      readJson<TChallengeDetail>(api.challenges[':id'].$get({ param: encodeParams({ id }) }, withSignal(signal))),
  });
}

export function leaderboardQueryOptions(id: string, userId: string | null) {
  return queryOptions({
    queryKey: challengesKeys.leaderboard(id, userId),
    queryFn: ({ signal }) =>
      readJson<TLeaderboard>(
        api.challenges[':id'].leaderboard.$get({ param: encodeParams({ id }) }, withSignal(signal)),
      ),
  });
}

export function activitiesQueryOptions(id: string) {
  return queryOptions({
    queryKey: challengesKeys.activities(id),
    queryFn: ({ signal }) =>
      readJson<TChallengeActivity[]>(
        api.challenges[':id'].activities.$get({ param: encodeParams({ id }) }, withSignal(signal)),
      ),
  });
}

export function commentsQueryOptions(id: string, userId: string | null) {
  return queryOptions({
    queryKey: challengesKeys.comments(id, userId),
    queryFn: ({ signal }) =>
      readJson<TChallengeComments>(
        api.challenges[':id'].comments.$get({ param: encodeParams({ id }) }, withSignal(signal)),
      ),
  });
}

export function createChallenge(input: TChallengeInput): Promise<TChallengeDetail> {
  return readJson<TChallengeDetail>(api.challenges.$post({ json: input }));
}

export function updateChallenge(id: string, input: TChallengeInput): Promise<TChallengeDetail> {
  return readJson<TChallengeDetail>(api.challenges[':id'].$patch({ param: encodeParams({ id }), json: input }));
}

export function closeChallenge(id: string): Promise<TChallengeDetail> {
  return readJson<TChallengeDetail>(api.challenges[':id'].close.$post({ param: encodeParams({ id }) }));
}

export function featureChallenge(id: string, isFeatured: boolean): Promise<TChallengeDetail> {
  return readJson<TChallengeDetail>(
    api.challenges[':id'].featured.$put({ param: encodeParams({ id }), json: { isFeatured } }),
  );
}

export function joinChallenge(id: string): Promise<TChallengeDetail> {
  return readJson<TChallengeDetail>(api.challenges[':id'].participants.me.$post({ param: encodeParams({ id }) }));
}

export function leaveChallenge(id: string): Promise<TChallengeDetail> {
  return readJson<TChallengeDetail>(api.challenges[':id'].participants.me.$delete({ param: encodeParams({ id }) }));
}

export function setLeaderboardChoice(id: string, hideFromLeaderboard: boolean): Promise<TChallengeDetail> {
  return readJson<TChallengeDetail>(
    api.challenges[':id'].participants.me.$patch({ param: encodeParams({ id }), json: { hideFromLeaderboard } }),
  );
}

export function postComment(id: string, content: string, parentId: string | null): Promise<TChallengeReply> {
  return readJson<TChallengeReply>(
    api.challenges[':id'].comments.$post({ param: encodeParams({ id }), json: { content, parentId } }),
  );
}

export function editComment(commentId: string, content: string): Promise<TChallengeReply> {
  return readJson<TChallengeReply>(
    api.challenges.comments[':commentId'].$patch({ param: encodeParams({ commentId }), json: { content } }),
  );
}

export function deleteComment(commentId: string): Promise<unknown> {
  return readJson(api.challenges.comments[':commentId'].$delete({ param: encodeParams({ commentId }) }));
}

export function likeComment(commentId: string, liked: boolean): Promise<TChallengeReply> {
  const endpoint = api.challenges.comments[':commentId'].like;
  const param = encodeParams({ commentId });
  return readJson<TChallengeReply>(liked ? endpoint.$put({ param }) : endpoint.$delete({ param }));
}

export function moderateComment(commentId: string, isHidden: boolean, reason: string): Promise<TChallengeReply> {
  return readJson<TChallengeReply>(
    api.moderation['challenge-comments'][':commentId'].$patch({
      param: encodeParams({ commentId }),
      json: { isHidden, reason },
    }),
  );
}

/** After any change to a challenge: its page, leaderboard, feed and comments, and the list. */
export function refreshChallenges(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: challengesKeys.all });
}
