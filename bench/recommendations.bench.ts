/**
 * Offline evaluation of the recommendations (docs/product/recommendations.md#offline-evaluation). The demo data is
 * seeded into a temporary database (1,000 books, the demo readers' year of shelves and ratings); for every reader with
 * at least MIN_HISTORY books, the most recent HOLD_OUT_SHARE of their books is held out. The model is built from what
 * is left (the held-out books are invisible to it, co-reading included) and each reader's top K is compared with the
 * books they went on to read. The "most popular unread books" baseline runs on the same split in the same run.
 * Printed: hit rate@K (readers with at least one held-out book in their top K), recall@K, catalogue coverage (distinct
 * books recommended / books), and the full job's time on the same database. The job must beat the baseline.
 */
import fs from 'node:fs';
import { seedDemoData } from '../api/src/db/seed';
import {
  buildModel,
  mostPopular,
  scoreReader,
  type TReaderSignals,
} from '../api/src/features/recommendations/recommendation-model';
import {
  computeRecommendations,
  loadModelBooks,
  loadReaderSignals,
  refreshTermVectors,
} from '../api/src/features/recommendations/recommendations.service';
import { createBenchDeps, round2, writeResult } from './lib';

const TOP_K = 10;
const MIN_HISTORY = 5;
const HOLD_OUT_SHARE = 0.2;

interface TScore {
  hitRate: number;
  recall: number;
  coverage: number;
}

export async function benchRecommendations() {
  const { dataDir, deps } = createBenchDeps('recommendations', {
    DEMO_SEED: 'true',
    DEMO_CATALOGUE_SIZE: process.env.BENCH_RECOMMENDATIONS_BOOKS ?? '1000',
  });
  const { db } = deps;
  await seedDemoData(deps);
  const now = deps.now();
  refreshTermVectors(db, now);
  const books = loadModelBooks(db);
  const termVectors = new Map(
    db.$client
      .prepare<[], { book_id: string; terms: string }>('select book_id, terms from book_term_vectors')
      .all()
      .map((row) => [row.book_id, JSON.parse(row.terms) as Record<string, number>]),
  );
  const everyone = [...loadReaderSignals(db, null).values()];

  // The split: each evaluated reader's latest books are the future; everyone else keeps their whole shelf.
  const heldOut = new Map<string, Set<string>>();
  const training: TReaderSignals[] = everyone.map((reader) => {
    const positive = reader.interactions.filter((interaction) => interaction.weight > 0);
    if (positive.length < MIN_HISTORY) return reader;
    const byTime = [...positive].sort((a, b) => a.atMs - b.atMs);
    const count = Math.max(1, Math.round(byTime.length * HOLD_OUT_SHARE));
    const future = new Set(byTime.slice(-count).map((interaction) => interaction.bookId));
    heldOut.set(reader.userId, future);
    return { ...reader, interactions: reader.interactions.filter((interaction) => !future.has(interaction.bookId)) };
  });
  const modelStarted = performance.now();
  const model = buildModel({ books, termVectors, readers: training });
  const modelMs = Math.round(performance.now() - modelStarted);

  const evaluate = (recommend: (reader: TReaderSignals) => string[]): TScore => {
    let hits = 0;
    let found = 0;
    let wanted = 0;
    const recommended = new Set<string>();
    for (const reader of training) {
      const future = heldOut.get(reader.userId);
      if (!future) continue;
      const top = recommend(reader);
      for (const bookId of top) recommended.add(bookId);
      const matched = top.filter((bookId) => future.has(bookId)).length;
      if (matched > 0) hits += 1;
      found += matched;
      wanted += future.size;
    }
    return {
      hitRate: round2(hits / Math.max(1, heldOut.size)),
      recall: round2(found / Math.max(1, wanted)),
      coverage: round2(recommended.size / Math.max(1, books.length)),
    };
  };
  const scoringStarted = performance.now();
  const job = evaluate((reader) =>
    scoreReader(model, reader, now.getTime())
      .slice(0, TOP_K)
      .map((entry) => entry.bookId),
  );
  const scoringMs = Math.round(performance.now() - scoringStarted);
  const popular = evaluate((reader) =>
    mostPopular(model, new Set(reader.interactions.map((interaction) => interaction.bookId)), TOP_K),
  );

  const run = await computeRecommendations(deps);
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const summary = {
    books: books.length,
    readers: everyone.length,
    evaluatedReaders: heldOut.size,
    topK: TOP_K,
    holdOutShare: HOLD_OUT_SHARE,
    job,
    popular,
    beatsPopular: job.hitRate > popular.hitRate && job.recall > popular.recall,
    modelMs,
    scoringMs,
    fullJob: run,
  };
  writeResult('recommendations', summary);
  return summary;
}
