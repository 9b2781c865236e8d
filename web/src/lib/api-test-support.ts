/**
 * API paths as a fetch stub sees them, for tests: built from API_BASE, so the base is named in one
 * place (lib/api.ts) and tests never spell it out.
 */
import { API_BASE } from './api';

export function apiPath(path: `/${string}`): string {
  return `${API_BASE}${path}`;
}
