/** The back office's SEO calls (docs/API.md: admin; docs/product/site-content.md#seo) through the typed client. */
import { queryOptions } from '@tanstack/react-query';
import type { TAdminSeo, TAdminSeoPage, TSeoImage, TSeoKeyword } from '@shared/admin-seo';
import type { TSeoConfigInput, TSeoImageCreate, TSeoKeywordCreate } from '@shared/admin-seo.schemas';
import type { TSeoPageType } from '@shared/content';
import { api, ensureOk, encodeParams, readJson, withSignal } from '@web/lib/api';

export const seoAdminKeys = { all: ['admin', 'seo'] as const };

export function adminSeoQueryOptions() {
  return queryOptions({
    queryKey: seoAdminKeys.all,
    queryFn: ({ signal }) => readJson<TAdminSeo>(api.admin.seo.$get(undefined, withSignal(signal))),
  });
}

export function saveSeoPage(pageType: TSeoPageType, input: TSeoConfigInput): Promise<TAdminSeoPage> {
  return readJson(api.admin.seo.pages[':pageType'].$put({ param: { pageType }, json: input }));
}

export function createSeoKeyword(input: TSeoKeywordCreate): Promise<TSeoKeyword> {
  return readJson(api.admin.seo.keywords.$post({ json: input }));
}

export function setSeoKeywordActive(id: string, isActive: boolean): Promise<TSeoKeyword> {
  return readJson(api.admin.seo.keywords[':id'].$patch({ param: encodeParams({ id }), json: { isActive } }));
}

export async function deleteSeoKeyword(id: string): Promise<void> {
  await ensureOk(await api.admin.seo.keywords[':id'].$delete({ param: encodeParams({ id }) }));
}

export function createSeoImage(input: TSeoImageCreate): Promise<TSeoImage> {
  return readJson(api.admin.seo.images.$post({ json: input }));
}

export async function deleteSeoImage(id: string): Promise<void> {
  await ensureOk(await api.admin.seo.images[':id'].$delete({ param: encodeParams({ id }) }));
}
