/**
 * The 16 real public-domain books committed under content/books/<slug>/ (meta.json + text.txt):
 * their catalogue rows, with descriptions and author notes written from the metadata, a page count
 * estimated from the text length and a table of contents detected in the text. Reads files only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TBookTier } from '@shared/tiers';
import { detectTableOfContents } from './table-of-contents';

/** Resolved from this file, not the working directory, so the seed works from any cwd. */
export const CONTENT_BOOKS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../content/books',
);

/** Characters of plain text on one printed page (a typical trade paperback page). */
export const CHARS_PER_PAGE = 1800;
const WORDS_PER_MINUTE = 250;

const ZContentBookMeta = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  author: z.string().min(1),
  category: z.string().min(1),
  publishedYear: z.number().int(),
  language: z.string().default('en'),
  tags: z.array(z.string()).default([]),
  description: z.string().min(1),
  characters: z.number().int().positive().optional(),
  words: z.number().int().positive().optional(),
  keyTakeaways: z.array(z.string()).default([]),
  targetAudience: z.string().optional(),
});
export type TContentBookMeta = z.infer<typeof ZContentBookMeta>;

export interface TContentBook {
  slug: string;
  title: string;
  author: string;
  description: string;
  longDescription: string;
  authorBio: string;
  publishedYear: number;
  language: string;
  pageCount: number;
  tableOfContents: string[];
  keyTakeaways: string[];
  targetAudience: string | null;
  tags: string[];
  rating: number;
  totalRatings: number;
  totalReviews: number;
  isFeatured: boolean;
  requiredTier: TBookTier;
  /** Category names, primary first. */
  categoryNames: string[];
}

/**
 * Catalogue placement of each real book: rating, popularity, tier and featuring. Chosen by hand so
 * the store front shows the classics first; most are readable on a trial, a few need a paid plan.
 */
const PLACEMENT: Record<
  string,
  { rating: number; totalRatings: number; tier: TBookTier; featured: boolean; alsoIn?: string[] }
> = {
  'as-a-man-thinketh': {
    rating: 4.7,
    totalRatings: 12840,
    tier: 'trial',
    featured: true,
    alsoIn: ['Self-Improvement'],
  },
  'autobiography-of-benjamin-franklin': {
    rating: 4.5,
    totalRatings: 9120,
    tier: 'trial',
    featured: true,
    alsoIn: ['Self-Improvement'],
  },
  'how-to-live-on-24-hours-a-day': {
    rating: 4.6,
    totalRatings: 10450,
    tier: 'trial',
    featured: true,
    alsoIn: ['Self-Improvement'],
  },
  meditations: { rating: 4.9, totalRatings: 21530, tier: 'trial', featured: true, alsoIn: ['Mindset'] },
  orthodoxy: { rating: 4.4, totalRatings: 5230, tier: 'trial', featured: false, alsoIn: ['Philosophy'] },
  'self-help': { rating: 4.3, totalRatings: 4870, tier: 'basic', featured: false, alsoIn: ['Self-Improvement'] },
  'the-art-of-war': { rating: 4.8, totalRatings: 18760, tier: 'trial', featured: true, alsoIn: ['Business'] },
  'the-elements-of-style': { rating: 4.6, totalRatings: 11380, tier: 'trial', featured: true },
  'the-enchiridion': { rating: 4.7, totalRatings: 7640, tier: 'trial', featured: false, alsoIn: ['Mindset'] },
  'the-imitation-of-christ': { rating: 4.6, totalRatings: 6210, tier: 'trial', featured: false },
  'the-practice-of-the-presence-of-god': {
    rating: 4.8,
    totalRatings: 8930,
    tier: 'trial',
    featured: true,
    alsoIn: ['Personal Growth'],
  },
  'the-prince': { rating: 4.2, totalRatings: 14320, tier: 'basic', featured: false, alsoIn: ['Philosophy'] },
  'the-republic': { rating: 4.4, totalRatings: 9870, tier: 'premium', featured: false },
  'the-wealth-of-nations': { rating: 4.3, totalRatings: 7450, tier: 'premium', featured: true },
  thrift: { rating: 4.2, totalRatings: 3120, tier: 'basic', featured: false, alsoIn: ['Self-Improvement'] },
  walden: { rating: 4.5, totalRatings: 13680, tier: 'basic', featured: true, alsoIn: ['Personal Growth'] },
};
const DEFAULT_PLACEMENT = { rating: 4.5, totalRatings: 5000, tier: 'trial' as TBookTier, featured: false };

/** Short notes on the real authors; the generic sentence below covers any book added later. */
const AUTHOR_BIOS: Record<string, string> = {
  'James Allen':
    'James Allen (1864–1912) was a British writer and philosopher whose short books on the power of thought helped found the self-help tradition. He left a career in business to write, living simply in Ilfracombe, Devon.',
  'Benjamin Franklin':
    'Benjamin Franklin (1706–1790) was a printer, writer, scientist, inventor and diplomat, and one of the founders of the United States. His experiments with electricity and his practical maxims made him famous on both sides of the Atlantic.',
  'Arnold Bennett':
    'Arnold Bennett (1867–1931) was an English novelist, journalist and critic from the Potteries, best known for The Old Wives’ Tale and the Clayhanger novels, and for a series of brisk, practical guides to everyday living.',
  'Marcus Aurelius':
    'Marcus Aurelius (121–180) was Roman emperor from 161 until his death and the last of the “Five Good Emperors”. He wrote his private notes to himself, now known as the Meditations, while on campaign.',
  'G. K. Chesterton':
    'G. K. Chesterton (1874–1936) was an English writer, journalist and critic, famous for his paradoxes, his Father Brown detective stories and his lively defences of faith and common sense.',
  'Samuel Smiles':
    'Samuel Smiles (1812–1904) was a Scottish author, doctor and reformer. His Self-Help became one of the best-selling books of the Victorian age, celebrating perseverance, thrift and character.',
  'Sun Tzu':
    'Sun Tzu was a Chinese general and strategist of the Spring and Autumn period, traditionally credited with The Art of War, the most influential work on strategy ever written.',
  'William Strunk Jr.':
    'William Strunk Jr. (1869–1946) was a professor of English at Cornell University. He wrote The Elements of Style for his students, and its rules on clear, concise writing are still taught today.',
  Epictetus:
    'Epictetus (c. 50–135) was a Greek Stoic philosopher born into slavery in Hierapolis. After gaining his freedom he taught philosophy in Rome and later in Nicopolis; his pupil Arrian recorded his teaching.',
  'Thomas à Kempis':
    'Thomas à Kempis (c. 1380–1471) was a German-Dutch canon regular of the Brothers of the Common Life. His Imitation of Christ is among the most widely read Christian devotional books.',
  'Brother Lawrence':
    'Brother Lawrence (c. 1614–1691), born Nicolas Herman, was a lay brother in a Carmelite monastery in Paris, where he worked in the kitchen and practised a simple, constant awareness of God.',
  'Niccolò Machiavelli':
    'Niccolò Machiavelli (1469–1527) was a Florentine diplomat, historian and political philosopher. Written after his fall from office, The Prince became a founding work of modern political thought.',
  Plato:
    'Plato (c. 428–348 BC) was an Athenian philosopher, a student of Socrates and the teacher of Aristotle. He founded the Academy in Athens, and his dialogues remain the starting point of Western philosophy.',
  'Adam Smith':
    'Adam Smith (1723–1790) was a Scottish economist and moral philosopher of the Scottish Enlightenment. The Wealth of Nations made him the father of modern economics.',
  'Henry David Thoreau':
    'Henry David Thoreau (1817–1862) was an American essayist, naturalist and philosopher of the Transcendentalist movement. He lived for two years in a cabin he built at Walden Pond, in Concord, Massachusetts.',
};

export function listContentBookSlugs(dir = CONTENT_BOOKS_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'meta.json')))
    .map((entry) => entry.name)
    .sort();
}

export function readContentBookMeta(slug: string, dir = CONTENT_BOOKS_DIR): TContentBookMeta {
  const file = path.join(dir, slug, 'meta.json');
  const parsed = ZContentBookMeta.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(
      `Invalid book metadata in ${file}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`,
    );
  return parsed.data;
}

/** Builds the catalogue row of one real book; reads its text for the page count and contents. */
export function loadContentBook(meta: TContentBookMeta, dir = CONTENT_BOOKS_DIR): TContentBook {
  const text = fs.readFileSync(path.join(dir, meta.slug, 'text.txt'), 'utf8');
  const characters = meta.characters ?? text.length;
  const words = meta.words ?? text.split(/\s+/).filter(Boolean).length;
  const pageCount = Math.max(1, Math.ceil(characters / CHARS_PER_PAGE));
  const placement = PLACEMENT[meta.slug] ?? DEFAULT_PLACEMENT;
  return {
    slug: meta.slug,
    title: meta.title,
    author: meta.author,
    description: meta.description,
    longDescription: writeLongDescription(meta, pageCount, words),
    authorBio:
      AUTHOR_BIOS[meta.author] ??
      `${meta.author} is the author of ${meta.title}, first published in ${formatYear(meta.publishedYear)}.`,
    publishedYear: meta.publishedYear,
    language: meta.language,
    pageCount,
    tableOfContents: detectTableOfContents(text, { title: meta.title, author: meta.author }),
    keyTakeaways: meta.keyTakeaways,
    targetAudience: meta.targetAudience ?? null,
    tags: meta.tags,
    rating: placement.rating,
    totalRatings: placement.totalRatings,
    // About one rating in twelve comes with a written review.
    totalReviews: Math.round(placement.totalRatings / 12),
    isFeatured: placement.featured,
    requiredTier: placement.tier,
    categoryNames: [meta.category, ...(('alsoIn' in placement ? placement.alsoIn : undefined) ?? [])].filter(
      (name, index, all) => all.indexOf(name) === index,
    ),
  };
}

function writeLongDescription(meta: TContentBookMeta, pageCount: number, words: number): string {
  const paragraphs = [meta.description];
  const origin = `${capitalise(originPhrase(meta.publishedYear))}, ${meta.title} is still read today because its lessons travel well.`;
  const lessons = meta.keyTakeaways.length
    ? ` Its central ideas are simple to state and worth a lifetime of practice: ${joinList(meta.keyTakeaways.map(lowerFirst))}.`
    : '';
  paragraphs.push(origin + lessons);
  const audience = meta.targetAudience ? ` It suits ${lowerFirst(meta.targetAudience)}.` : '';
  paragraphs.push(`This edition runs to about ${pageCount} pages, ${readingTime(words)}.${audience}`);
  return paragraphs.join('\n\n');
}

function originPhrase(year: number): string {
  if (year < 0) return `written around ${-year} BC`;
  if (year < 1000) return `written around AD ${year}`;
  return `first published in ${year}`;
}

function formatYear(year: number): string {
  return year < 0 ? `${-year} BC` : year < 1000 ? `AD ${year}` : String(year);
}

function readingTime(words: number): string {
  const minutes = words / WORDS_PER_MINUTE;
  if (minutes < 90) return 'short enough to finish in a single sitting';
  const hours = Math.round(minutes / 60);
  return `around ${hours} hours of reading`;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('; ')}; and ${items[items.length - 1]}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  // Keep proper nouns and "I" as written: only lower a capital followed by a lower-case letter.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
