import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb, deleteDb } from '@web/storage/db';
import { readStoredChunk, storeChunk } from '@web/storage/offline-books';
import { CHUNK_SOURCE_HEADER, createChunkHandler, isChunkPath, parseChunkRunUrl, parseChunkUrl } from './chunk-route';

afterEach(async () => {
  await deleteDb();
});

const url = (path: string) => new URL(path, 'https://books.example');

describe('parseChunkUrl', () => {
  it('reads the book, version and index of a chunk URL', () => {
    expect(parseChunkUrl(url('/api/books/book%2D1/chunks/7?v=3'))).toEqual({ bookId: 'book-1', version: 3, index: 7 });
    expect(isChunkPath('/api/books/b/chunks/0')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const path of [
      '/api/books/b/chunks/1',
      '/api/books/b/chunks/1?v=0',
      '/api/books/b/chunks/x?v=1',
      '/api/books/b/manifest?v=1',
      '/api/books/b/chunks/1/extra?v=1',
      '/api/books/%E0/chunks/1?v=1',
    ]) {
      expect(parseChunkUrl(url(path))).toBeNull();
    }
  });
});

describe('the service worker chunk handler', () => {
  it('answers a stored chunk from IndexedDB without touching the network', async () => {
    const bytes = crypto.getRandomValues(new Uint8Array(64));
    await storeChunk({ bookId: 'book-1', version: 3, index: 2, data: bytes.buffer, sha256: 'abc' });
    const network = vi.fn<(request: Request) => Promise<Response>>();
    const handle = createChunkHandler({ readChunk: readStoredChunk, fetch: network });
    const target = url('/api/books/book-1/chunks/2?v=3');
    const response = await handle({ request: new Request(target), url: target });
    expect(response.status).toBe(200);
    expect(response.headers.get(CHUNK_SOURCE_HEADER)).toBe('indexeddb');
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    expect(network).not.toHaveBeenCalled();
  });

  it('goes to the network for a chunk that is not stored, or of another version', async () => {
    await storeChunk({ bookId: 'book-1', version: 3, index: 2, data: new ArrayBuffer(8), sha256: 'abc' });
    const network = vi.fn(async () => new Response('from network'));
    const handle = createChunkHandler({ readChunk: readStoredChunk, fetch: network });
    for (const path of [
      '/api/books/book-1/chunks/3?v=3',
      '/api/books/book-1/chunks/2?v=4',
      '/api/books/book-1/chunks/2',
    ]) {
      const target = url(path);
      const response = await handle({ request: new Request(target), url: target });
      expect(await response.text()).toBe('from network');
    }
    expect(network).toHaveBeenCalledTimes(3);
  });

  it('falls back to the network when IndexedDB cannot be read', async () => {
    const network = vi.fn(async () => new Response('from network'));
    const handle = createChunkHandler({ readChunk: () => Promise.reject(new Error('blocked')), fetch: network });
    const target = url('/api/books/book-1/chunks/0?v=1');
    expect(await (await handle({ request: new Request(target), url: target })).text()).toBe('from network');
    expect(await getDb().chunks.count()).toBe(0);
  });
});

describe('runs of adjacent chunks (GET /api/books/:id/chunks?v=&from=&count=)', () => {
  it('parses a run URL and refuses malformed ones', () => {
    expect(parseChunkRunUrl(url('/api/books/book-1/chunks?v=2&from=3&count=4'))).toEqual({
      bookId: 'book-1',
      version: 2,
      from: 3,
      count: 4,
    });
    expect(isChunkPath('/api/books/b/chunks')).toBe(true);
    for (const path of [
      '/api/books/b/chunks?v=1&from=0',
      '/api/books/b/chunks?v=0&from=0&count=1',
      '/api/books/b/chunks?v=1&from=-1&count=1',
      '/api/books/b/chunks?v=1&from=0&count=0',
      '/api/books/b/chunks?v=1&from=0&count=65',
      '/api/books/b/chunks?v=1&from=1.5&count=1',
    ]) {
      expect(parseChunkRunUrl(url(path)), path).toBeNull();
    }
  });

  it('answers a run from IndexedDB when every chunk of it is stored, else passes it to the network', async () => {
    const parts = [1, 2, 3].map((index) => crypto.getRandomValues(new Uint8Array(10 + index)));
    for (const [offset, data] of parts.entries())
      await storeChunk({ bookId: 'book-1', version: 3, index: 4 + offset, data: data.buffer, sha256: 'abc' });
    const network = vi.fn(async () => new Response('from network'));
    const handle = createChunkHandler({ readChunk: readStoredChunk, fetch: network });

    const stored = url('/api/books/book-1/chunks?v=3&from=4&count=3');
    const response = await handle({ request: new Request(stored), url: stored });
    expect(response.headers.get(CHUNK_SOURCE_HEADER)).toBe('indexeddb');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(
      new Uint8Array([...parts[0], ...parts[1], ...parts[2]]),
    );
    expect(network).not.toHaveBeenCalled();

    // One chunk of the run is not on this device: the server answers the whole run.
    const partly = url('/api/books/book-1/chunks?v=3&from=5&count=3');
    expect(await (await handle({ request: new Request(partly), url: partly })).text()).toBe('from network');
    expect(network).toHaveBeenCalledTimes(1);
  });
});
