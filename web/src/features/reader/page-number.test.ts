import { describe, expect, it } from 'vitest';
import { clampPage, pageFromSearch, parsePageEntry } from './page-number';

describe('parsePageEntry', () => {
  it('accepts whole pages in range, with spaces around', () => {
    expect(parsePageEntry('1', 120)).toEqual({ ok: true, page: 1 });
    expect(parsePageEntry(' 30 ', 120)).toEqual({ ok: true, page: 30 });
    expect(parsePageEntry('120', 120)).toEqual({ ok: true, page: 120 });
  });

  it.each(['', '  ', '0', '121', '-3', '2.5', '1e2', 'ten', '3a', '+4'])('refuses %j with the valid range', (text) => {
    expect(parsePageEntry(text, 120)).toEqual({ ok: false, message: 'Enter a page number from 1 to 120.' });
  });
});

describe('clampPage', () => {
  it('keeps pages within the book', () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(4.7, 10)).toBe(4);
    expect(clampPage(Number.NaN, 10)).toBe(1);
    expect(clampPage(5, 0)).toBe(1);
  });
});

describe('pageFromSearch', () => {
  it('reads ?page= when it is a positive whole number', () => {
    expect(pageFromSearch('?page=30')).toBe(30);
    expect(pageFromSearch('?theme=dark&page=2')).toBe(2);
  });

  it('ignores a missing or unusable page', () => {
    expect(pageFromSearch('')).toBeNull();
    expect(pageFromSearch('?page=')).toBeNull();
    expect(pageFromSearch('?page=0')).toBeNull();
    expect(pageFromSearch('?page=-1')).toBeNull();
    expect(pageFromSearch('?page=abc')).toBeNull();
  });
});
