import { describe, expect, it } from 'vitest';
import { buildBookIndex, rankPassages, splitSentences, stem, topicTerms } from './book-index';

describe('book index', () => {
  it('cuts page text into sentences, with headings on their own and running page numbers dropped', () => {
    expect(
      splitSentences(
        'Serenity\nCALMNESS of mind is one of the beautiful jewels of\nwisdom. It is the result of long effort.\n33',
      ),
    ).toEqual([
      'Serenity',
      'CALMNESS of mind is one of the beautiful jewels of wisdom.',
      'It is the result of long effort.',
    ]);
  });

  it('stems word forms together and drops stopwords and question words', () => {
    expect(['habits', 'habit'].map(stem)).toEqual(['habit', 'habit']);
    expect(stem('loving')).toBe(stem('loved'));
    expect(topicTerms('What does the author say about the habits of mind?', { isQuestion: true })).toEqual([
      'habit',
      'mind',
    ]);
  });

  it('ranks passages by BM25 within the page limit and drops near-duplicates', () => {
    const index = buildBookIndex({
      bookId: 'b',
      version: 1,
      pages: [
        { page: 1, text: 'The keeper lit the lamp. The sea was grey.' },
        { page: 2, text: 'The keeper lit the lamp. The sea was grey.' },
        { page: 3, text: 'Mabel brought oranges to the island.' },
      ],
    });
    const ranked = rankPassages({ index, terms: topicTerms('keeper lamp'), lastPage: 3, limit: 5 });
    expect(ranked.map((passage) => passage.page)).toEqual([1]);
    expect(rankPassages({ index, terms: topicTerms('oranges'), lastPage: 2, limit: 5 })).toEqual([]);
    expect(rankPassages({ index, terms: topicTerms('oranges'), lastPage: 3, limit: 5 })[0].page).toBe(3);
  });
});
