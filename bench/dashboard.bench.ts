/**
 * Benchmark figure: the reading dashboard (GET /api/reading-stats, `getReadingDashboard`) and a challenge's leaderboard
 * (GET /api/challenges/:id/leaderboard, `getLeaderboard`) with a year of reading for 10,000 readers, each timed against
 * a plain indexed query on better-sqlite3 reading the same rows in the same run (no shaping). Target: each at least
 * 0.7x the plain query's speed (docs/product/reading-stats.md#summary-tables: the dashboard reads summary tables).
 *
 * Volume: 10,000 readers reading about one day in three over the last year, 4 page stays a reading day (about 4.9
 * million reading events) in a catalogue of 200 books, their day summaries, and one challenge all of them joined with progress spread out (ties
 * included). Written with recursive CTEs inside one transaction.
 */
import fs from 'node:fs';
import { getReadingDashboard, rebuildReadingStats } from '../api/src/features/reading-stats/reading-stats.service';
import { getLeaderboard } from '../api/src/features/challenges/challenges.service';
import type { Db } from '../api/src/db/client';
import { createBenchDeps, round2, writeResult } from './lib';

const DAY_MS = 24 * 60 * 60 * 1000;
const TARGET_RATIO = 0.7;
const READERS = Number(process.env.BENCH_DASHBOARD_READERS ?? 10_000);
const PAGES_PER_DAY = 4;
const BOOKS = 200;
const CHALLENGE_ID = '00000000-0000-4000-8000-00000000be0c';

function seedYear(db: Db, now: number): { readers: number; events: number; daySummaries: number } {
  const sqlite = db.$client;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  sqlite.exec('BEGIN IMMEDIATE');
  try {
    sqlite
      .prepare(`
      with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ?)
      insert into users (id, email, first_name, last_name, email_verified, subscription_tier, subscription_status, created_at, updated_at)
      select printf('bench-reader-%05d', i), printf('reader%05d@bench.example', i), 'Bench', printf('Reader %d', i), 1,
        case when i % 3 = 0 then 'premium' else 'basic' end, 'active', ?, ? from n`)
      .run(READERS, now - 400 * DAY_MS, now);
    // A catalogue of 200 books, each reader on one of them (everyone on one book would skew the planner's statistics).
    sqlite
      .prepare(`
      with recursive b(k) as (select 0 union all select k + 1 from b where k + 1 < ${BOOKS})
      insert into books (id, slug, title, author, description, required_tier, page_count, created_at, updated_at)
      select printf('bench-book-%03d', k), printf('bench-book-%03d', k), printf('Bench Book %d', k), 'Bench',
        'A book for the benchmark', 'trial', 400, ?, ? from b`)
      .run(now, now);
    // One session per reading day: reader i reads on the days d with (d + i) % 3 = 0, in the evening.
    sqlite
      .prepare(`
      with recursive d(k) as (select 0 union all select k + 1 from d where k + 1 < 365)
      insert into reading_sessions (id, user_id, book_id, started_at, ended_at, created_at, updated_at)
      select printf('bs-%s-%d', u.id, d.k), u.id, printf('bench-book-%03d', cast(substr(u.id, 14) as integer) % ${BOOKS}), ? - d.k * ${DAY_MS} + 19 * 3600000,
        ? - d.k * ${DAY_MS} + 19 * 3600000 + 600000, ?, ?
      from users u join d on (d.k + cast(substr(u.id, 14) as integer)) % 3 = 0
      where u.id like 'bench-reader-%'`)
      .run(today, today, now, now);
    sqlite
      .prepare(`
      with recursive p(j) as (select 0 union all select j + 1 from p where j + 1 < ${PAGES_PER_DAY})
      insert into reading_events (id, session_id, user_id, book_id, event_type, page_number, duration_ms, occurred_at, created_at)
      select s.id || '-' || p.j, s.id, s.user_id, s.book_id, 'page_view', p.j + 1, 45000, s.started_at + p.j * 60000, s.started_at
      from reading_sessions s join p where s.id like 'bs-%'`)
      .run();
    // The day summaries the summaries job would have written (UTC readers, start of day 00:00).
    sqlite.exec(`
      insert into reading_day_stats (user_id, day, reading_ms, tts_ms, pages, sessions, books_finished, hour_ms)
      select user_id, strftime('%Y-%m-%d', started_at / 1000, 'unixepoch'), ${PAGES_PER_DAY} * 45000, 0, ${PAGES_PER_DAY}, 1, 0,
        '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,180000,0,0,0,0]'
      from reading_sessions where id like 'bs-%';
      insert into reading_book_stats (user_id, book_id, first_read_at, last_read_at, reading_ms, tts_ms, pages, sessions, times_finished)
      select user_id, book_id, min(started_at), max(started_at), count(*) * ${PAGES_PER_DAY} * 45000, 0, count(*) * ${PAGES_PER_DAY}, count(*), 0
      from reading_sessions where id like 'bs-%' group by user_id, book_id;
      insert into reading_stats_state (user_id, time_zone, day_start_minutes, dirty, built_at)
      select id, 'UTC', 0, 0, ${now} from users where id like 'bench-reader-%';`);
    // One challenge everyone joined: pages over the year, progress in steps of 10 so many readers tie.
    sqlite
      .prepare(`insert into reading_challenges (id, title, description, type, target_value, duration, start_date, end_date,
          created_at, updated_at) values (?, 'A year of pages', 'Pages read over the year', 'pages_count', 400, 'custom', ?, ?, ?, ?)`)
      .run(CHALLENGE_ID, today - 364 * DAY_MS, today + DAY_MS, now, now);
    sqlite
      .prepare(`insert into challenge_participants (id, challenge_id, user_id, progress, is_completed, completed_at, joined_at,
          created_at, updated_at)
        select 'bp-' || id, ?, id, (abs(random()) % 60) * 10, 0, null, ?, ?, ? from users where id like 'bench-reader-%'`)
      .run(CHALLENGE_ID, now - 300 * DAY_MS, now, now);
    sqlite.exec(`update challenge_participants set is_completed = 1, completed_at = joined_at + progress * 3600000
      where challenge_id = '${CHALLENGE_ID}' and progress >= 400`);
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    throw error;
  }
  sqlite.exec('ANALYZE');
  const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return { readers: READERS, events: count('reading_events'), daySummaries: count('reading_day_stats') };
}

/** Median wall time of `runs` calls after warm-ups, in milliseconds; `work` gets the run's index. */
function median(work: (index: number) => unknown, runs = 31): number {
  for (let index = 0; index < 3; index += 1) work(index);
  const times: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    work(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export interface TDashboardTiming {
  label: string;
  candidateMs: number;
  plainSqlMs: number;
  ratio: number;
  pass: boolean;
}

export function benchDashboard() {
  const { deps, dataDir } = createBenchDeps('dashboard');
  const db = deps.db;
  const now = new Date();
  const seedStarted = performance.now();
  const volume = seedYear(db, now.getTime());
  const seedMs = Math.round(performance.now() - seedStarted);
  const sqlite = db.$client;
  // Readers measured in turn, their summaries built by the real job's rebuild first (as after a sync).
  const sample = Array.from(
    { length: 40 },
    (_, index) => `bench-reader-${String(index * Math.floor(READERS / 40)).padStart(5, '0')}`,
  );
  for (const userId of sample) {
    rebuildReadingStats(db, { userId, timeZone: 'UTC', dayStartMinutes: 0, profileZone: false, nowMs: now.getTime() });
  }
  const since = new Date(now.getTime() - 364 * DAY_MS).toISOString().slice(0, 10);
  const plain = {
    days: sqlite.prepare(
      'select day, reading_ms, tts_ms, pages, sessions, books_finished, hour_ms from reading_day_stats where user_id = ? and day >= ? order by day',
    ),
    totals: sqlite.prepare(
      'select sum(reading_ms), sum(tts_ms), sum(pages), sum(books_finished) from reading_day_stats where user_id = ?',
    ),
    books: sqlite.prepare('select * from reading_book_stats where user_id = ? order by last_read_at desc'),
    top: sqlite.prepare(
      `select p.user_id, p.progress, u.first_name, u.last_name from challenge_participants p join users u on u.id = p.user_id
       where p.challenge_id = ? order by p.progress desc, p.completed_at, p.joined_at limit 100`,
    ),
    count: sqlite.prepare('select count(*) from challenge_participants where challenge_id = ?'),
  };
  const cases: [string, (index: number) => unknown, (index: number) => unknown][] = [
    [
      'dashboard (GET /api/reading-stats), a year of reading',
      (index) => getReadingDashboard({ db, userId: sample[index % sample.length]!, browserTimeZone: 'UTC', now }),
      (index) => {
        const userId = sample[index % sample.length]!;
        plain.days.all(userId, since);
        plain.totals.get(userId);
        plain.books.all(userId);
      },
    ],
    [
      `leaderboard (GET /api/challenges/:id/leaderboard), ${READERS.toLocaleString('en-GB')} participants`,
      (index) => getLeaderboard({ db, id: CHALLENGE_ID, viewerId: sample[index % sample.length]! }),
      () => {
        plain.top.all(CHALLENGE_ID);
        plain.count.get(CHALLENGE_ID);
      },
    ],
  ];
  const timings: TDashboardTiming[] = cases.map(([label, candidate, baseline]) => {
    const candidateMs = median(candidate);
    const plainSqlMs = median(baseline);
    const ratio = round2(plainSqlMs / candidateMs);
    return {
      label,
      candidateMs: round2(candidateMs),
      plainSqlMs: round2(plainSqlMs),
      ratio,
      pass: ratio >= TARGET_RATIO,
    };
  });
  const result = { volume, seedMs, timings, targetRatio: TARGET_RATIO };
  writeResult('dashboard', result);
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}
