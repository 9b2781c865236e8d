import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './client';
import { createTestContext } from '../test-utils';
import { createBook } from '../test-factories';
import { createReadCache } from './read-cache';

describe('read cache', () => {
  it('answers repeated reads from memory until this connection writes', () => {
    const { db } = createTestContext();
    const cache = createReadCache(10);
    let computed = 0;
    const read = () => cache.read(db, 'key', () => ++computed);
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
    createBook(db);
    expect(read()).toBe(2);
    expect(read()).toBe(2);
  });

  it("sees another connection's commits (another worker process sharing the file)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-cache-'));
    try {
      const file = path.join(dir, 'db.sqlite');
      const reader = openDatabase(file);
      migrateDatabase(reader);
      const writer = openDatabase(file);
      const cache = createReadCache(10);
      const count = () => cache.read(reader, 'count', () => reader.$client.prepare('select count(*) as n from books').get());
      expect(count()).toEqual({ n: 0 });
      createBook(writer);
      expect(count()).toEqual({ n: 1 });
      reader.$client.close();
      writer.$client.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bypasses the cache inside a transaction and evicts the least recently used entry', () => {
    const { db } = createTestContext();
    const cache = createReadCache(2);
    let computed = 0;
    const read = (key: string) => cache.read(db, key, () => `${key}${++computed}`);
    db.$client.transaction(() => {
      expect(read('a')).toBe('a1');
      expect(read('a')).toBe('a2');
    })();
    expect(read('a')).toBe('a3');
    expect(read('b')).toBe('b4');
    expect(read('a')).toBe('a3');
    expect(read('c')).toBe('c5'); // evicts b, the least recently used
    expect(read('a')).toBe('a3');
    expect(read('b')).toBe('b6');
  });

  it('keeps the book list and detail current when the catalogue changes', async () => {
    const { app, db } = createTestContext();
    createBook(db, { title: 'First' });
    const before = (await (await app.request('/api/books')).json()) as { total: number };
    expect(before.total).toBe(1);
    const second = createBook(db, { title: 'Second' });
    const after = (await (await app.request('/api/books')).json()) as { total: number };
    expect(after.total).toBe(2);
    expect((await app.request(`/api/books/${second.id}`)).status).toBe(200);
    db.$client.prepare('update books set is_published = 0 where id = ?').run(second.id);
    expect((await app.request(`/api/books/${second.id}`)).status).toBe(404);
  });
});
