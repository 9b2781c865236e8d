/**
 * Workbox installs its precache one file at a time (workbox-precaching's PrecacheController.install), so on a
 * phone the install takes one round trip per file: about 17 s for the 88 files a reader's first open has not
 * already loaded (docs/decisions/024-what-the-service-worker-keeps.md). The build's hashed files carry no
 * revision and Workbox fetches them through the HTTP cache, where they are `immutable`; fetching them a few at
 * a time into that cache first lets Workbox's loop read each from disk.
 */
import type { PrecacheEntry } from 'workbox-precaching';

/** Requests at once: a phone's browser opens six connections per host, so the open page keeps two. */
export const PRECACHE_WARMUP_CONCURRENCY = 4;

/**
 * The precache entries Workbox fetches through the HTTP cache: those without a revision (their URL is
 * versioned). Revisioned entries (the shell, icons) are fetched by Workbox with `cache: 'reload'`, so a copy
 * fetched here would be fetched twice.
 */
export function urlsToWarm(entries: ReadonlyArray<PrecacheEntry | string>, base: string): string[] {
  const urls = new Set<string>();
  for (const entry of entries) {
    if (typeof entry === 'string') urls.add(new URL(entry, base).href);
    else if (!entry.revision) urls.add(new URL(entry.url, base).href);
  }
  return [...urls];
}

/**
 * Fetches every URL (at most `concurrency` at a time) and reads each body to its end, so the HTTP cache keeps
 * it. A failure is left to Workbox's own fetch of that file, which fails the install as before.
 */
export async function warmHttpCache(
  urls: readonly string[],
  fetchFile: (url: string) => Promise<Response>,
  concurrency = PRECACHE_WARMUP_CONCURRENCY,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next];
      next += 1;
      try {
        await (await fetchFile(url)).arrayBuffer();
      } catch {
        // Workbox fetches it again and reports the failure.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, urls.length) }, worker));
}
