/** Business constants that are not stored configuration (docs/product/limits.md#constants). */
export const FREE_TRIAL_DAYS = 7;
export const VERIFICATION_CODE_LENGTH = 6;
export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const COMMENT_MAX_LENGTH = 1000;
export const DEFAULT_PREVIEW_PAGES = 5;
export { DEFAULT_CHUNK_SIZE } from './reader';
export const MAX_COPY_PERCENTAGE = 40;
export const OFFLINE_MAX_DAYS = 30;
export const DEFAULT_READING_GOAL = 2;

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_SUGGESTIONS = 8;
export const SEARCH_MAX_TOPICS = 3;
/** Topic suggestions are description words longer than this many characters. */
export const SEARCH_TOPIC_MIN_WORD_LENGTH = 4;

export const SCROLL_TOP_THRESHOLD_PX = 300;
export const HEADER_OPAQUE_THRESHOLD_PX = 10;
export const FEATURED_SKELETON_TILES = 8;
export const COVER_DEFAULT_WIDTH = 200;
export const COVER_DEFAULT_HEIGHT = 280;

export const DELAYS_MS = {
  redirectAfterLogin: 500,
  redirectAfterSignedOut: 500,
  redirectAfterRegistration: 1000,
  redirectAfterVerification: 2000,
  serviceWorkerRegistration: 2000,
} as const;

export const TOAST_DURATION_MS = 5000;
/** A confirmation of the reader's own action that the screen already shows (docs/product/errors.md#toasts). */
export const TOAST_INFO_DURATION_MS = 3000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const DEFAULT_PHONE_COUNTRY = 'GB';
