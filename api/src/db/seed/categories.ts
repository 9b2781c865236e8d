/** The catalogue's categories: name, slug, description, a lucide-react icon name and an accent colour. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories } from '../schema';
import { VOCABULARY } from './catalogue-vocabulary';

export interface TCategorySeed {
  name: string;
  slug: string;
  description: string;
  /** lucide-react icon component name. */
  icon: string;
  color: string;
}

export const CATEGORY_SEEDS: TCategorySeed[] = [
  {
    name: 'Self-Improvement',
    slug: 'self-improvement',
    description: 'Practical books for building better habits, sharper thinking and a steadier life.',
    icon: 'Sparkles',
    color: '#7c3aed',
  },
  {
    name: 'Personal Development',
    slug: 'personal-development',
    description: 'Grow your skills, confidence and character one chapter at a time.',
    icon: 'TrendingUp',
    color: '#2563eb',
  },
  {
    name: 'Personal Growth',
    slug: 'personal-growth',
    description: 'Reflective reading on purpose, resilience and becoming who you mean to be.',
    icon: 'Sprout',
    color: '#16a34a',
  },
  {
    name: 'Business',
    slug: 'business',
    description: 'Strategy, money and work: ideas that have shaped how enterprises are built and run.',
    icon: 'Briefcase',
    color: '#0f766e',
  },
  {
    name: 'Faith',
    slug: 'faith',
    description: 'Devotional classics and thoughtful writing on belief, prayer and the spiritual life.',
    icon: 'HeartHandshake',
    color: '#b45309',
  },
  {
    name: 'Mindset',
    slug: 'mindset',
    description: 'How thoughts shape outcomes: attention, attitude and the inner game.',
    icon: 'Brain',
    color: '#db2777',
  },
  {
    name: 'Leadership',
    slug: 'leadership',
    description: 'Leading people, teams and yourself, from ancient strategy to modern management.',
    icon: 'Crown',
    color: '#ca8a04',
  },
  {
    name: 'Productivity',
    slug: 'productivity',
    description: 'Make time for what matters: focus, planning and getting meaningful work done.',
    icon: 'Timer',
    color: '#ea580c',
  },
  {
    name: 'Philosophy',
    slug: 'philosophy',
    description: 'The great questions of how to live, from the Stoics to the Transcendentalists.',
    icon: 'Landmark',
    color: '#4f46e5',
  },
  {
    name: 'Communication',
    slug: 'communication',
    description: 'Write clearly, speak well and listen better, at work and at home.',
    icon: 'MessageCircle',
    color: '#0891b2',
  },
  {
    name: 'Biography',
    slug: 'biography',
    description: 'Lives worth learning from, told by those who lived them and those who studied them.',
    icon: 'UserRound',
    color: '#9333ea',
  },
  {
    name: 'Psychology',
    slug: 'psychology',
    description: 'Why we think, feel and act as we do, and how to use that knowledge well.',
    icon: 'Lightbulb',
    color: '#dc2626',
  },
];

/** Inserts the categories that are missing (by slug or name) and returns every category's id by name. */
export function seedCategories(db: Db): {
  added: number;
  idsByName: Map<string, string>;
  idsBySlug: Map<string, string>;
} {
  const added = db.insert(categories).values(CATEGORY_SEEDS).onConflictDoNothing().run().changes;
  // The bulk categorisation's terms (docs/product/site-content.md#suggestions): the subjects and tags the demo
  // catalogue's books are written from. Only categories whose terms nobody has set yet.
  for (const seed of CATEGORY_SEEDS) {
    const words = VOCABULARY[seed.slug];
    if (!words) continue;
    const terms = [...new Set([...words.tags, ...words.topics].map((term) => term.toLowerCase()))].slice(0, 50);
    db.update(categories)
      .set({ terms })
      .where(and(eq(categories.slug, seed.slug), sql`${categories.terms} = '[]'`))
      .run();
  }
  const rows = db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).all();
  return {
    added,
    idsByName: new Map(rows.map((row) => [row.name, row.id])),
    idsBySlug: new Map(rows.map((row) => [row.slug, row.id])),
  };
}
