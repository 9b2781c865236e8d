import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from './db/client';
import { createTestContext, successBody } from './test-utils';
import { createBook, createCategory } from './test-factories';
import { ZBookListQuery } from '@shared/catalogue.schemas';
import { getBookDetail, listBooks, listCategories } from './features/catalogue/catalogue.service';
import { createReadCache, TRACKED_TABLES } from './db/read-cache';

/** Two connections on one file (as two worker processes would have): the cache on one sees the other's commit. */
function expectToSeeAnotherConnectionsCommit(cache: ReturnType<typeof createReadCache>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-cache-'));
  try {
    const file = path.join(dir, 'db.sqlite');
    const reader = openDatabase(file);
    migrateDatabase(reader);
    const writer = openDatabase(file);
    const count = () =>
      cache.read(reader, 'count', () => reader.$client.prepare('select count(*) as n from books').get());
    expect(count()).toEqual({ n: 0 });
    createBook(writer);
    expect(count()).toEqual({ n: 1 });
    reader.$client.close();
    writer.$client.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

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
    expectToSeeAnotherConnectionsCommit(createReadCache(10));
  });

  it('bypasses the cache inside a transaction (without tables) and evicts the least recently used entry', () => {
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
    const { client, db } = createTestContext();
    createBook(db, { title: 'First' });
    const before = await successBody(await client.books.$get({ query: {} }));
    expect(before.total).toBe(1);
    const second = createBook(db, { title: 'Second' });
    const after = await successBody(await client.books.$get({ query: {} }));
    expect(after.total).toBe(2);
    const detail = client.books[':idOrSlug'];
    expect((await detail.$get({ param: { idOrSlug: second.id } })).status).toBe(200);
    db.$client.prepare('update books set is_published = 0 where id = ?').run(second.id);
    expect((await detail.$get({ param: { idOrSlug: second.id } })).status).toBe(404);
  });

  it('keeps book detail, browsing and categories cached through other writes, and current when a category changes', async () => {
    const { client, db } = createTestContext();
    const poetry = createCategory(db, { name: 'Poetry', slug: 'poetry' });
    const book = createBook(db, { title: 'Verses', categories: [poetry] });
    const detail = async () =>
      (await successBody(await client.books[':idOrSlug'].$get({ param: { idOrSlug: book.id } }))).category;
    expect(await detail()).toBe('Poetry');
    const firstPage = ZBookListQuery.parse({});
    const page = listBooks({ db, query: firstPage });
    // A write to another table leaves the entries in place (the same objects are served again).
    const before = getBookDetail({ db, idOrSlug: book.id });
    db.$client
      .prepare(
        "insert into feedback (id, type, category, title, description, created_at, updated_at) values ('f1', 'bug', 'other', 'Title here', 'A description here', 0, 0)",
      )
      .run();
    expect(getBookDetail({ db, idOrSlug: book.id })).toBe(before);
    expect(listBooks({ db, query: firstPage })).toBe(page);
    db.$client.prepare('update categories set name = ? where id = ?').run('Poems', poetry.id);
    expect(await detail()).toBe('Poems');
    const essays = createCategory(db, { name: 'Essays', slug: 'essays' });
    db.$client.prepare('update book_categories set category_id = ? where book_id = ?').run(essays.id, book.id);
    expect(await detail()).toBe('Essays');
    expect(listCategories({ db }).find((category) => category.slug === 'essays')?.bookCount).toBe(1);
  });
});

describe('read cache keyed on table generations', () => {
  it('stays valid while other tables change and is cleared by a write to one of its tables', () => {
    const { db } = createTestContext();
    const cache = createReadCache(10, { tables: ['books'] });
    let computed = 0;
    const read = () => cache.read(db, 'key', () => ++computed);
    expect([read(), read()]).toEqual([1, 1]);
    db.$client
      .prepare(
        "insert into categories (id, name, slug, created_at, updated_at) values ('c1', 'Poetry', 'poetry', 0, 0)",
      )
      .run();
    expect(read()).toBe(1);
    const book = createBook(db);
    expect(read()).toBe(2);
    db.$client.prepare('update books set title = ? where id = ?').run('Renamed', book.id);
    expect(read()).toBe(3);
    db.$client.prepare('delete from books where id = ?').run(book.id);
    expect(read()).toBe(4);
    expect(read()).toBe(4);
  });

  it("sees another connection's writes to its tables", () => {
    expectToSeeAnotherConnectionsCommit(createReadCache(10, { tables: ['books'] }));
  });

  it('serves and stores inside transactions, and never serves what a rolled-back transaction saw', () => {
    const { db } = createTestContext();
    const cache = createReadCache(10, { tables: ['books'] });
    const titles = () =>
      cache.read(db, 'titles', () => db.$client.prepare('select title from books order by title').pluck().all());
    createBook(db, { title: 'Kept' });
    expect(titles()).toEqual(['Kept']);
    db.$client.transaction(() => {
      expect(titles()).toEqual(['Kept']); // served from the entry stored outside
      db.$client
        .prepare(
          "insert into categories (id, name, slug, created_at, updated_at) values ('c2', 'Essays', 'essays', 0, 0)",
        )
        .run();
      expect(titles()).toEqual(['Kept']);
    })();
    expect(() =>
      db.$client.transaction(() => {
        createBook(db, { title: 'Rolled back' });
        expect(titles()).toEqual(['Kept', 'Rolled back']); // this transaction's own view
        throw new Error('roll back');
      })(),
    ).toThrow('roll back');
    expect(titles()).toEqual(['Kept']);
    createBook(db, { title: 'Committed' });
    expect(titles()).toEqual(['Committed', 'Kept']);
  });

  it('has a generation row and insert, update and delete triggers for exactly the tracked tables', () => {
    const { db } = createTestContext();
    const rows = db.$client.prepare('select table_name from cache_generations order by table_name').pluck().all();
    expect(rows).toEqual([...TRACKED_TABLES].sort());
    const triggers = db.$client
      .prepare("select tbl_name, name from sqlite_master where type = 'trigger' and name like '%_cache_generation_%'")
      .all() as { tbl_name: string; name: string }[];
    for (const table of TRACKED_TABLES) {
      expect(
        triggers
          .filter((trigger) => trigger.tbl_name === table)
          .map((trigger) => trigger.name)
          .sort(),
      ).toEqual(['delete', 'insert', 'update'].map((op) => `${table}_cache_generation_${op}`));
    }
    expect(new Set(triggers.map((trigger) => trigger.tbl_name))).toEqual(new Set(TRACKED_TABLES));
  });
});
