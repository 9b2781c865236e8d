/** The back office's books calls (docs/API.md: admin) through the typed client, under booksAdminKeys. */
import { queryOptions } from '@tanstack/react-query';
import type { TAdminPage } from '@shared/admin-list';
import type { TAdminBook, TAdminBookRow, TBookUploadJob } from '@shared/admin-books';
import type { TAdminBookCreate, TAdminBookUpdate } from '@shared/admin-books.schemas';
import { api, apiHref, encodeParams, readJson, withSignal } from '@web/lib/api';
import { uploadWithProgress, type TUploadProgress } from '@web/lib/upload-with-progress';

export const booksAdminKeys = {
  all: ['admin', 'books'] as const,
  list: (params: Record<string, string>) => ['admin', 'books', 'list', params] as const,
  detail: (id: string) => ['admin', 'books', 'detail', id] as const,
  upload: (id: string) => ['admin', 'book-uploads', id] as const,
};

export function adminBooksQueryOptions(params: Record<string, string>) {
  return queryOptions({
    queryKey: booksAdminKeys.list(params),
    queryFn: ({ signal }) =>
      readJson<TAdminPage<TAdminBookRow>>(api.admin.books.$get({ query: params }, withSignal(signal))),
    placeholderData: (previous) => previous,
    staleTime: 10_000,
  });
}

export function adminBookQueryOptions(id: string) {
  return queryOptions({
    queryKey: booksAdminKeys.detail(id),
    queryFn: ({ signal }) =>
      readJson<TAdminBook>(api.admin.books[':id'].$get({ param: encodeParams({ id }) }, withSignal(signal))),
  });
}

/** Polled while the pipeline runs; stops once the job is done or failed. */
export function bookUploadJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: booksAdminKeys.upload(jobId),
    queryFn: ({ signal }) =>
      readJson<TBookUploadJob>(
        api.admin['book-uploads'][':id'].$get({ param: encodeParams({ id: jobId }) }, withSignal(signal)),
      ),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'processing' ? false : 500),
  });
}

export function createBook(input: TAdminBookCreate): Promise<TAdminBook> {
  return readJson(api.admin.books.$post({ json: input }));
}

export function updateBook(id: string, changes: TAdminBookUpdate): Promise<TAdminBook> {
  return readJson(api.admin.books[':id'].$patch({ param: encodeParams({ id }), json: changes }));
}

/** Sends the PDF itself as the body (streamed to disk by the server) and reports the bytes sent. */
export function uploadBookPdf(
  id: string,
  file: File,
  onProgress: (progress: TUploadProgress) => void,
  signal?: AbortSignal,
): Promise<TBookUploadJob> {
  const url = apiHref(api.admin.books[':id'].uploads.$path({ param: encodeParams({ id }) }));
  return uploadWithProgress<TBookUploadJob>(url, file, { contentType: 'application/pdf', onProgress, signal });
}

/** Replaces the book's cover with an image (PNG, JPEG or WebP, checked by the server). */
export function uploadBookCover(id: string, cover: File): Promise<{ coverImageUrl: string | null }> {
  return readJson(api.admin.books[':id'].cover.$put({ param: encodeParams({ id }), form: { cover } }));
}
