/**
 * Names shared by the page and the service worker (sw/sw.ts). Pure constants: the worker bundles this
 * file too.
 */

/** Background Sync tag registered while the sync outbox holds changes. */
export const OUTBOX_SYNC_TAG = 'wb-outbox';

/** Worker → page: the connection is back (Background Sync fired); flush the outbox now. */
export const OUTBOX_FLUSH_MESSAGE = 'WB_FLUSH_OUTBOX';

/** Page → worker, on the MessagePort sent with OUTBOX_FLUSH_MESSAGE: the flush has finished. */
export const OUTBOX_FLUSH_DONE_MESSAGE = 'WB_FLUSH_OUTBOX_DONE';

/** Page → waiting worker (workbox-window's messageSkipWaiting sends exactly this): activate now. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * The reader page the service worker keeps for an offline page load of /reader/:book (docs/decisions/029-offline-reader-page.md):
 * the server's reader page with the picture of the reader and the reader page's own script, but no book and nothing
 * personal; the script finds the downloaded book by the address. Precached with the build (scripts/precache-list.mjs).
 */
export const OFFLINE_READER_PAGE_PATH = '/app-shell/reader';
