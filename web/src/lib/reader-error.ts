/**
 * The one error type the protected reader pipeline throws (device key, licence, chunks, clock), each
 * with a code the reader screens switch on and a sentence fit to show the reader.
 */
import { READER_MESSAGES } from '@shared/reader';
import { isApiError } from '@web/lib/api';

export const READER_ERROR_CODES = [
  'no_access',
  'license_invalid',
  'decrypt_failed',
  'network',
  'no_content',
  'clock_rollback',
  'offline_expired',
  'offline_unavailable',
  'offline_revoked',
] as const;
export type TReaderErrorCode = (typeof READER_ERROR_CODES)[number];

/** Why a licence was refused, for logs and for the offline "renew" prompts; the reader sees one message. */
export type TLicenseRefusal = 'malformed' | 'signature' | 'claims' | 'expired' | 'not_yet_valid' | 'key_unwrap';

/** Sentences for the codes READER_MESSAGES (shared/reader.ts) has no text for. */
export const READER_ERROR_MESSAGES = {
  ...READER_MESSAGES,
  network: 'Unable to connect to server',
  noAccess: 'You do not have access to this book.',
  clockRollback:
    "Your device's clock is behind the time this book was last checked. Set the correct date and time, then go online and open the book again.",
  offlineExpired: 'Your offline access to this book has expired. Go online to renew it.',
  offlineUnavailable: 'This book is not downloaded for offline reading. Go online to read it.',
  offlineRevoked:
    'Your licence for this book was withdrawn, so its download was removed from this device. Go online to read it, or download it again if your plan still includes it.',
  offlineReturned: 'You returned this book, so its download was removed from this device. Borrow it again to read it.',
  offlineDeviceRemoved:
    'This device was removed from your account, so its downloads were deleted. Register it again on the Devices page to read offline.',
} as const;

export class ReaderError extends Error {
  readonly code: TReaderErrorCode;
  /** HTTP status when the error came from the API. */
  readonly status?: number;
  /** Set on license_invalid: which check refused the licence. */
  readonly refusal?: TLicenseRefusal;

  constructor(
    code: TReaderErrorCode,
    message: string,
    details: { status?: number; refusal?: TLicenseRefusal; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ReaderError';
    this.code = code;
    if (details.status !== undefined) this.status = details.status;
    if (details.refusal !== undefined) this.refusal = details.refusal;
  }
}

export function isReaderError(error: unknown): error is ReaderError {
  return error instanceof ReaderError;
}

export function isAbortError(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

export function licenseRefused(refusal: TLicenseRefusal, cause?: unknown): ReaderError {
  return new ReaderError('license_invalid', READER_MESSAGES.licenseInvalid, { refusal, cause });
}

export function decryptFailed(cause?: unknown): ReaderError {
  return new ReaderError('decrypt_failed', READER_MESSAGES.decryptFailed, { cause });
}

/**
 * Maps anything thrown while talking to the API to a ReaderError: 401/402/403 mean this reader may not
 * read the book (the server's problem detail is the message, e.g. the pick rules' "choose this book"
 * text), 404 means there is nothing to read, everything else is a connection problem. Abort errors and
 * ReaderErrors pass through unchanged so callers can tell a cancelled open from a failed one.
 */
export function toReaderError(error: unknown): ReaderError | Error {
  if (isReaderError(error)) return error;
  if (isAbortError(error)) return error as Error;
  if (isApiError(error)) {
    const detail = error.problem?.detail;
    if (error.status === 401 || error.status === 402 || error.status === 403) {
      return new ReaderError('no_access', detail || READER_ERROR_MESSAGES.noAccess, {
        status: error.status,
        cause: error,
      });
    }
    if (error.status === 404 || error.status === 410) {
      return new ReaderError('no_content', READER_MESSAGES.noContent, { status: error.status, cause: error });
    }
    return new ReaderError('network', detail || READER_ERROR_MESSAGES.network, { status: error.status, cause: error });
  }
  return new ReaderError('network', READER_ERROR_MESSAGES.network, { cause: error });
}
