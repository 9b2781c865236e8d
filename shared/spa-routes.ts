/**
 * The client routes of docs/product/routes-and-screens.md#route-table as the server sees them: which paths exist (200,
 * anything else is the client's 'Page Not Found' and answers 404), which SEO page type describes them, and which may be
 * indexed. Keep in step with the web app's router when routes are added.
 */
import type { TSeoPageType } from '@shared/content';

export interface SpaRoute {
  /** The seo_configs page type whose tags describe the page; null = site defaults. */
  pageType: TSeoPageType | null;
  /** Public marketing and catalogue pages are indexable; personal, admin and utility pages are not. */
  indexable: boolean;
  /** Set for the book-detail routes: the id or slug from the path. */
  bookIdOrSlug?: string;
}

interface RouteRule {
  pattern: RegExp;
  pageType: TSeoPageType | null;
  indexable: boolean;
  isBook?: boolean;
}

const segment = '[^/]+';

/** The reader's addresses: /reader/:bookId and /read/:bookId, the book by id or slug. */
const READER_PATH = new RegExp(`^/(?:reader|read)/(${segment})/?$`);

/**
 * The book a reader address names (its id or slug, decoded), or null for any other path or a malformed escape. Used
 * by the server's reader page, the page's own script on the offline reader page and the service worker.
 */
export function readerBookRef(pathname: string): string | null {
  const match = READER_PATH.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const RULES: RouteRule[] = [
  { pattern: /^\/$/, pageType: 'home', indexable: true },
  { pattern: /^\/bookstore$/, pageType: 'bookstore', indexable: true },
  {
    pattern: new RegExp(`^/(?:book|books|book-detail)/(${segment})$`),
    pageType: 'book',
    indexable: true,
    isBook: true,
  },
  // The public preview reader of a book: the book's tags (unknown books answer 404), canonical to the book page.
  { pattern: new RegExp(`^/book/(${segment})/preview$`), pageType: 'book', indexable: false, isBook: true },
  { pattern: /^\/subscribe$/, pageType: 'subscribe', indexable: true },
  { pattern: new RegExp(`^/challenges(?:/${segment})?$`), pageType: 'challenges', indexable: true },
  {
    pattern: /^\/auth\/(?:login|register|verify-email|forgot-password|reset-password|unlock)$/,
    pageType: 'auth',
    indexable: true,
  },
  { pattern: /^\/(?:email-verified|unsubscribe|emergency-login|payment-success)$/, pageType: 'auth', indexable: false },
  // The footer's static pages (docs/product/site-content.md#static-pages).
  { pattern: /^\/help$/, pageType: 'help', indexable: true },
  { pattern: /^\/about$/, pageType: 'about', indexable: true },
  { pattern: /^\/contact$/, pageType: 'contact', indexable: true },
  { pattern: /^\/(?:privacy|terms)$/, pageType: 'legal', indexable: true },
  { pattern: /^\/library$/, pageType: 'library', indexable: false },
  { pattern: new RegExp(`^/library/assistant/${segment}$`), pageType: null, indexable: false },
  { pattern: /^\/dashboard$/, pageType: 'dashboard', indexable: false },
  {
    pattern: /^\/(?:profile|billing|devices|loans|offline|feedback|highlights|review)$/,
    pageType: null,
    indexable: false,
  },
  { pattern: new RegExp(`^/(?:reader|read)/${segment}$`), pageType: null, indexable: false },
  {
    pattern: new RegExp(
      `^/admin(?:/(?:email-management|bulk-categorization|financial-reports|subscription-management|seo|plans|loans|audit-log|feedback|users(?:/${segment})?|books(?:/${segment})?))?$`,
    ),
    pageType: null,
    indexable: false,
  },
  { pattern: /^\/(?:super-admin|system-settings)$/, pageType: null, indexable: false },
  {
    pattern: /^\/(?:health-dashboard|testing-qa|accessibility-test|route-protection-demo)$/,
    pageType: null,
    indexable: false,
  },
];

/** The route a path belongs to, or null for paths the client shows as 'Page Not Found'. */
export function matchSpaRoute(pathname: string): SpaRoute | null {
  // '/index.html' is the shell itself (the service worker precaches it); '/bookstore/' is '/bookstore'.
  const path = pathname === '/index.html' ? '/' : pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const rule of RULES) {
    const match = rule.pattern.exec(path);
    if (!match) continue;
    const route: SpaRoute = { pageType: rule.pageType, indexable: rule.indexable };
    if (rule.isBook) route.bookIdOrSlug = safeDecode(match[1]);
    return route;
  }
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
