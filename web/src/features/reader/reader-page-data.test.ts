import { describe, expect, it } from 'vitest';
import { READER_SCRIPT_ID, takeReaderPageData } from './reader-page-data';

const manifest = { bookId: 'b1', slug: 'deep-work', version: 2, size: 100, chunkSize: 64, chunks: [], loanId: null };

function pageWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('reader');
  const block = doc.createElement('script');
  block.type = 'application/json';
  block.id = READER_SCRIPT_ID;
  block.textContent = text;
  doc.head.append(block);
  return doc;
}

describe('the book a reader page carries', () => {
  it('is read once and removed from the page', () => {
    const data = { bookRef: 'deep-work', userId: 'u1', manifest, progress: null, bookmarks: [] };
    const doc = pageWith(JSON.stringify(data));
    expect(takeReaderPageData(doc)).toEqual(data);
    expect(doc.getElementById(READER_SCRIPT_ID)).toBeNull();
    expect(takeReaderPageData(doc)).toBeNull();
  });

  it('is nothing when the block is missing, broken or not a book', () => {
    expect(takeReaderPageData(document.implementation.createHTMLDocument('x'))).toBeNull();
    expect(takeReaderPageData(pageWith('{"bookRef":'))).toBeNull();
    expect(takeReaderPageData(pageWith('null'))).toBeNull();
    expect(
      takeReaderPageData(
        pageWith(
          JSON.stringify({ bookRef: 'x', userId: 'u1', manifest: { bookId: 'b1' }, progress: null, bookmarks: [] }),
        ),
      ),
    ).toBeNull();
    expect(
      takeReaderPageData(pageWith(JSON.stringify({ bookRef: 'x', userId: 'u1', manifest, progress: null }))),
    ).toBeNull();
  });
});
