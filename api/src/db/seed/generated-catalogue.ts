/**
 * The generated part of the demo catalogue: plausible, varied self-improvement titles with authors,
 * descriptions, contents, ratings and tiers, so the store, search and paging can be tried at the
 * scale the product promises (1000+ books). Deterministic: entry i depends only on the fixed seed and
 * the entries before it, so the same count always yields the same books in the same order, and a
 * larger count only appends. Pure: no I/O.
 */
import type { TBookTier } from '@shared/tiers';
import {
  ADJECTIVES,
  BOOK_NOUNS,
  CHAPTER_TEMPLATES,
  FIRST_NAMES,
  HABIT_NOUNS,
  LAST_NAMES,
  NUMBERS,
  PLURAL_NOUNS,
  VOCABULARY,
  type TCategoryVocabulary,
} from './catalogue-vocabulary';
import { createPrng, type Prng } from './prng';
import { slugify } from '../../lib/slug';

export const CATALOGUE_SEED = 0x5eed_b00c;
const AUTHORS_PER_CATEGORY = 40;

export interface TGeneratedBook {
  slug: string;
  title: string;
  author: string;
  description: string;
  longDescription: string;
  authorBio: string;
  publishedYear: number;
  pageCount: number;
  tableOfContents: string[];
  keyTakeaways: string[];
  targetAudience: string;
  tags: string[];
  rating: number;
  totalRatings: number;
  totalReviews: number;
  isFeatured: boolean;
  requiredTier: TBookTier;
  /** Primary category first. */
  categorySlugs: string[];
  /** How many days before the seed run the book "arrived" in the catalogue. */
  ageDays: number;
}

interface Author {
  name: string;
  firstName: string;
  bio: string;
}

/** Categories that sit naturally together as a book's second category. */
const RELATED: Record<string, string[]> = {
  'self-improvement': ['productivity', 'mindset', 'personal-development'],
  'personal-development': ['self-improvement', 'communication', 'personal-growth'],
  'personal-growth': ['faith', 'psychology', 'personal-development'],
  business: ['leadership', 'productivity', 'communication'],
  faith: ['personal-growth', 'philosophy', 'biography'],
  mindset: ['psychology', 'self-improvement', 'leadership'],
  leadership: ['business', 'communication', 'mindset'],
  productivity: ['self-improvement', 'business', 'mindset'],
  philosophy: ['personal-growth', 'psychology', 'faith'],
  communication: ['leadership', 'personal-development', 'business'],
  biography: ['leadership', 'business', 'philosophy'],
  psychology: ['mindset', 'personal-growth', 'communication'],
};

const CITIES = [
  'London',
  'Edinburgh',
  'Manchester',
  'Bristol',
  'Dublin',
  'Leeds',
  'York',
  'Cardiff',
  'Oxford',
  'Cambridge',
  'Brighton',
  'Belfast',
  'Glasgow',
  'Toronto',
  'Melbourne',
  'Cape Town',
  'Auckland',
  'Vancouver',
  'Boston',
  'Chicago',
];
/** Kinds of book with the preposition each takes before its topic ("a guide to", "an exploration of"). */
const DESCRIPTION_KINDS = ['guide to', 'book on', 'handbook on', 'introduction to', 'companion to', 'exploration of'];
const DESCRIPTION_ADJECTIVES = [
  'practical',
  'warm',
  'clear-eyed',
  'generous',
  'refreshingly honest',
  'thoughtful',
  'lively',
  'no-nonsense',
];
const SOURCES = [
  'years of research and real-life stories',
  'interviews with people who have done it',
  'hard-won personal experience',
  'the latest research and timeless wisdom',
  'case studies from every walk of life',
];
const OFFERS = [
  'practical exercises you can start today',
  'a clear framework and memorable examples',
  'tools that fit into a busy week',
  'short chapters that end with one thing to try',
  'honest stories, including the failures',
];
const CLOSINGS = [
  'a book to read once and return to often',
  'an encouraging companion for the months ahead',
  'a short read with a long shelf life',
  'the book its readers wish they had found sooner',
];
const SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'in', 'on', 'to', 'for', 'at', 'by', 'with', 'who']);

export function generateCatalogue(options: {
  count: number;
  reservedSlugs?: Iterable<string>;
  seed?: number;
}): TGeneratedBook[] {
  const prng = createPrng(options.seed ?? CATALOGUE_SEED);
  const categorySlugs = Object.keys(VOCABULARY);
  const authors = createAuthors(prng, categorySlugs);
  const usedSlugs = new Set(options.reservedSlugs ?? []);
  const books: TGeneratedBook[] = [];

  for (let index = 0; index < options.count; index += 1) {
    const primary = prng.pick(categorySlugs);
    const vocabulary = VOCABULARY[primary];
    const categories = prng.chance(0.45) ? [primary, prng.pick(RELATED[primary])] : [primary];

    // A repeated title is retried a few times before falling back to a numbered slug.
    let title = makeTitle(prng, vocabulary);
    for (let attempt = 0; attempt < 4 && usedSlugs.has(slugify(title)); attempt += 1)
      title = makeTitle(prng, vocabulary);
    const slug = uniqueSlug(slugify(title), usedSlugs);
    usedSlugs.add(slug);

    const author = prng.pick(authors.get(primary)!);
    const topic = prng.pick(vocabulary.topics);
    const audience = prng.pick(vocabulary.audiences);
    const tableOfContents = makeChapters(prng, vocabulary, prng.int(8, 14));
    const keyTakeaways = prng.sample(vocabulary.takeaways, prng.int(3, 4));
    const [benefit, secondBenefit] = prng.sample(vocabulary.benefits, 2);
    const description =
      `${capitalise(withArticle(prng.pick(DESCRIPTION_ADJECTIVES)))} ${prng.pick(DESCRIPTION_KINDS)} ${topic.toLowerCase()} ` +
      `that shows ${audience} how to ${benefit}. Drawing on ${prng.pick(SOURCES)}, ${author.name} offers ${prng.pick(OFFERS)}.`;
    const longDescription = [
      description,
      `Across ${tableOfContents.length} chapters, from “${tableOfContents[0]}” to “${tableOfContents[tableOfContents.length - 1]}”, ` +
        `${author.firstName} helps readers ${secondBenefit ?? benefit}. Two ideas run through the whole book: ` +
        `“${keyTakeaways[0]}” and “${keyTakeaways[1]}”.`,
      `Written for ${audience}, ${title} is ${prng.pick(CLOSINGS)}.`,
    ].join('\n\n');

    const totalRatings = Math.round(Math.exp(Math.log(8) + prng.next() * (Math.log(20_000) - Math.log(8))));
    const tierRoll = prng.next();
    books.push({
      slug,
      title,
      author: author.name,
      description,
      longDescription,
      authorBio: author.bio,
      publishedYear: 2025 - Math.floor(prng.next() ** 2 * 40),
      pageCount: prng.int(140, 420),
      tableOfContents,
      keyTakeaways,
      targetAudience: capitalise(audience),
      tags: [...new Set([...prng.sample(vocabulary.tags, prng.int(2, 3)), topic.toLowerCase()])],
      rating: Math.round(clamp(4.15 + normal(prng) * 0.42, 3, 5) * 100) / 100,
      totalRatings,
      totalReviews: Math.round(totalRatings * (0.04 + prng.next() * 0.12)),
      isFeatured: prng.chance(0.05),
      requiredTier: tierRoll < 0.5 ? 'trial' : tierRoll < 0.8 ? 'basic' : 'premium',
      categorySlugs: categories,
      ageDays: prng.int(0, 720),
    });
  }
  return books;
}

function createAuthors(prng: Prng, categorySlugs: string[]): Map<string, Author[]> {
  const byCategory = new Map<string, Author[]>();
  for (const slug of categorySlugs) {
    const vocabulary = VOCABULARY[slug];
    const authors: Author[] = [];
    for (let index = 0; index < AUTHORS_PER_CATEGORY; index += 1) {
      const firstName = prng.pick(FIRST_NAMES);
      const initial = prng.chance(0.15) ? ` ${String.fromCharCode(65 + prng.int(0, 25))}.` : '';
      const name = `${firstName}${initial} ${prng.pick(LAST_NAMES)}`;
      const bio =
        `${name} is ${prng.pick(vocabulary.professions)} based in ${prng.pick(CITIES)}, with more than ${prng.int(6, 30)} years ` +
        `of experience helping people ${prng.pick(vocabulary.benefits)}. ${firstName} writes a popular newsletter on ` +
        `${prng.pick(vocabulary.topics).toLowerCase()} and speaks regularly to ${prng.pick(vocabulary.audiences)}.`;
      authors.push({ name, firstName, bio });
    }
    byCategory.set(slug, authors);
  }
  return byCategory;
}

function makeTitle(prng: Prng, v: TCategoryVocabulary): string {
  const adjective = prng.pick(ADJECTIVES);
  const topic = prng.pick(v.topics);
  switch (prng.int(0, 15)) {
    case 0:
    case 1:
      return `The ${adjective} ${prng.pick(HABIT_NOUNS)} of ${topic}`;
    case 2:
    case 3:
      return `${prng.pick(v.gerunds)} Without ${prng.pick(v.obstacles)}`;
    case 4:
      return `The ${topic} ${prng.pick(BOOK_NOUNS)}`;
    case 5:
      return `${prng.pick(NUMBERS)} ${prng.pick(PLURAL_NOUNS)} for ${titleCase(prng.pick(v.audiences))}`;
    case 6:
      return `How to ${prng.pick(v.howTo)}`;
    case 7:
      return `The Art of ${prng.pick(v.gerunds)}`;
    case 8:
      return `${topic} for ${titleCase(prng.pick(v.audiences))}`;
    case 9:
      return `Beyond ${prng.pick(v.obstacles)}`;
    case 10:
      return `The ${adjective} ${prng.pick(v.roles)}`;
    case 11:
      return `${adjective} ${topic}: How to ${prng.pick(v.howTo)}`;
    case 12:
      return `The ${prng.pick(v.roles)}’s ${prng.pick(BOOK_NOUNS)}`;
    case 13: {
      const [first, second] = prng.sample(v.topics, 2);
      return `${first} and ${second}`;
    }
    case 14:
      return `The ${adjective} Way to ${prng.pick(v.howTo)}`;
    default:
      return `After ${prng.pick(v.obstacles)}: ${prng.pick(v.gerunds)} Again`;
  }
}

function makeChapters(prng: Prng, v: TCategoryVocabulary, count: number): string[] {
  // Templates are listed in reading order ("The First Step" ... "What Comes Next"); keep that order.
  const chosen = prng
    .sample(CHAPTER_TEMPLATES, count)
    .sort((a, b) => CHAPTER_TEMPLATES.indexOf(a) - CHAPTER_TEMPLATES.indexOf(b));
  return chosen.map((template) =>
    template
      .replace('{topic}', prng.pick(v.topics))
      .replace('{obstacle}', prng.pick(v.obstacles))
      .replace('{gerund}', prng.pick(v.gerunds))
      .replace('{adjective}', prng.pick(ADJECTIVES)),
  );
}

function uniqueSlug(base: string, used: Set<string>): string {
  if (!used.has(base)) return base;
  let suffix = 2;
  while (used.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** Standard normal deviate (Box-Muller). */
function normal(prng: Prng): number {
  const u = Math.max(prng.next(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.next());
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function withArticle(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => {
      if (index > 0 && SMALL_WORDS.has(word)) return word;
      return word.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
    })
    .join(' ');
}
