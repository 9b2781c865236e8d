/**
 * Decides what the server says about a client route before the PWA runs: the HTTP status (200 for the
 * routes of docs/product/routes-and-screens.md#route-table, 404 for anything else or a missing book) and the page's SEO
 * tags, from seo_configs and, on book pages, from the book itself. Reads only.
 */
import type { TBookDetail } from '@shared/catalogue';
import type { TSeoConfig } from '@shared/content';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { getBookDetail } from '../catalogue/catalogue.service';
import { findSeoConfig, findSeoRecords } from '../content/content.service';
import type { PageMeta } from './seo-head';
import { matchSpaRoute } from '@shared/spa-routes';
import { DEMO_MAILBOX_PATH } from '@shared/demo-mailbox';

export const SITE_NAME = 'Wonderful Books';
const DEFAULT_DESCRIPTION =
  'Read self-improvement and educational books online and offline, with your place kept across devices.';
const DEFAULT_IMAGE_PATH = '/icons/icon-512.png';
const ROBOTS_PRIVATE = 'noindex, nofollow';
const ROBOTS_PUBLIC = 'index, follow';
/** Link previews cut descriptions around here; a sentence fragment with an ellipsis reads better. */
const DESCRIPTION_MAX_CHARS = 200;
const BOOK_ID_PATTERN = /^[A-Za-z0-9-]{1,200}$/;

export interface ResolvedPage {
  status: 200 | 404;
  meta: PageMeta;
  /** On a book page: the book, under the id or slug of the path (its first screen shows it). */
  book?: { idOrSlug: string; detail: TBookDetail };
}

export function resolvePage({
  db,
  publicUrl,
  pathname,
  showsDemoMailbox = false,
}: {
  db: Db;
  publicUrl: string;
  pathname: string;
  /** The demo mailbox page exists for this request (demo mode, from this machine; docs/product/accounts.md#demo-mailbox). */
  showsDemoMailbox?: boolean;
}): ResolvedPage {
  const origin = publicUrl.replace(/\/+$/, '');
  const route =
    showsDemoMailbox && pathname === DEMO_MAILBOX_PATH ? { pageType: null, indexable: false } : matchSpaRoute(pathname);
  if (!route) return { status: 404, meta: notFoundMeta(db, origin, pathname) };

  if (route.bookIdOrSlug !== undefined) {
    const book = findBook(db, route.bookIdOrSlug);
    if (!book) return { status: 404, meta: notFoundMeta(db, origin, pathname) };
    const bookConfig = findSeoConfig({ db, pageType: 'book' });
    const meta = bookMeta(bookConfig, book, origin);
    // The book's own words first, then what the admin set for every book page (docs/product/site-content.md#seo).
    meta.keywords = joinKeywords(meta.keywords, [
      ...(bookConfig?.keywords?.split(',') ?? []),
      ...findSeoRecords({ db, pageType: 'book' }).keywords,
    ]);
    return {
      status: 200,
      meta,
      book: { idOrSlug: route.bookIdOrSlug, detail: book },
    };
  }

  const config = route.pageType ? findSeoConfig({ db, pageType: route.pageType }) : null;
  const canonicalPath = pathname === '/index.html' ? '/' : pathname;
  const records = route.pageType ? findSeoRecords({ db, pageType: route.pageType }) : null;
  const meta = configMeta(
    config && records
      ? {
          ...config,
          ogImage: config.ogImage || records.ogImage,
          twitterImage: config.twitterImage || records.twitterImage || records.ogImage,
        }
      : config,
    origin,
    canonicalPath,
  );
  if (records) meta.keywords = joinKeywords(meta.keywords, records.keywords);
  // Personal and admin pages stay out of search engines whatever their config says.
  if (!route.indexable) meta.robots = ROBOTS_PRIVATE;
  return { status: 200, meta };
}

function findBook(db: Db, idOrSlug: string): TBookDetail | null {
  if (!BOOK_ID_PATTERN.test(idOrSlug)) return null;
  try {
    return getBookDetail({ db, idOrSlug });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

function notFoundMeta(db: Db, origin: string, pathname: string): PageMeta {
  const config = findSeoConfig({ db, pageType: 'not-found' });
  const meta = configMeta(config, origin, pathname);
  if (!config) {
    meta.title = `Page Not Found | ${SITE_NAME}`;
    meta.ogTitle = meta.twitterTitle = meta.title;
  }
  meta.robots = ROBOTS_PRIVATE;
  return meta;
}

function configMeta(config: TSeoConfig | null, origin: string, path: string): PageMeta {
  const title = config?.title || SITE_NAME;
  const description = config?.description || DEFAULT_DESCRIPTION;
  const ogImage = absoluteUrl(config?.ogImage || DEFAULT_IMAGE_PATH, origin);
  return {
    title,
    description,
    keywords: config?.keywords || null,
    robots: config?.metaRobots || ROBOTS_PUBLIC,
    canonicalUrl: config?.canonicalUrl ? absoluteUrl(config.canonicalUrl, origin) : origin + normalisePath(path),
    ogTitle: config?.ogTitle || title,
    ogDescription: config?.ogDescription || description,
    ogImage,
    ogType: config?.ogType || 'website',
    twitterCard: config?.twitterCard || 'summary_large_image',
    twitterTitle: config?.twitterTitle || config?.ogTitle || title,
    twitterDescription: config?.twitterDescription || config?.ogDescription || description,
    twitterImage: absoluteUrl(config?.twitterImage || config?.ogImage || DEFAULT_IMAGE_PATH, origin),
    siteName: SITE_NAME,
  };
}

/**
 * A book page describes the book. The 'book' config may template its title and description with
 * {title}, {author} and {description}; without placeholders the book's own text is used.
 */
function bookMeta(config: TSeoConfig | null, book: TBookDetail, origin: string): PageMeta {
  const fill = (template: string | null | undefined) =>
    template?.includes('{')
      ? template.replace(/\{(title|author|description)\}/g, (_, key: 'title' | 'author' | 'description') => book[key])
      : null;
  const title = fill(config?.title) ?? `${book.title} by ${book.author} | ${SITE_NAME}`;
  const description = truncate(
    fill(config?.description) ?? (book.description || book.longDescription || DEFAULT_DESCRIPTION),
  );
  const image = absoluteUrl(book.coverImageUrl, origin);
  return {
    title,
    description,
    keywords: [book.title, book.author, ...book.categories.map((category) => category.name), ...book.tags].join(', '),
    robots: config?.metaRobots || ROBOTS_PUBLIC,
    canonicalUrl: `${origin}/book/${encodeURIComponent(book.slug)}`,
    ogTitle: fill(config?.ogTitle) ?? `${book.title} by ${book.author}`,
    ogDescription: description,
    ogImage: image,
    ogType: 'book',
    // Covers are portrait: the small card shows them whole where the large one would crop them.
    twitterCard: 'summary',
    twitterTitle: fill(config?.twitterTitle) ?? `${book.title} by ${book.author}`,
    twitterDescription: description,
    twitterImage: image,
    siteName: SITE_NAME,
  };
}

/** The config's keywords, then the page type's active keyword records not already there. */
function joinKeywords(keywords: string | null, records: string[]): string | null {
  const list = (keywords ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);
  const seen = new Set(list.map((keyword) => keyword.toLowerCase()));
  for (const record of records) {
    const keyword = record.trim();
    if (keyword && !seen.has(keyword.toLowerCase())) {
      seen.add(keyword.toLowerCase());
      list.push(keyword);
    }
  }
  return list.length > 0 ? list.join(', ') : null;
}

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX_CHARS) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX_CHARS - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** Joined, not resolved: a request path such as '//other.example' must not become another origin. */
function normalisePath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/** Open Graph needs absolute URLs; relative ones are resolved against PUBLIC_URL, other schemes dropped. */
function absoluteUrl(url: string, origin: string): string {
  try {
    const resolved = new URL(url, `${origin}/`);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
