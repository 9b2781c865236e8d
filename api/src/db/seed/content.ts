/**
 * Site content: the 'homepage' page-content record (hero and stats strip; docs/product/decisions.md#6) and one
 * SEO configuration per page type. Inserted only when missing: admins edit both later.
 */
import { SEO_PAGE_TYPES, type TSeoPageType } from '@shared/content';
import type { THomepageContent } from '@shared/content';
import type { Db } from '../client';
import { pageContent, seoConfigs } from '../schema';
import { SITE_PAGE_SEEDS } from './site-pages';

const BRAND = 'Wonderful Books';

export const HOMEPAGE_CONTENT: THomepageContent = {
  heroTitle: 'Read the books that change how you live',
  heroSubtitle:
    'Stream hand-picked self-improvement, business, faith and mindset books on your phone, tablet and computer. Your place is kept on every device, and your 7-day trial starts today.',
  stats: [
    { value: '1000+', label: 'Premium Books' },
    { value: '50K+', label: 'Active Readers' },
    { value: '4.9', label: 'Average Rating' },
  ],
};

interface TSeoSeed {
  path: string | null;
  title: string;
  description: string;
  keywords: string;
  isPrivate?: boolean;
}

const SEO_SEEDS: Record<TSeoPageType, TSeoSeed> = {
  home: {
    path: '/',
    title: `${BRAND}: self-improvement books to read anywhere`,
    description:
      'Read 1000+ hand-picked self-improvement, personal growth, business, faith and mindset books online and offline. Start your 7-day free trial.',
    keywords: 'self-improvement books, personal development, ebook subscription, read online, reading app',
  },
  bookstore: {
    path: '/bookstore',
    title: `Book store: browse 1000+ titles | ${BRAND}`,
    description:
      'Browse and search the whole catalogue by title, author and topic: leadership, productivity, philosophy, psychology and more.',
    keywords: 'book store, ebooks, leadership books, productivity books, philosophy books, psychology books',
  },
  book: {
    path: null,
    title: `Book details | ${BRAND}`,
    description:
      'Read the description, contents and key takeaways, preview the first pages and start reading on any device.',
    keywords: 'book preview, book summary, key takeaways, read online',
  },
  subscribe: {
    path: '/subscribe',
    title: `Plans and pricing | ${BRAND}`,
    description:
      'Free 7-day trial with 3 books, Basic at £5.99 a month for 10 books with offline reading, or Premium at £9.99 for the whole library.',
    keywords: 'ebook subscription, reading plans, book subscription price, free trial',
  },
  auth: {
    path: '/auth/login',
    title: `Sign in | ${BRAND}`,
    description: `Sign in to ${BRAND} to continue reading where you left off, on any device.`,
    keywords: 'sign in, login, create account',
    isPrivate: true,
  },
  library: {
    path: '/library',
    title: `My library | ${BRAND}`,
    description: 'Your books, reading progress and bookmarks in one place.',
    keywords: 'my library, reading progress, bookmarks',
    isPrivate: true,
  },
  dashboard: {
    path: '/dashboard',
    title: `Dashboard | ${BRAND}`,
    description: 'Your reading activity, goals and achievements at a glance.',
    keywords: 'reading dashboard, reading goals, reading analytics',
    isPrivate: true,
  },
  challenges: {
    path: '/challenges',
    title: `Reading challenges | ${BRAND}`,
    description:
      'Join weekly and monthly reading challenges, track your progress and read together with the community.',
    keywords: 'reading challenge, book challenge, reading goals, community',
  },
  help: {
    path: '/help',
    title: `Help Centre | ${BRAND}`,
    description: 'Answers about plans, picks and locks, offline reading, the copy limit and billing.',
    keywords: 'help, faq, offline reading, subscription, billing',
  },
  about: {
    path: '/about',
    title: `About us | ${BRAND}`,
    description: `${BRAND} is a subscription library of books that help you grow, on every device you own.`,
    keywords: 'about, ebook subscription, reading app',
  },
  contact: {
    path: '/contact',
    title: `Contact us | ${BRAND}`,
    description: 'Questions, problems or ideas: tell the team and we will reply.',
    keywords: 'contact, support, feedback',
  },
  legal: {
    path: null,
    title: `Terms and privacy | ${BRAND}`,
    description: `How ${BRAND} handles your account, subscription and personal data.`,
    keywords: 'terms of service, privacy policy, cookies',
  },
  'not-found': {
    path: null,
    title: `Page Not Found | ${BRAND}`,
    description: 'The page you were looking for does not exist. Browse the book store or return to the home page.',
    keywords: '',
    isPrivate: true,
  },
};

export function seedContent(db: Db, publicUrl: string): { pagesAdded: number; seoAdded: number } {
  const pagesAdded = db
    .insert(pageContent)
    .values([
      { key: 'homepage', content: { ...HOMEPAGE_CONTENT } },
      ...Object.entries(SITE_PAGE_SEEDS).map(([key, page]) => ({ key, content: { ...page } })),
    ])
    .onConflictDoNothing({ target: pageContent.key })
    .run().changes;

  const origin = publicUrl.replace(/\/+$/, '');
  const image = `${origin}/icons/icon-512.png`;
  const rows = SEO_PAGE_TYPES.map((pageType) => {
    const seed = SEO_SEEDS[pageType];
    return {
      pageType,
      title: seed.title,
      description: seed.description,
      keywords: seed.keywords || null,
      // Private and error pages stay out of search results.
      metaRobots: seed.isPrivate ? 'noindex, nofollow' : 'index, follow',
      ogTitle: seed.title,
      ogDescription: seed.description,
      ogImage: image,
      ogType: pageType === 'book' ? 'book' : 'website',
      twitterTitle: seed.title,
      twitterDescription: seed.description,
      twitterImage: image,
      twitterCard: 'summary_large_image',
      canonicalUrl: seed.path && !seed.isPrivate ? `${origin}${seed.path}` : null,
    };
  });
  const seoAdded = db
    .insert(seoConfigs)
    .values(rows)
    .onConflictDoNothing({ target: seoConfigs.pageType })
    .run().changes;
  return { pagesAdded, seoAdded };
}
