/**
 * Sets the document's title and social/meta tags from the page type's SEO config
 * (docs/product/data-model.md#client-visible-entities). Owns no state of its own: it writes <title>, <meta> and the
 * canonical <link> in document.head, updating tags that exist and creating the missing ones. Pages may override title,
 * description and image (a book's page uses the book's own).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TSeoConfig, TSeoPageType } from '@shared/content';
import { SEO_FETCH_ERROR, seoConfigQueryOptions } from './queries';

export interface TSeoOverrides {
  title?: string | null;
  description?: string | null;
  image?: string | null;
  canonicalUrl?: string | null;
}

type MetaKey = { attribute: 'name' | 'property'; key: string };

function setMeta({ attribute, key }: MetaKey, content: string | null | undefined) {
  if (content === null || content === undefined || content === '') return;
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function setCanonical(href: string | null | undefined) {
  if (!href) return;
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.setAttribute('rel', 'canonical');
    document.head.appendChild(element);
  }
  element.setAttribute('href', href);
}

/** Absolute URLs for social cards; relative paths (e.g. /api/books/x/cover.svg) are resolved here. */
function absolute(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

export function applySeo(config: Partial<TSeoConfig>, overrides: TSeoOverrides = {}) {
  const title = overrides.title || config.title;
  const description = overrides.description || config.description;
  const image = absolute(overrides.image || config.ogImage);

  if (title) document.title = title;
  setMeta({ attribute: 'name', key: 'description' }, description);
  setMeta({ attribute: 'name', key: 'keywords' }, config.keywords);
  setMeta({ attribute: 'name', key: 'robots' }, config.metaRobots);

  setMeta({ attribute: 'property', key: 'og:title' }, overrides.title || config.ogTitle || title);
  setMeta(
    { attribute: 'property', key: 'og:description' },
    overrides.description || config.ogDescription || description,
  );
  setMeta({ attribute: 'property', key: 'og:image' }, image);
  setMeta({ attribute: 'property', key: 'og:type' }, config.ogType);
  setMeta({ attribute: 'property', key: 'og:url' }, overrides.canonicalUrl || config.canonicalUrl);

  setMeta({ attribute: 'name', key: 'twitter:card' }, config.twitterCard);
  setMeta({ attribute: 'name', key: 'twitter:title' }, overrides.title || config.twitterTitle || title);
  setMeta(
    { attribute: 'name', key: 'twitter:description' },
    overrides.description || config.twitterDescription || description,
  );
  setMeta({ attribute: 'name', key: 'twitter:image' }, absolute(overrides.image || config.twitterImage) ?? image);
  setCanonical(overrides.canonicalUrl || config.canonicalUrl);
}

/**
 * useSeo('bookstore') or useSeo('book', { title, description, image }). A failed fetch is logged as
 * 'Failed to fetch SEO config' and the page keeps its default tags (plus any overrides).
 */
export function useSeo(pageType: TSeoPageType, overrides?: TSeoOverrides) {
  const { data, error } = useQuery(seoConfigQueryOptions(pageType));
  const title = overrides?.title;
  const description = overrides?.description;
  const image = overrides?.image;
  const canonicalUrl = overrides?.canonicalUrl;

  useEffect(() => {
    if (error) console.warn(SEO_FETCH_ERROR, error);
  }, [error]);

  useEffect(() => {
    if (!data && !title && !description && !image) return;
    applySeo(data ?? {}, { title, description, image, canonicalUrl });
  }, [data, title, description, image, canonicalUrl]);
}
