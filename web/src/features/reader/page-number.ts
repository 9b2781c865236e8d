/** Page-number entry in the toolbar: what the reader typed, checked against the book's page count. */

export type TPageEntry = { ok: true; page: number } | { ok: false; message: string };

export function clampPage(page: number, pagesCount: number): number {
  if (pagesCount < 1) return 1;
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(Math.trunc(page), 1), pagesCount);
}

export function parsePageEntry(text: string, pagesCount: number): TPageEntry {
  const value = text.trim();
  const range = `Enter a page number from 1 to ${pagesCount}.`;
  if (!value) return { ok: false, message: range };
  if (!/^\d+$/.test(value)) return { ok: false, message: range };
  const page = Number(value);
  if (page < 1 || page > pagesCount) return { ok: false, message: range };
  return { ok: true, page };
}

/** `?page=` from the reader's URL, when it names a usable page (the count may not be known yet). */
export function pageFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('page');
  if (!raw || !/^\d+$/.test(raw.trim())) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}
