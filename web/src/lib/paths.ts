/** Links into the storefront, built in one place so query parameters are encoded the same way. */
import type { TBookSort } from '@shared/catalogue';
import type { TBookTier } from '@shared/tiers';

export interface TBookstoreLink {
  search?: string;
  author?: string;
  category?: string;
  tier?: TBookTier;
  sort?: TBookSort;
  page?: number;
}

export function bookstorePath(params: TBookstoreLink = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `/bookstore?${text}` : '/bookstore';
}

export function bookDetailPath(id: string): string {
  return `/book/${encodeURIComponent(id)}`;
}

export function readerPath(id: string): string {
  return `/reader/${encodeURIComponent(id)}`;
}

/** The book assistant outside the reader (docs/product/assistant.md#screens). */
export function assistantPath(bookId: string): string {
  return `/library/assistant/${encodeURIComponent(bookId)}`;
}

/** The public preview reader (the book's first pages). */
export function previewPath(id: string): string {
  return `/book/${encodeURIComponent(id)}/preview`;
}
