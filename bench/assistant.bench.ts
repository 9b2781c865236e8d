/**
 * The book assistant (docs/product/assistant.md#retrieval), `npm run bench assistant`:
 * (a) answer time: 100 questions over the demo books (the hand-labelled set, five rounds) and 100 questions over the
 *     largest demo book, each the service's path after the first question of a book (index from the per-connection
 *     cache, BM25 over passages, the composed answer); the first question of each book also builds its index, timed
 *     on its own;
 * (b) retrieval recall on bench/assistant-questions.json: the share of questions whose labelled page (the page holding
 *     the answer phrase, found in the ingested text) is among the first 1 and 3 pages retrieved, for the assistant's
 *     passage ranking against plain FTS5 ranking of whole pages (bm25() over book_pages_fts, the same words OR'd) in
 *     the same run; and how often the composed answer cites a labelled page.
 * The demo books are typeset and ingested through the real pipeline into a fresh database first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { books } from '../api/src/db/schema';
import { ingestBookPdf } from '../api/src/features/ingest/ingest.service';
import { typesetContentBook } from '../api/src/db/seed/book-pdfs';
import { loadBookIndex, rankPassages, topicTerms, type TBookIndex } from '../api/src/features/assistant/book-index';
import { composeAnswer } from '../api/src/features/assistant/compose-answer';
import { quoteFtsPhrase } from '../api/src/features/search/search-terms';
import { ASSISTANT_MAX_QUOTE_CHARS, ASSISTANT_PASSAGES } from '../shared/assistant';
import { createBenchDeps, round2, writeResult } from './lib';

interface TLabelledQuestion {
  book: string;
  question: string;
  answer: string;
}

const LARGE_BOOK = 'the-wealth-of-nations';
const ROUNDS = 5;
const LARGE_BOOK_QUESTIONS = 100;
const TARGET_MS = 300;

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

function timing(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    questions: samples.length,
    medianMs: round2(percentile(sorted, 0.5)),
    p95Ms: round2(percentile(sorted, 0.95)),
    maxMs: round2(sorted.at(-1) ?? 0),
  };
}

/** Distinct pages in rank order. */
const distinctPages = (pages: number[]) => [...new Set(pages)];

export async function benchAssistant() {
  const file = path.join(import.meta.dirname, 'assistant-questions.json');
  const { questions } = JSON.parse(fs.readFileSync(file, 'utf8')) as { questions: TLabelledQuestion[] };
  const slugs = [...new Set([...questions.map((question) => question.book), LARGE_BOOK])];
  const { dataDir, deps } = createBenchDeps('assistant');
  const { db } = deps;
  try {
    const shelf = new Map<string, { id: string; version: number; pages: number }>();
    const ingestStarted = performance.now();
    for (const slug of slugs) {
      const typeset = await typesetContentBook(slug);
      const book = db.insert(books).values({ slug, title: slug, author: 'Demo' }).returning().get();
      const { asset } = await ingestBookPdf({ deps, bookId: book.id, pdf: typeset.bytes, source: 'seed' });
      shelf.set(slug, { id: book.id, version: asset.version, pages: asset.pageCount });
    }
    const ingestSeconds = Math.round((performance.now() - ingestStarted) / 1000);

    // First use of each book: its index is built from book_pages.
    const indexBuild: Record<string, { pages: number; ms: number }> = {};
    const indexes = new Map<string, TBookIndex>();
    for (const [slug, book] of shelf) {
      const started = performance.now();
      indexes.set(slug, loadBookIndex({ db, bookId: book.id, version: book.version }));
      indexBuild[slug] = { pages: book.pages, ms: Math.round(performance.now() - started) };
    }

    const answerOnce = (slug: string, question: string) => {
      const book = shelf.get(slug)!;
      const started = performance.now();
      const index = loadBookIndex({ db, bookId: book.id, version: book.version });
      const answer = composeAnswer({
        index,
        question,
        lastPage: book.pages,
        quoteAllowance: ASSISTANT_MAX_QUOTE_CHARS,
        canWidenScope: false,
      });
      return { ms: performance.now() - started, answer };
    };

    // (a) answer time over the demo books and over the largest one.
    const demoSamples: number[] = [];
    for (let round = 0; round < ROUNDS; round++)
      for (const question of questions) demoSamples.push(answerOnce(question.book, question.question).ms);
    const large = indexes.get(LARGE_BOOK)!;
    const largeSamples: number[] = [];
    for (let i = 0; i < LARGE_BOOK_QUESTIONS; i++) {
      // A question made of three words of a sentence spread over the book, as a reader asking about a passage would.
      const sentence = large.sentences[Math.floor(((i + 0.5) / LARGE_BOOK_QUESTIONS) * large.sentences.length)];
      const words = sentence.text
        .split(/\s+/)
        .filter((word) => word.length > 5)
        .slice(0, 3);
      largeSamples.push(answerOnce(LARGE_BOOK, `What does the book say about ${words.join(' ')}?`).ms);
    }

    // (b) recall against plain FTS5 ranking of pages.
    const ftsPages = db.$client.prepare<{ match: string; bookId: string; version: number }, { page: number }>(
      `select p.page_number as page from book_pages_fts join book_pages p on p.id = book_pages_fts.rowid
       where book_pages_fts match @match and p.book_id = @bookId and p.version = @version
       order by bm25(book_pages_fts) limit 10`,
    );
    const pageTexts = db.$client.prepare<[string, number], { page: number; text: string }>(
      'select page_number as page, text from book_pages where book_id = ? and version = ? order by page_number',
    );
    const flat = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();
    const rows: {
      book: string;
      question: string;
      labelledPages: number[];
      assistantPages: number[];
      ftsPages: number[];
      answerPages: number[];
    }[] = [];
    for (const question of questions) {
      const book = shelf.get(question.book)!;
      const labelledPages = pageTexts
        .all(book.id, book.version)
        .filter((page) => flat(page.text).includes(flat(question.answer)))
        .map((page) => page.page);
      const index = indexes.get(question.book)!;
      const assistantPages = distinctPages(
        rankPassages({
          index,
          terms: topicTerms(question.question, { isQuestion: true }),
          lastPage: book.pages,
          limit: ASSISTANT_PASSAGES,
        }).map((passage) => passage.page),
      );
      // The same words, unstemmed (FTS5 stems them itself), any of them.
      const words = [
        ...new Set(
          question.question
            .toLowerCase()
            .match(/[\p{L}\p{N}]+/gu)
            ?.filter((word) => topicTerms(word, { isQuestion: true }).length > 0) ?? [],
        ),
      ];
      const fts =
        words.length === 0
          ? []
          : ftsPages
              .all({ match: words.map(quoteFtsPhrase).join(' OR '), bookId: book.id, version: book.version })
              .map((row) => row.page);
      const answerPages = answerOnce(question.book, question.question).answer.parts.flatMap((part) => part.pages);
      rows.push({
        book: question.book,
        question: question.question,
        labelledPages,
        assistantPages,
        ftsPages: fts,
        answerPages,
      });
    }
    const labelled = rows.filter((row) => row.labelledPages.length > 0);
    const recallAt = (pick: (row: (typeof rows)[number]) => number[], k: number) =>
      round2(
        labelled.filter((row) =>
          pick(row)
            .slice(0, k)
            .some((page) => row.labelledPages.includes(page)),
        ).length / Math.max(1, labelled.length),
      );
    const recall = {
      questions: questions.length,
      labelled: labelled.length,
      unlabelled: rows.filter((row) => row.labelledPages.length === 0).map((row) => `${row.book}: ${row.question}`),
      assistant: { at1: recallAt((row) => row.assistantPages, 1), at3: recallAt((row) => row.assistantPages, 3) },
      fts5: { at1: recallAt((row) => row.ftsPages, 1), at3: recallAt((row) => row.ftsPages, 3) },
      answerCitesLabelledPage: round2(
        labelled.filter((row) => row.answerPages.some((page) => row.labelledPages.includes(page))).length /
          Math.max(1, labelled.length),
      ),
    };

    const summary = {
      books: slugs.length,
      ingestSeconds,
      largeBook: { slug: LARGE_BOOK, pages: shelf.get(LARGE_BOOK)!.pages },
      indexBuild,
      answerTime: { demoBooks: timing(demoSamples), largeBook: timing(largeSamples), targetMs: TARGET_MS },
      recall,
      rows,
    };
    writeResult('assistant', summary);
    return summary;
  } finally {
    db.$client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
