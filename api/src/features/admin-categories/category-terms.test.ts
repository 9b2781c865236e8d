import { describe, expect, it } from 'vitest';
import { categoryTerms, normaliseText, scoreBook } from './category-terms';

describe('category terms', () => {
  it('uses the set terms, else the distinctive words of the name and description', () => {
    expect(categoryTerms({ name: 'Business', description: null, terms: ['Time Management', 'money'] })).toEqual([
      'time management',
      'money',
    ]);
    expect(
      categoryTerms({ name: 'Self-Improvement', description: 'Build better habits and a steadier life.', terms: [] }),
    ).toEqual(['self', 'improvement', 'build', 'better', 'habits', 'steadier', 'life']);
  });

  it('matches whole words and phrases, plurals included, never parts of words', () => {
    const scored = scoreBook({ title: 'Moneyball', description: 'On time management and habits.', pages: '' }, [
      { id: 'a', terms: ['money', 'time management', 'habit'] },
    ]);
    expect(scored).toEqual([{ categoryId: 'a', score: 4, matched: ['habit', 'time management'] }]);
    expect(normaliseText('Café — “Quotes”')).toBe(' cafe quotes ');
  });

  it('weighs the title over the description over the page text, and caps repeats', () => {
    const [title, description, pages] = ['x', 'y', 'z'].map((id) =>
      scoreBook(
        { title: id === 'x' ? 'stoic' : '', description: id === 'y' ? 'stoic' : '', pages: id === 'z' ? 'stoic' : '' },
        [{ id, terms: ['stoic'] }],
      ),
    );
    expect(title[0].score).toBeGreaterThan(description[0].score);
    expect(description[0].score).toBeGreaterThan(pages[0].score);
    const many = scoreBook({ title: '', description: '', pages: 'stoic '.repeat(500) }, [
      { id: 'p', terms: ['stoic'] },
    ]);
    expect(many[0].score).toBeLessThan(4);
  });
});
