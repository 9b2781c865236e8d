/**
 * The accounts calls of SPEC §7 and the forgot/reset/emergency additions. Every call sends
 * credentials; writes send JSON (sendJson). The API answers errors as problem+json, which ApiError
 * carries in `problem` (detail, errors[{field, message}] and any extra fields such as userId).
 */
import type { TActionResponse, TEmergencyLoginResponse, TLoginResponse, TRegisterResponse } from '@shared/auth';
import type {
  TEmergencyLoginRequest,
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResendOtpRequest,
  TResetPasswordRequest,
  TVerifyOtpRequest,
} from '@shared/auth.schemas';
import { ApiError, getJsonOrNullOn401, isApiError, sendJson } from '@web/lib/api';

export function login(body: TLoginRequest): Promise<TLoginResponse> {
  return sendJson<TLoginResponse>('POST', '/api/auth/login', body);
}

export function register(body: TRegisterRequest): Promise<TRegisterResponse> {
  return sendJson<TRegisterResponse>('POST', '/api/auth/register', body);
}

export function verifyOtp(body: TVerifyOtpRequest): Promise<TActionResponse> {
  return sendJson<TActionResponse>('POST', '/api/auth/verify-otp', body);
}

export function resendOtp(body: TResendOtpRequest): Promise<TActionResponse> {
  return sendJson<TActionResponse>('POST', '/api/auth/resend-otp', body);
}

export function forgotPassword(body: TForgotPasswordRequest): Promise<TActionResponse> {
  return sendJson<TActionResponse>('POST', '/api/auth/forgot-password', body);
}

export function resetPassword(body: TResetPasswordRequest): Promise<TActionResponse> {
  return sendJson<TActionResponse>('POST', '/api/auth/reset-password', body);
}

export interface TEmergencyConfig {
  enabled: boolean;
  /** Demo credentials to pre-fill (the local demo only). */
  demo: { email: string; password: string } | null;
}

/** Product decision 4: when the break-glass path is off the API may answer 404; that means disabled. */
export async function fetchEmergencyConfig(signal?: AbortSignal): Promise<TEmergencyConfig> {
  try {
    const config = await getJsonOrNullOn401<TEmergencyConfig>('/api/auth/emergency-config', { signal });
    return config ?? { enabled: false, demo: null };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { enabled: false, demo: null };
    throw error;
  }
}

export function emergencyLogin(body: TEmergencyLoginRequest): Promise<TEmergencyLoginResponse> {
  return sendJson<TEmergencyLoginResponse>('POST', '/api/auth/admin-emergency', body);
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
 * answer), or '' when there is none, so callers can fall back to the SPEC default.
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
