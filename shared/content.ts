/**
 * Page content and SEO contracts (docs/product/data-model.md#client-visible-entities; docs/product/decisions.md#6).
 * Pure: no I/O.
 */

export const SEO_PAGE_TYPES = [
  'home',
  'bookstore',
  'book',
  'subscribe',
  'auth',
  'library',
  'dashboard',
  'challenges',
  'help',
  'about',
  'contact',
  'legal',
  'not-found',
] as const;
export type TSeoPageType = (typeof SEO_PAGE_TYPES)[number];

export interface TSeoConfig {
  pageType: TSeoPageType;
  title: string;
  description: string;
  keywords: string | null;
  metaRobots: string;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  ogType: string;
  twitterTitle: string | null;
  twitterDescription: string | null;
  twitterImage: string | null;
  twitterCard: string;
  canonicalUrl: string | null;
}

/** Answer of GET /api/page-content/:key; `content` is the record's JSON document as stored. */
export interface TPageContent {
  key: string;
  content: Record<string, unknown>;
  /** ISO 8601, UTC. */
  updatedAt: string;
}

/** The 'homepage' record: hero text, the stats strip (figures are content, not code) and the featured choices. */
export interface THomepageContent {
  heroTitle: string;
  heroSubtitle: string;
  stats: { value: string; label: string }[];
  /** The featured section's heading and how many featured books it shows; absent: 'Featured books', 8. */
  featured?: { title: string; count: number };
}

/**
 * Shape check for the admin-edited 'homepage' JSON on the client, where pulling zod into the landing
 * bundle would cost more than these few lines; the API validates writes with ZHomepageContent.
 */
export function isHomepageContent(value: unknown): value is THomepageContent {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.heroTitle === 'string' &&
    typeof record.heroSubtitle === 'string' &&
    Array.isArray(record.stats) &&
    record.stats.every(
      (stat) =>
        typeof stat === 'object' && stat !== null && typeof stat.value === 'string' && typeof stat.label === 'string',
    )
  );
}
