/**
 * API paths as a fetch stub sees them, for tests: built from API_BASE, so the base is named in one
 * place (lib/api.ts) and tests never spell it out.
 */
import { API_BASE } from './api';

export function apiPath(path: `/${string}`): string {
  return `${API_BASE}${path}`;
}

/** One encrypted chunk's URL as the reader and the download manager request it (version in the query). */
export function chunkApiPath(bookId: string, version: number, index: number): string {
  return apiPath(`/books/${encodeURIComponent(bookId)}/chunks/${index}?v=${version}`);
}
