import { describe, expect, it } from 'vitest';
import { highlightParts } from './search-highlight';

describe('highlightParts', () => {
  it('marks every word of the query, ignoring case', () => {
    expect(highlightParts('Habits form. A habit stacks.', 'habit')).toEqual([
      { text: 'Habit', isMatch: true },
      { text: 's form. A ', isMatch: false },
      { text: 'habit', isMatch: true },
      { text: ' stacks.', isMatch: false },
    ]);
    expect(
      highlightParts('deep work and deep rest', 'DEEP rest')
        .filter((part) => part.isMatch)
        .map((part) => part.text),
    ).toEqual(['deep', 'deep', 'rest']);
  });

  it('treats regular-expression characters as text', () => {
    expect(highlightParts('costs $5 (or more)', '(or')).toEqual([
      { text: 'costs $5 ', isMatch: false },
      { text: '(or', isMatch: true },
      { text: ' more)', isMatch: false },
    ]);
  });

  it('returns the snippet unmarked for an empty query, and nothing for an empty snippet', () => {
    expect(highlightParts('text', '  ')).toEqual([{ text: 'text', isMatch: false }]);
    expect(highlightParts('', 'x')).toEqual([]);
  });
});
