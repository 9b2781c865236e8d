/**
 * What the reader screen says when a book cannot be opened or read: a title, the sentence for the
 * reader (the server's own message for no_access) and the actions that can help, per ReaderError
 * code (web/src/lib/reader-error.ts). Other errors (a broken PDF, a failed preview download) get
 * a general message with a reload.
 */
import { READER_MESSAGES } from '@shared/reader';
import { READER_ERROR_CODES, READER_ERROR_MESSAGES, type TReaderErrorCode } from '@web/lib/reader-error';

/** 'offline': the reader's downloaded books (/offline, where Renew now is); 'devices': the Devices page. */
export type TReaderFailureAction = 'subscribe' | 'retry' | 'reload' | 'book' | 'offline' | 'devices';

export interface TReaderFailure {
  code: TReaderErrorCode | 'unknown';
  title: string;
  message: string;
  actions: TReaderFailureAction[];
}

function readerErrorParts(error: unknown): { code: TReaderErrorCode; message: string } | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !(READER_ERROR_CODES as readonly string[]).includes(code)) return null;
  return { code: code as TReaderErrorCode, message: typeof message === 'string' ? message : '' };
}

export function describeReaderFailure(error: unknown): TReaderFailure {
  const parts = readerErrorParts(error);
  if (!parts) {
    return {
      code: 'unknown',
      title: 'This book could not be opened',
      message:
        'Something went wrong while opening the book. Please reload the reader; if it keeps happening, contact support.',
      actions: ['reload', 'book'],
    };
  }
  const { code, message } = parts;
  switch (code) {
    case 'no_access':
      return {
        code,
        title: 'This book is not available to you',
        message: message || 'You do not have access to this book.',
        actions: ['subscribe', 'book'],
      };
    case 'license_invalid':
      return {
        code,
        title: 'Your licence could not be verified',
        message: READER_MESSAGES.licenseInvalid,
        actions: ['retry', 'book'],
      };
    case 'decrypt_failed':
      return {
        code,
        title: 'This book could not be verified',
        message: READER_MESSAGES.decryptFailed,
        actions: ['reload', 'book'],
      };
    case 'no_content':
      return { code, title: 'Not available yet', message: READER_MESSAGES.noContent, actions: ['book'] };
    case 'clock_rollback':
      return {
        code,
        title: "Check your device's date and time",
        message: message || READER_ERROR_MESSAGES.clockRollback,
        actions: ['retry', 'book'],
      };
    case 'network':
      return {
        code,
        title: "We couldn't reach Wonderful Books",
        message: message || 'Unable to connect to server',
        actions: ['retry', 'book'],
      };
    // Offline opening: each says what to do; "Try again" opens the book online once connected.
    case 'offline_expired':
      return {
        code,
        title: 'Offline access has expired',
        message: message || READER_ERROR_MESSAGES.offlineExpired,
        actions: ['retry', 'offline'],
      };
    case 'offline_unavailable':
      return {
        code,
        title: 'This book is not downloaded',
        message: message || READER_ERROR_MESSAGES.offlineUnavailable,
        actions: ['retry', 'offline'],
      };
    case 'offline_revoked':
      return {
        code,
        title: 'This download was removed',
        message: message || READER_ERROR_MESSAGES.offlineRevoked,
        actions: message === READER_ERROR_MESSAGES.offlineDeviceRemoved ? ['devices', 'retry'] : ['retry', 'offline'],
      };
  }
}
