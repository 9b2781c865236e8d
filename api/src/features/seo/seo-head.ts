/**
 * Server-side SEO for the PWA shell: renders the <head> tags of one page and puts them into the built
 * index.html, so crawlers and link previews see real titles, descriptions and images without running
 * JavaScript. Pure (no I/O). Every value is HTML-escaped; a hostile book title stays text.
 * It also adds what the first screen needs early (docs/ARCHITECTURE.md#first-screen-data): its data, and a
 * preload of the image that is its largest paint, so the browser fetches it alongside the code.
 */
import {
  INITIAL_DATA_ELEMENT_ID,
  jsonForScriptElement,
  serialiseInitialData,
  type TInitialData,
} from '@shared/initial-data';

export interface PageMeta {
  title: string;
  description: string;
  keywords: string | null;
  robots: string;
  canonicalUrl: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string | null;
  ogType: string;
  twitterCard: string;
  twitterTitle: string;
  twitterDescription: string;
  twitterImage: string | null;
  siteName: string;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]);
}

const meta = (attribute: 'name' | 'property', key: string, value: string | null) =>
  value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';

/** The title element and every SEO tag, one per line. */
export function renderSeoTags(page: PageMeta): string {
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    meta('name', 'keywords', page.keywords),
    meta('name', 'robots', page.robots),
    `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}" />`,
    meta('property', 'og:site_name', page.siteName),
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:title', page.ogTitle),
    meta('property', 'og:description', page.ogDescription),
    meta('property', 'og:url', page.canonicalUrl),
    meta('property', 'og:image', page.ogImage),
    meta('name', 'twitter:card', page.twitterCard),
    meta('name', 'twitter:title', page.twitterTitle),
    meta('name', 'twitter:description', page.twitterDescription),
    meta('name', 'twitter:image', page.twitterImage),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** Tags the template may already carry (Vite's index.html has a default description); ours replace them. */
const REPLACED_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title\s*>/gi,
  /<meta\b[^>]*\b(?:name|property)\s*=\s*["'](?:description|keywords|robots|og:[^"']*|twitter:[^"']*)["'][^>]*>/gi,
  /<link\b[^>]*\brel\s*=\s*["']canonical["'][^>]*>/gi,
];

/**
 * Returns the template with its SEO tags replaced by `page`'s. Only the <head> is touched; a template
 * without a head gets the tags in front of the document so they are never lost.
 */
export function injectSeo(template: string, page: PageMeta): string {
  const headEnd = template.search(/<\/head\s*>/i);
  const tags = renderSeoTags(page);
  if (headEnd === -1) return `${tags}\n${template}`;
  let head = template.slice(0, headEnd);
  for (const pattern of REPLACED_TAGS) head = head.replace(pattern, '');
  // Drop lines the removals left empty so the output stays readable.
  head = head.replace(/\n[ \t]*(?=\n)/g, '');
  return `${head.replace(/\s*$/, '')}\n    ${tags}\n  ${template.slice(headEnd)}`;
}

/**
 * Puts the first screen's data (a JSON script element the app reads before it renders), preloads of
 * its largest images and of its screen's code at the end of the <head>. Empty data and no images leave the template as it is.
 */
export function injectFirstScreen(
  html: string,
  data: TInitialData,
  imageUrls: string[],
  /** Ready-made `<link>` tags preloading the screen's code (route-preloads.ts). */
  codePreloads = '',
): string {
  const tags = imageUrls.map(
    (url) => `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />`,
  );
  if (codePreloads) tags.push(codePreloads);
  if (Object.keys(data).length > 0)
    tags.push(`<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${serialiseInitialData(data)}</script>`);
  if (tags.length === 0) return html;
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd === -1) return `${tags.join('\n')}\n${html}`;
  return `${html.slice(0, headEnd)}  ${tags.join('\n    ')}\n  ${html.slice(headEnd)}`;
}

/** Id of the data block that carries the signed-in user (web/src/app/server-session.ts reads it). */
export const SESSION_SCRIPT_ID = 'wb-session';

/**
 * Puts what GET /api/auth/user and GET /api/me/entitlements would answer (`{ user, entitlements }`,
 * both null when nobody is signed in) into the page as a JSON data block: never executed, so the CSP's
 * script-src is not involved, and escaped so a hostile name stays data. The web app starts with it
 * instead of asking the API after the first paint.
 */
export function injectSession(html: string, session: { user: unknown; entitlements: unknown }): string {
  return injectDataBlock(html, SESSION_SCRIPT_ID, session);
}

/** Id of the data block of a reader page (web/src/features/reader/reader-page-data.ts reads it). */
export const READER_SCRIPT_ID = 'wb-reader';

/**
 * Puts the book a reader page opens (api/src/features/reader/reader-page-data.ts) into the page as a JSON
 * data block, escaped like the session's (docs/decisions/021-reader-open-path.md).
 */
export function injectReaderData(html: string, data: unknown): string {
  return data ? injectDataBlock(html, READER_SCRIPT_ID, data) : html;
}

function injectDataBlock(html: string, id: string, value: unknown): string {
  const block = `<script type="application/json" id="${id}">${jsonForScriptElement(value)}</script>`;
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd === -1) return `${block}\n${html}`;
  return `${html.slice(0, headEnd)}  ${block}\n  ${html.slice(headEnd)}`;
}
