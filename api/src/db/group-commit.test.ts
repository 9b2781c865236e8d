import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from './client';
import { groupCommit, MAX_GROUP_SIZE } from './group-commit';

const opened: { db: Db; dir: string }[] = [];

function database(): { db: Db; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-group-commit-'));
  const file = path.join(dir, 'db.sqlite');
  const db = openDatabase(file);
  db.$client.exec("create table notes (id integer primary key, text text not null check (text <> ''))");
  opened.push({ db, dir });
  return { db, file };
}

afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const texts = (db: Db) => (db.$client.prepare('select text from notes order by id').pluck().all() as string[]).sort();

describe('group commit', () => {
  it('runs work queued in the same turn in one transaction and settles each with its value', async () => {
    const { db } = database();
    const insert = db.$client.prepare('insert into notes (text) values (?)');
    const seen: boolean[] = [];
    const results = await Promise.all(
      ['a', 'b', 'c'].map((text) =>
        groupCommit(db).run(() => {
          seen.push(db.$client.inTransaction);
          return insert.run(text).changes;
        }),
      ),
    );
    expect(results).toEqual([1, 1, 1]);
    expect(seen).toEqual([true, true, true]);
    expect(texts(db)).toEqual(['a', 'b', 'c']);
  });

  it('undoes only the work that fails: the group is replayed carefully, each piece in its own savepoint', async () => {
    const { db } = database();
    const insert = db.$client.prepare('insert into notes (text) values (?)');
    const calls: Record<string, boolean[]> = { first: [], failing: [], last: [] };
    const piece = (name: keyof typeof calls, text: string) =>
      groupCommit(db).run((careful) => {
        calls[name].push(careful);
        insert.run(text);
        if (name === 'failing') insert.run(''); // breaks the check constraint after a first write
        return name;
      });
    const outcomes = await Promise.allSettled([piece('first', 'one'), piece('failing', 'two'), piece('last', 'three')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      name: 'SqliteError',
      code: 'SQLITE_CONSTRAINT_CHECK',
    });
    // The fast pass ran until the failure; the careful pass ran everything again, and kept one copy of each.
    expect(calls).toEqual({ first: [false, true], failing: [false, true], last: [true] });
    expect(texts(db)).toEqual(['one', 'three']);
  });

  it('settles only after the commit, so another connection already sees the rows', async () => {
    const { db, file } = database();
    const other = openDatabase(file);
    try {
      const count = other.$client.prepare('select count(*) from notes').pluck();
      await groupCommit(db).run(() => db.$client.prepare('insert into notes (text) values (?)').run('durable'));
      expect(count.get()).toBe(1);
    } finally {
      other.$client.close();
    }
  });

  it('rejects every piece when the transaction cannot begin, and keeps working afterwards', async () => {
    const { db, file } = database();
    const other = openDatabase(file);
    try {
      db.$client.pragma('busy_timeout = 0');
      other.$client.exec('begin immediate');
      const insert = db.$client.prepare('insert into notes (text) values (?)');
      const outcomes = await Promise.allSettled(['x', 'y'].map((text) => groupCommit(db).run(() => insert.run(text))));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_BUSY' });
      other.$client.exec('rollback');
      await groupCommit(db).run(() => insert.run('z'));
      expect(texts(db)).toEqual(['z']);
    } finally {
      other.$client.close();
    }
  });

  it(`splits a long queue into groups of at most ${MAX_GROUP_SIZE}`, async () => {
    const { db } = database();
    const insert = db.$client.prepare('insert into notes (text) values (?)');
    // A group runs synchronously, so a microtask queued by a piece runs only once its whole group has
    // committed: it marks where one group ends and the next begins.
    let inGroup = 0;
    const groupSizes: number[] = [];
    const pieces = Array.from({ length: MAX_GROUP_SIZE + 5 }, (_, index) =>
      groupCommit(db).run(() => {
        if (inGroup === 0) groupSizes.push(0);
        inGroup += 1;
        groupSizes[groupSizes.length - 1] += 1;
        insert.run(`note ${index}`);
        queueMicrotask(() => (inGroup = 0));
      }),
    );
    await Promise.all(pieces);
    expect(groupSizes).toEqual([MAX_GROUP_SIZE, 5]);
    expect(texts(db)).toHaveLength(MAX_GROUP_SIZE + 5);
  });
});
