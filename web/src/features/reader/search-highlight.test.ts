import { describe, expect, it } from 'vitest';
import { highlightParts } from './search-highlight';

describe('highlightParts', () => {
  it('marks every word of the query, ignoring case', () => {
    expect(highlightParts('Habits form. A habit stacks.', 'habit')).toEqual([
      { text: 'Habit', isMatch: true, start: 0 },
      { text: 's form. A ', isMatch: false, start: 5 },
      { text: 'habit', isMatch: true, start: 15 },
      { text: ' stacks.', isMatch: false, start: 20 },
    ]);
    expect(
      highlightParts('deep work and deep rest', 'DEEP rest')
        .filter((part) => part.isMatch)
        .map((part) => part.text),
    ).toEqual(['deep', 'deep', 'rest']);
  });

  it('treats regular-expression characters as text', () => {
    expect(highlightParts('costs $5 (or more)', '(or')).toEqual([
      { text: 'costs $5 ', isMatch: false, start: 0 },
      { text: '(or', isMatch: true, start: 9 },
      { text: ' more)', isMatch: false, start: 12 },
    ]);
  });

  it('returns the snippet unmarked for an empty query, and nothing for an empty snippet', () => {
    expect(highlightParts('text', '  ')).toEqual([{ text: 'text', isMatch: false, start: 0 }]);
    expect(highlightParts('', 'x')).toEqual([]);
  });
});
