/**
 * The recommendation model (docs/product/recommendations.md): pure functions, no database, so the job, the offline
 * evaluation (bench/recommendations.bench.ts) and the tests run exactly the same scoring. Books are described by
 * TF-IDF term vectors, categories and author; readers by weighted interactions (read, finished, rated, shelved,
 * highlighted), their preferences and what they dismissed. Every weight named here is listed in the product doc.
 */
import { bayesianAverage } from '@shared/reviews';

export const RECOMMENDATION_TYPES = ['because_you_read', 'more_in_category', 'quick_read', 'highly_rated'] as const;
export type TRecommendationType = (typeof RECOMMENDATION_TYPES)[number];

/** docs/product/recommendations.md#signals */
export const SIGNAL_WEIGHTS = {
  finished: 3,
  started: 1,
  /** Added to `started`, times the share of the book read. */
  progress: 2,
  shelved: 0.5,
  /** Per star away from 3: 5 stars adds 2, 1 star takes 2 away. */
  ratingStar: 1,
  highlight: 0.25,
  highlightMax: 1.5,
  /** Half-life in days of an interaction's weight; never below half of it. */
  recencyHalfLifeDays: 180,
} as const;

/** docs/product/recommendations.md#weights */
export const SCORE_WEIGHTS = {
  coReading: 1,
  content: 0.6,
  categoryAffinity: 0.8,
  favouriteCategory: 0.5,
  favouriteAuthor: 0.8,
  popularity: 0.15,
  rating: 0.1,
  /** Each dismissed book of the same author multiplies by this, each of the same category by the next. */
  dismissedAuthorFactor: 0.5,
  dismissedCategoryFactor: 0.8,
} as const;

/** docs/product/recommendations.md#rows */
export const ROW_SIZE = 8;
export const QUICK_READ_MAX_PAGES = 150;
export const HIGHLY_RATED_MIN_AVERAGE = 4;
export const HIGHLY_RATED_MIN_RATINGS = 5;
export const NEIGHBOURS_PER_BOOK = 30;
/** Co-reading counts only when at least this many readers read both books: one reader's shelf is never shown. */
export const MIN_CO_READERS = 2;
export const PUBLIC_MIN_CO_READERS = 3;
const TERMS_PER_VECTOR = 40;

export interface TModelBook {
  id: string;
  title: string;
  author: string;
  /** Primary first. */
  categories: { id: string; name: string }[];
  pageCount: number | null;
  rating: number;
  totalRatings: number;
}

export interface TInteraction {
  bookId: string;
  weight: number;
  atMs: number;
}

export interface TReaderSignals {
  userId: string;
  interactions: TInteraction[];
  /** Category ids the reader chose as favourite genres. */
  favouriteCategoryIds: ReadonlySet<string>;
  /** Lower-cased author names the reader chose. */
  favouriteAuthors: ReadonlySet<string>;
  dismissed: ReadonlySet<string>;
}

export interface TNeighbour {
  bookId: string;
  score: number;
  reason: string;
}

export interface TModel {
  books: Map<string, TModelBook>;
  content: Map<string, TNeighbour[]>;
  coReading: Map<string, (TNeighbour & { readers: number })[]>;
  /** Readers per book (positive interactions), for the popularity prior. */
  readerCounts: Map<string, number>;
  maxReaders: number;
}

export interface TScoredBook {
  bookId: string;
  score: number;
}

export interface TRecommendationRow {
  type: TRecommendationType;
  /** "Because you read X": X; "More in Y": the category name. */
  sourceBookId: string | null;
  label: string | null;
  items: { bookId: string; score: number; reason: string }[];
}

/** The map's value for `key`, made and stored first when missing. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Text: term counts and TF-IDF

const STOP_WORDS = new Set(
  (
    'the and for are but not you your yours with this that these those from have has had was were will would can could ' +
    'should shall may might must its it’s our ours their theirs them they then than there here what when where which who ' +
    'whom why how all any each every both few more most other some such only own same very just also into onto over under ' +
    'about above below after before again once out off upon his her hers him she he we us one two three four five six ' +
    'seven eight nine ten first second third page chapter book books contents part per via yet still much many even ever ' +
    'because through while does did doing done being been get got make made like well back way ways need needs use used ' +
    'using without within between among against during until let lets say says said see seen know known take takes come ' +
    'comes go goes going thing things something nothing anything everything time times day days year years new'
  ).split(' '),
);

/** Lower-cased words of three letters or more, stop words out, a plural "s" folded: "Habits" and "habit" agree. */
export function tokenize(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z][a-z'’-]{2,}/g) ?? [];
  const tokens: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/['’-]+$/, '').replace(/['’]s$/, '');
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    tokens.push(word.length > 4 && /[^sui]s$/.test(word) ? word.slice(0, -1) : word);
  }
  return tokens;
}

/** The `limit` most frequent terms of a text with their counts (what book_term_vectors stores). */
export function countTerms(text: string, limit = 200): Record<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokenize(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
  return Object.fromEntries(top);
}

/** Sublinear TF times IDF, the strongest terms kept, unit length. */
export function weighTerms(vectors: Map<string, Record<string, number>>): Map<string, Map<string, number>> {
  const documentFrequency = new Map<string, number>();
  for (const terms of vectors.values())
    for (const term of Object.keys(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const total = vectors.size;
  const weighted = new Map<string, Map<string, number>>();
  for (const [bookId, terms] of vectors) {
    const entries: [string, number][] = [];
    for (const [term, count] of Object.entries(terms)) {
      const df = documentFrequency.get(term) ?? 1;
      // A term in every book says nothing; one in a single book links nothing.
      if (df <= 1 || df >= total) continue;
      entries.push([term, (1 + Math.log(count)) * Math.log(total / df)]);
    }
    entries.sort((a, b) => b[1] - a[1]);
    const kept = entries.slice(0, TERMS_PER_VECTOR);
    const norm = Math.sqrt(kept.reduce((sum, [, weight]) => sum + weight * weight, 0)) || 1;
    weighted.set(bookId, new Map(kept.map(([term, weight]) => [term, weight / norm])));
  }
  return weighted;
}

// ---------------------------------------------------------------------------------------------------------------
// Book neighbours

function topNeighbours<T extends TNeighbour>(candidates: T[], limit: number): T[] {
  return candidates.sort((a, b) => b.score - a.score || (a.bookId < b.bookId ? -1 : 1)).slice(0, limit);
}

/**
 * Content neighbours: text cosine (TF-IDF), shared categories (Jaccard) and the same author, with the strongest of
 * them as the reason. An inverted index keeps this near-linear in the catalogue.
 */
export function buildContentNeighbours(
  books: Map<string, TModelBook>,
  termWeights: Map<string, Map<string, number>>,
): Map<string, TNeighbour[]> {
  // Dense indices and typed accumulators: this runs for every book against the whole catalogue.
  const list = [...books.values()];
  const indexOf = new Map(list.map((book, index) => [book.id, index]));
  const postings = new Map<string, { books: number[]; weights: number[] }>();
  for (const [bookId, terms] of termWeights) {
    const index = indexOf.get(bookId);
    if (index === undefined) continue;
    for (const [term, weight] of terms) {
      const posting = entryOf(postings, term, () => ({ books: [], weights: [] }));
      posting.books.push(index);
      posting.weights.push(weight);
    }
  }
  const byCategory = new Map<string, number[]>();
  const byAuthor = new Map<string, number[]>();
  list.forEach((book, index) => {
    for (const category of book.categories) entryOf(byCategory, category.id, () => []).push(index);
    entryOf(byAuthor, book.author.toLowerCase(), () => []).push(index);
  });

  const text = new Float64Array(list.length);
  const sharedCategories = new Uint8Array(list.length);
  const sameAuthor = new Uint8Array(list.length);
  const seen = new Uint8Array(list.length);
  const result = new Map<string, TNeighbour[]>();
  list.forEach((book, self) => {
    const touched: number[] = [];
    const touch = (other: number) => {
      if (seen[other] === 0) {
        seen[other] = 1;
        touched.push(other);
      }
    };
    for (const [term, weight] of termWeights.get(book.id) ?? []) {
      const posting = postings.get(term);
      if (!posting) continue;
      for (let i = 0; i < posting.books.length; i += 1) {
        const other = posting.books[i]!;
        text[other] = text[other]! + weight * posting.weights[i]!;
        touch(other);
      }
    }
    for (const category of book.categories)
      for (const other of byCategory.get(category.id) ?? []) {
        sharedCategories[other] = sharedCategories[other]! + 1;
        touch(other);
      }
    for (const other of byAuthor.get(book.author.toLowerCase()) ?? []) {
      sameAuthor[other] = 1;
      touch(other);
    }
    const scored: { index: number; score: number }[] = [];
    for (const other of touched) {
      if (other !== self) {
        const shared = sharedCategories[other]!;
        const union = book.categories.length + list[other]!.categories.length - shared;
        const categoryScore = union > 0 ? shared / union : 0;
        const score = 0.6 * text[other]! + 0.3 * categoryScore + 0.3 * sameAuthor[other]!;
        if (score > 0) scored.push({ index: other, score });
      }
      text[other] = 0;
      sharedCategories[other] = 0;
      sameAuthor[other] = 0;
      seen[other] = 0;
    }
    const top = scored
      .sort((a, b) => b.score - a.score || (list[a.index]!.id < list[b.index]!.id ? -1 : 1))
      .slice(0, NEIGHBOURS_PER_BOOK);
    result.set(
      book.id,
      top.map(({ index, score }) => ({
        bookId: list[index]!.id,
        score,
        reason: contentReason(book, list[index]!, termWeights.get(book.id), termWeights.get(list[index]!.id)),
      })),
    );
  });
  return result;
}

function contentReason(
  book: TModelBook,
  other: TModelBook,
  terms: Map<string, number> | undefined,
  otherTerms: Map<string, number> | undefined,
): string {
  if (book.author.toLowerCase() === other.author.toLowerCase()) return `Also by ${other.author}`;
  const sharedTerms: [string, number][] = [];
  for (const [term, weight] of terms ?? []) {
    const otherWeight = otherTerms?.get(term);
    if (otherWeight !== undefined) sharedTerms.push([term, weight * otherWeight]);
  }
  const themes = sharedTerms
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([term]) => term);
  const sharedCategory = other.categories.find((category) => book.categories.some((mine) => mine.id === category.id));
  if (themes.length === 2) return `Similar themes: ${themes[0]}, ${themes[1]}`;
  if (sharedCategory) return `Also in ${sharedCategory.name}`;
  return themes.length === 1 ? `Similar themes: ${themes[0]}` : 'Similar books';
}

/** Item-to-item co-reading: cosine of the sets of readers who read each book ("readers of X also read this"). */
export function buildCoReadingNeighbours(
  shelves: Map<string, Set<string>>,
): Map<string, (TNeighbour & { readers: number })[]> {
  // Dense indices and a typed counter per book: every shelf pairs each of its books with every other.
  const ids: string[] = [];
  const indexOf = new Map<string, number>();
  const shelvesOfBook: number[][] = [];
  const shelfIndices: number[][] = [];
  for (const shelf of shelves.values()) {
    const indices: number[] = [];
    for (const bookId of shelf) {
      let index = indexOf.get(bookId);
      if (index === undefined) {
        index = ids.length;
        ids.push(bookId);
        indexOf.set(bookId, index);
        shelvesOfBook.push([]);
      }
      indices.push(index);
      shelvesOfBook[index]!.push(shelfIndices.length);
    }
    shelfIndices.push(indices);
  }
  const together = new Int32Array(ids.length);
  const result = new Map<string, (TNeighbour & { readers: number })[]>();
  for (let book = 0; book < ids.length; book += 1) {
    const touched: number[] = [];
    for (const shelf of shelvesOfBook[book]!)
      for (const other of shelfIndices[shelf]!) {
        if (other === book) continue;
        if (together[other] === 0) touched.push(other);
        together[other] = together[other]! + 1;
      }
    const scored: (TNeighbour & { readers: number })[] = [];
    const readers = shelvesOfBook[book]!.length;
    for (const other of touched) {
      const count = together[other]!;
      together[other] = 0;
      if (count < MIN_CO_READERS) continue;
      const score = count / Math.sqrt(readers * shelvesOfBook[other]!.length);
      scored.push({ bookId: ids[other]!, score, readers: count, reason: 'Readers with similar shelves read this' });
    }
    result.set(ids[book]!, topNeighbours(scored, NEIGHBOURS_PER_BOOK));
  }
  return result;
}

/** Shelves of positive interactions per reader (a disliked book links nothing). */
export function shelvesOf(
  readers: Iterable<Pick<TReaderSignals, 'userId' | 'interactions'>>,
): Map<string, Set<string>> {
  const shelves = new Map<string, Set<string>>();
  for (const reader of readers)
    shelves.set(
      reader.userId,
      new Set(
        reader.interactions.filter((interaction) => interaction.weight > 0).map((interaction) => interaction.bookId),
      ),
    );
  return shelves;
}

export function buildModel(options: {
  books: TModelBook[];
  termVectors: Map<string, Record<string, number>>;
  readers: Iterable<Pick<TReaderSignals, 'userId' | 'interactions'>>;
}): TModel {
  const books = new Map(options.books.map((book) => [book.id, book]));
  const termVectors = new Map([...options.termVectors].filter(([bookId]) => books.has(bookId)));
  const shelves = shelvesOf(options.readers);
  const readerCounts = new Map<string, number>();
  for (const shelf of shelves.values())
    for (const bookId of shelf) readerCounts.set(bookId, (readerCounts.get(bookId) ?? 0) + 1);
  return {
    books,
    content: buildContentNeighbours(books, weighTerms(termVectors)),
    coReading: buildCoReadingNeighbours(shelves),
    readerCounts,
    maxReaders: Math.max(1, ...readerCounts.values()),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// One reader

/** An interaction's weight after recency: an old read still counts, half as much at most. */
export function recencyWeight(interaction: TInteraction, nowMs: number): number {
  const ageDays = Math.max(0, (nowMs - interaction.atMs) / 86_400_000);
  return interaction.weight * (0.5 + 0.5 * 0.5 ** (ageDays / SIGNAL_WEIGHTS.recencyHalfLifeDays));
}

interface TReaderProfile {
  weights: Map<string, number>;
  /** Share of the reader's positive weight per category id. */
  categoryAffinity: Map<string, number>;
  dismissedAuthors: Map<string, number>;
  dismissedCategories: Map<string, number>;
  excluded: Set<string>;
}

function profileOf(model: TModel, reader: TReaderSignals, nowMs: number): TReaderProfile {
  const weights = new Map<string, number>();
  for (const interaction of reader.interactions)
    weights.set(interaction.bookId, (weights.get(interaction.bookId) ?? 0) + recencyWeight(interaction, nowMs));
  const categoryAffinity = new Map<string, number>();
  let positive = 0;
  for (const [bookId, weight] of weights) {
    if (weight <= 0) continue;
    const book = model.books.get(bookId);
    if (!book) continue;
    positive += weight;
    book.categories.forEach((category, index) => {
      categoryAffinity.set(category.id, (categoryAffinity.get(category.id) ?? 0) + (index === 0 ? weight : weight / 2));
    });
  }
  for (const [id, weight] of categoryAffinity) categoryAffinity.set(id, weight / (positive || 1));
  const dismissedAuthors = new Map<string, number>();
  const dismissedCategories = new Map<string, number>();
  for (const bookId of reader.dismissed) {
    const book = model.books.get(bookId);
    if (!book) continue;
    const author = book.author.toLowerCase();
    dismissedAuthors.set(author, (dismissedAuthors.get(author) ?? 0) + 1);
    for (const category of book.categories)
      dismissedCategories.set(category.id, (dismissedCategories.get(category.id) ?? 0) + 1);
  }
  const excluded = new Set([...weights.keys(), ...reader.dismissed]);
  return { weights, categoryAffinity, dismissedAuthors, dismissedCategories, excluded };
}

/**
 * Every catalogue book the reader has not read or dismissed, scored: co-reading and content neighbours of what they
 * read (weighted by how much it counted), their category affinity and favourites, a little popularity and rating,
 * then the dismissal penalties. Sorted best first.
 */
export function scoreReader(model: TModel, reader: TReaderSignals, nowMs: number): TScoredBook[] {
  const profile = profileOf(model, reader, nowMs);
  const scores = new Map<string, number>();
  const add = (bookId: string, value: number) => {
    if (profile.excluded.has(bookId)) return;
    scores.set(bookId, (scores.get(bookId) ?? 0) + value);
  };
  for (const [bookId, weight] of profile.weights) {
    for (const neighbour of model.coReading.get(bookId) ?? [])
      add(neighbour.bookId, SCORE_WEIGHTS.coReading * weight * neighbour.score);
    for (const neighbour of model.content.get(bookId) ?? [])
      add(neighbour.bookId, SCORE_WEIGHTS.content * weight * neighbour.score);
  }
  const scale = Math.max(1, ...[...profile.weights.values()].filter((weight) => weight > 0));
  const result: TScoredBook[] = [];
  for (const book of model.books.values()) {
    if (profile.excluded.has(book.id)) continue;
    // Neighbour sums grow with the shelf; divide by the strongest single weight so the other terms keep their say.
    let score = (scores.get(book.id) ?? 0) / scale;
    const primary = book.categories[0];
    let affinity = 0;
    for (const category of book.categories)
      affinity = Math.max(affinity, profile.categoryAffinity.get(category.id) ?? 0);
    score += SCORE_WEIGHTS.categoryAffinity * affinity;
    if (book.categories.some((category) => reader.favouriteCategoryIds.has(category.id)))
      score += SCORE_WEIGHTS.favouriteCategory;
    if (reader.favouriteAuthors.has(book.author.toLowerCase())) score += SCORE_WEIGHTS.favouriteAuthor;
    score +=
      SCORE_WEIGHTS.popularity * (Math.log1p(model.readerCounts.get(book.id) ?? 0) / Math.log1p(model.maxReaders));
    score += SCORE_WEIGHTS.rating * ((bayesianAverage(book.rating, book.totalRatings) - 3) / 2);
    score *= SCORE_WEIGHTS.dismissedAuthorFactor ** (profile.dismissedAuthors.get(book.author.toLowerCase()) ?? 0);
    let categoryPenalty = 1;
    for (const category of book.categories)
      categoryPenalty = Math.min(
        categoryPenalty,
        SCORE_WEIGHTS.dismissedCategoryFactor ** (profile.dismissedCategories.get(category.id) ?? 0),
      );
    score *= categoryPenalty;
    if (primary === undefined && score <= 0) continue;
    result.push({ bookId: book.id, score });
  }
  return result.sort((a, b) => b.score - a.score || (a.bookId < b.bookId ? -1 : 1));
}

/** The most popular unread books: the baseline the offline evaluation compares against. */
export function mostPopular(model: TModel, excluded: ReadonlySet<string>, limit: number): string[] {
  return [...model.readerCounts]
    .filter(([bookId]) => !excluded.has(bookId))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([bookId]) => bookId);
}

/**
 * The reader's rows (docs/product/recommendations.md#rows), each with a reason per book. A book appears in one row
 * only, in the order the rows are shown.
 */
export function buildRows(
  model: TModel,
  reader: TReaderSignals,
  nowMs: number,
  rowSize = ROW_SIZE,
): TRecommendationRow[] {
  const ranked = scoreReader(model, reader, nowMs);
  const scoreOf = new Map(ranked.map((entry) => [entry.bookId, entry.score]));
  const profile = profileOf(model, reader, nowMs);
  const used = new Set<string>();
  const rows: TRecommendationRow[] = [];
  const take = (
    candidates: { bookId: string; score: number; reason: string }[],
  ): { bookId: string; score: number; reason: string }[] => {
    const items: { bookId: string; score: number; reason: string }[] = [];
    for (const candidate of candidates) {
      if (items.length >= rowSize) break;
      if (used.has(candidate.bookId) || !scoreOf.has(candidate.bookId)) continue;
      used.add(candidate.bookId);
      items.push(candidate);
    }
    return items;
  };

  // Because you read X: the most recent book that counted most (finished or rated well).
  const anchor = [...reader.interactions]
    .filter((interaction) => interaction.weight >= SIGNAL_WEIGHTS.finished && model.books.has(interaction.bookId))
    .sort((a, b) => b.atMs - a.atMs || b.weight - a.weight)[0];
  if (anchor) {
    const anchorBook = model.books.get(anchor.bookId)!;
    const neighbours = new Map<string, { score: number; reason: string }>();
    for (const neighbour of model.coReading.get(anchor.bookId) ?? [])
      neighbours.set(neighbour.bookId, { score: neighbour.score, reason: 'Readers of it also read this' });
    // Both kinds add up; "readers of it also read this" is the reason whenever co-reading has one.
    for (const neighbour of model.content.get(anchor.bookId) ?? []) {
      const existing = neighbours.get(neighbour.bookId);
      if (existing) existing.score += neighbour.score;
      else neighbours.set(neighbour.bookId, { score: neighbour.score, reason: neighbour.reason });
    }
    const items = take(
      [...neighbours]
        .filter(([bookId]) => scoreOf.has(bookId))
        .map(([bookId, neighbour]) => ({
          bookId,
          score: (scoreOf.get(bookId) ?? 0) * (0.5 + neighbour.score),
          reason: `Because you read ${anchorBook.title}: ${lowerFirst(neighbour.reason)}`,
        }))
        .sort(byScore),
    );
    if (items.length > 0)
      rows.push({ type: 'because_you_read', sourceBookId: anchorBook.id, label: anchorBook.title, items });
  }

  // More in Y: the category the reader reads most, else a favourite genre.
  const topCategoryId =
    [...profile.categoryAffinity].sort((a, b) => b[1] - a[1])[0]?.[0] ?? [...reader.favouriteCategoryIds][0] ?? null;
  const categoryName = topCategoryId ? categoryNameOf(model, topCategoryId) : null;
  if (topCategoryId && categoryName) {
    const why = profile.categoryAffinity.has(topCategoryId)
      ? 'the category you read most'
      : 'one of your favourite genres';
    const items = take(
      ranked
        .filter((entry) => model.books.get(entry.bookId)?.categories.some((category) => category.id === topCategoryId))
        .map((entry) => ({ ...entry, reason: `More in ${categoryName}, ${why}` })),
    );
    if (items.length > 0) rows.push({ type: 'more_in_category', sourceBookId: null, label: categoryName, items });
  }

  const tasteNote = (bookId: string) => {
    const book = model.books.get(bookId)!;
    const liked = book.categories.find(
      (category) => profile.categoryAffinity.has(category.id) || reader.favouriteCategoryIds.has(category.id),
    );
    return liked ? `, in ${liked.name}, which you like` : '';
  };

  const quick = take(
    ranked
      .filter((entry) => {
        const pages = model.books.get(entry.bookId)?.pageCount ?? null;
        return pages !== null && pages > 0 && pages <= QUICK_READ_MAX_PAGES;
      })
      .map((entry) => ({
        ...entry,
        reason: `A quick read: ${model.books.get(entry.bookId)!.pageCount} pages${tasteNote(entry.bookId)}`,
      })),
  );
  if (quick.length > 0) rows.push({ type: 'quick_read', sourceBookId: null, label: null, items: quick });

  const highlyRated = take(
    ranked
      .filter((entry) => {
        const book = model.books.get(entry.bookId)!;
        return (
          book.totalRatings >= HIGHLY_RATED_MIN_RATINGS &&
          bayesianAverage(book.rating, book.totalRatings) >= HIGHLY_RATED_MIN_AVERAGE
        );
      })
      .map((entry) => {
        const book = model.books.get(entry.bookId)!;
        return {
          ...entry,
          reason: `Rated ${book.rating.toFixed(1)} by ${book.totalRatings} readers${tasteNote(entry.bookId)}`,
        };
      }),
  );
  if (highlyRated.length > 0) rows.push({ type: 'highly_rated', sourceBookId: null, label: null, items: highlyRated });
  return rows;
}

function byScore(a: { bookId: string; score: number }, b: { bookId: string; score: number }): number {
  return b.score - a.score || (a.bookId < b.bookId ? -1 : 1);
}

function categoryNameOf(model: TModel, categoryId: string): string | null {
  for (const book of model.books.values()) {
    const found = book.categories.find((category) => category.id === categoryId);
    if (found) return found.name;
  }
  return null;
}

function lowerFirst(text: string): string {
  return text.length > 0 ? text[0]!.toLowerCase() + text.slice(1) : text;
}
