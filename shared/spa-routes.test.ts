import { describe, expect, it } from 'vitest';
import { readerBookRef } from './spa-routes';

describe('readerBookRef', () => {
  it('gives the book a reader address names, decoded', () => {
    expect(readerBookRef('/reader/the-prince')).toBe('the-prince');
    expect(readerBookRef('/read/2874b333-aa4f-40be-bad5-ba444b479ebf/')).toBe('2874b333-aa4f-40be-bad5-ba444b479ebf');
    expect(readerBookRef('/reader/caf%C3%A9')).toBe('café');
  });

  it('is null for other paths and malformed escapes', () => {
    for (const path of ['/reader', '/reader/', '/reader/a/b', '/book/the-prince', '/api/reader/x', '/reader/%E0%A4%A'])
      expect(readerBookRef(path), path).toBeNull();
  });
});
