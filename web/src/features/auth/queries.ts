/**
 * The accounts calls of docs/product/calls.md#current-user and the forgot/reset/emergency additions, and the current
 * user: GET /api/auth/user, cached under authKeys.user. A 401 means signed out and resolves to null, not an error. This
 * server record is the only source of the user's role and tier in the web app; nothing is inferred from e-mail
 * addresses. With no network at all, the last record the server confirmed on this browser stands in
 * (last-known-user.ts). The API answers errors as problem+json, which ApiError carries in `problem` (detail,
 * errors[{field, message}] and any extra fields such as userId).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  TActionResponse,
  TCurrentUser,
  TEmergencyLoginResponse,
  TLoginResponse,
  TRegisterResponse,
  TVerifyOtpResponse,
} from '@shared/auth';
import type {
  TEmergencyLoginRequest,
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResendOtpRequest,
  TResetPasswordRequest,
  TUnlockAccountRequest,
  TVerifyOtpRequest,
} from '@shared/auth.schemas';
import { ApiError, api, isApiError, readJson, readJsonOrNullOn401, withSignal } from '@web/lib/api';
import { isUnreachable, lastKnownUser, rememberConfirmedUser } from './last-known-user';

export const authKeys = {
  all: ['auth'] as const,
  user: ['auth', 'user'] as const,
  emergencyConfig: ['auth', 'emergency-config'] as const,
};

export const CURRENT_USER_STALE_TIME_MS = 30 * 1000;
export const CURRENT_USER_GC_TIME_MS = 5 * 60 * 1000;

/**
 * docs/product/errors.md#read-and-retry-rules: a current-user error mentioning '429' or 'Rate limited' is not retried;
 * others once.
 */
export function shouldRetryCurrentUser(failureCount: number, error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (message.includes('429') || message.includes('Rate limited')) return false;
  return failureCount < 1;
}

/**
 * The server's answer, remembered for offline use; when the server cannot be reached at all, the last
 * record it confirmed on this browser (see last-known-user.ts), so the installed app opens offline.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<TCurrentUser | null> {
  try {
    const user = await readJsonOrNullOn401<TCurrentUser>(api.auth.user.$get(undefined, withSignal(signal)));
    rememberConfirmedUser(user);
    return user;
  } catch (error) {
    const known = isUnreachable(error) && !signal?.aborted ? lastKnownUser() : null;
    if (known) return known;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: authKeys.user,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: CURRENT_USER_STALE_TIME_MS,
  gcTime: CURRENT_USER_GC_TIME_MS,
  retry: shouldRetryCurrentUser,
  // Run even offline: the query function answers from the last confirmed record then.
  networkMode: 'always',
});

export interface CurrentUserState {
  user: TCurrentUser | null;
  isLoading: boolean;
  /** docs/product/accounts.md#sessions: authenticated when a user record came back and no error occurred. */
  isAuthenticated: boolean;
}

export function useCurrentUser(): CurrentUserState {
  const { data, isLoading, error } = useQuery(currentUserQuery);
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null && !error };
}

/**
 * After a sign-in (docs/product/routes-and-screens.md#sign-in-screen): put the user the server just returned into the
 * cache, when given, and refetch the current-user record so every screen reads the server's view.
 */
export async function refreshCurrentUser(queryClient: QueryClient, user?: TCurrentUser | null): Promise<void> {
  if (user) queryClient.setQueryData(authKeys.user, user);
  if (queryClient.getQueryState(authKeys.user)) {
    await queryClient.invalidateQueries({ queryKey: authKeys.user, refetchType: 'all' });
  } else {
    await queryClient.prefetchQuery(currentUserQuery);
  }
}

/** After logout or account deletion: forget the user and everything fetched for them. */
export function clearCachedUser(queryClient: QueryClient): void {
  rememberConfirmedUser(null);
  queryClient.setQueryData(authKeys.user, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

export function login(body: TLoginRequest): Promise<TLoginResponse> {
  return readJson<TLoginResponse>(api.auth.login.$post({ json: body }));
}

export function register(body: TRegisterRequest): Promise<TRegisterResponse> {
  return readJson<TRegisterResponse>(api.auth.register.$post({ json: body }));
}

export function verifyOtp(body: TVerifyOtpRequest): Promise<TVerifyOtpResponse> {
  return readJson<TVerifyOtpResponse>(api.auth['verify-otp'].$post({ json: body }));
}

export function resendOtp(body: TResendOtpRequest): Promise<TActionResponse> {
  return readJson<TActionResponse>(api.auth['resend-otp'].$post({ json: body }));
}

export function forgotPassword(body: TForgotPasswordRequest): Promise<TActionResponse> {
  return readJson<TActionResponse>(api.auth['forgot-password'].$post({ json: body }));
}

export function resetPassword(body: TResetPasswordRequest): Promise<TActionResponse> {
  return readJson<TActionResponse>(api.auth['reset-password'].$post({ json: body }));
}

export function unlockAccount(body: TUnlockAccountRequest): Promise<TActionResponse> {
  return readJson<TActionResponse>(api.auth.unlock.$post({ json: body }));
}

export function logout(): Promise<unknown> {
  return readJson<unknown>(api.auth.logout.$post());
}

export interface TEmergencyConfig {
  enabled: boolean;
  /** Demo credentials to pre-fill (the local demo only). */
  demo: { email: string; password: string } | null;
}

/** docs/product/decisions.md#4: when the break-glass path is off the API may answer 404; that means disabled. */
export async function fetchEmergencyConfig(signal?: AbortSignal): Promise<TEmergencyConfig> {
  try {
    const config = await readJsonOrNullOn401<TEmergencyConfig>(
      api.auth['emergency-config'].$get(undefined, withSignal(signal)),
    );
    return config ?? { enabled: false, demo: null };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { enabled: false, demo: null };
    throw error;
  }
}

export const emergencyConfigQuery = queryOptions({
  queryKey: authKeys.emergencyConfig,
  queryFn: ({ signal }) => fetchEmergencyConfig(signal),
  staleTime: 0,
});

export function emergencyLogin(body: TEmergencyLoginRequest): Promise<TEmergencyLoginResponse> {
  return readJson<TEmergencyLoginResponse>(api.auth['admin-emergency'].$post({ json: body }));
}

/** A thrown answer of { success: false } from an action endpoint that replied 2xx. */
export class ActionFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ActionFailedError';
  }
}

/** Treats `{ success: false, message }` as a failure so callers handle one path. */
export async function expectSuccess<T extends { success: boolean; message?: string }>(promise: Promise<T>): Promise<T> {
  const result = await promise;
  if (result && result.success === false) throw new ActionFailedError(result.message ?? '');
  return result;
}

/**
 * The sentence the server gave for a failure (problem detail, or the message of a { success: false }
 * answer), or '' when there is none, so callers can fall back to the documented default.
 */
export function serverMessage(error: unknown): string {
  if (isApiError(error)) return error.problem?.detail?.trim() || error.problem?.title?.trim() || '';
  if (error instanceof ActionFailedError) return error.message.trim();
  return '';
}

/** fetch rejects (TypeError) when no answer came back at all: offline, DNS, refused connection. */
export function isNetworkError(error: unknown): boolean {
  return !isApiError(error) && error instanceof TypeError;
}

/** Reads an extra string field of a problem document (e.g. userId and email of a 403 unverified). */
export function problemField(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || !error.problem) return null;
  const value = (error.problem as Record<string, unknown>)[field];
  return typeof value === 'string' && value ? value : null;
}

/** A sign-in refused because the e-mail address is not verified yet (403 carrying the user id). */
export function unverifiedLogin(error: unknown): { userId: string; email: string | null } | null {
  if (!isApiError(error) || error.status !== 403) return null;
  const userId = problemField(error, 'userId');
  return userId ? { userId, email: problemField(error, 'email') } : null;
}
