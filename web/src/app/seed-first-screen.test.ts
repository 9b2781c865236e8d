import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, serialiseInitialData, type TInitialData } from '@shared/initial-data';
import type { TBookDetail, TBookList } from '@shared/catalogue';
import { booksQueryOptions, bookQueryOptions, categoriesQueryOptions } from '@web/features/catalogue/queries';
import { homepageContentQueryOptions } from '@web/features/home/queries';
import { readInitialData } from '@web/lib/initial-data';
import { seedFirstScreenQueries } from './seed-first-screen';

function pageWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (text !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = INITIAL_DATA_ELEMENT_ID;
    script.textContent = text;
    doc.head.append(script);
  }
  return doc;
}

describe('first-screen data', () => {
  const list = { items: [], total: 0, page: 1, limit: 24 } as unknown as TBookList;
  const data: TInitialData = {
    homepageContent: {
      key: 'homepage',
      content: { heroTitle: 'Read </script>', heroSubtitle: 'x', stats: [] },
      updatedAt: '2025-01-01T00:00:00.000Z',
    },
    bookList: { params: { page: 1, limit: 24 }, list },
    categories: { items: [] },
    book: { idOrSlug: 'lead-well', detail: { id: 'b1', slug: 'lead-well' } as TBookDetail },
  };

  it('reads what the server wrote, escaped markup included, and nothing from a page without it or with bad JSON', () => {
    expect(readInitialData(pageWith(serialiseInitialData(data)))).toEqual(data);
    expect(readInitialData(pageWith(null))).toEqual({});
    expect(readInitialData(pageWith('{not json'))).toEqual({});
  });

  it('puts each value under the key of the call the screen makes, so the screen finds it without asking', () => {
    const queryClient = new QueryClient();
    seedFirstScreenQueries(queryClient, data);
    expect(queryClient.getQueryData(homepageContentQueryOptions().queryKey)).toEqual(data.homepageContent);
    // The bookstore asks with every filter empty: the same key as the server's parameters.
    const bookstoreKey = booksQueryOptions({ search: undefined, sort: undefined, page: 1, limit: 24 }).queryKey;
    expect(queryClient.getQueryData(bookstoreKey)).toBe(list);
    expect(queryClient.getQueryData(categoriesQueryOptions().queryKey)).toEqual({ items: [] });
    expect(queryClient.getQueryData(bookQueryOptions('lead-well').queryKey)).toEqual(data.book?.detail);
  });
});
