/**
 * The demo seed against fresh databases: what it writes (the plans of docs/product/plans-and-picks.md#plans,
 * categories, the 16 real books, generated books up to DEMO_CATALOGUE_SIZE, content, config, demo accounts), that it is
 * deterministic and idempotent, how it handles the demo-accounts file, and that 1000 books seed well within 30 s. Each
 * test uses its own temporary DATA_DIR so ./data is never touched.
 */
import { SITE_PAGE_KEYS } from '@shared/site-pages';
import { getReadingStats } from '../../features/library/library.service';
import { getReadingDashboard } from '../../features/reading-stats/reading-stats.service';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_MONEY_READERS } from './demo-money';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SEO_PAGE_TYPES } from '@shared/content';
import { ZHomepageContent } from '@shared/content.schemas';
import { parseEnv } from '../../env';
import { verifyPassword } from '../../lib/password';
import { isSearchIndexInSync } from '../search-index';
import { createLogger } from '../../logger';
import { migrateDatabase, openDatabase } from '../client';
import {
  auditLogs,
  bookCategories,
  books,
  categories,
  emailPreferences,
  pageContent,
  seoConfigs,
  subscriptionPlans,
  systemConfig,
  users,
} from '../schema';
import { CHARS_PER_PAGE, listContentBookSlugs, readContentBookMeta } from './content-books';
import { seedDemoData, type SeedDeps } from './index';
import { createPaymentsProvider } from '../../adapters/payments';
import { getSubscription, listInvoices } from '../../features/billing/billing.service';
import { DEMO_ACCOUNTS_FILE, DEMO_ACCOUNT_SPECS, demoEmail } from './users';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-seed-test-'));
  tempDirs.push(dir);
  return dir;
}

function createSeedDeps(
  options: { size?: number; dataDir?: string; superAdminEmails?: string } = {},
): SeedDeps & { dataDir: string } {
  const dataDir = options.dataDir ?? makeDataDir();
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_CATALOGUE_SIZE: String(options.size ?? 40),
    LOG_LEVEL: 'silent',
    SUPER_ADMIN_EMAILS: options.superAdminEmails ?? '',
  });
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  return { db, env, logger: createLogger('silent'), now: () => new Date(), dataDir };
}

/** Row count of every table, so a re-run can be shown to change nothing anywhere. */
function tableCounts(deps: SeedDeps): Record<string, number> {
  const tables = deps.db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%fts_%' order by name`,
  );
  return Object.fromEntries(
    tables.map(({ name }) => [name, deps.db.get<{ n: number }>(sql.raw(`select count(*) as n from "${name}"`))!.n]),
  );
}

function readAccountsFile(dataDir: string) {
  return JSON.parse(fs.readFileSync(path.join(dataDir, DEMO_ACCOUNTS_FILE), 'utf8')) as {
    accounts: { label: string; email: string; password: string; role: string; tier: string }[];
  };
}

describe('seedDemoData', () => {
  it('writes the three plans of docs/product/plans-and-picks.md#plans exactly', async () => {
    const deps = createSeedDeps();
    await seedDemoData(deps);
    const plans = deps.db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.displayOrder)).all();
    expect(
      plans.map(({ tier, name, price, priceAmount, bookLimit, displayOrder, currency, period, badge }) => ({
        tier,
        name,
        price,
        priceAmount,
        bookLimit,
        displayOrder,
        currency,
        period,
        badge,
      })),
    ).toEqual([
      {
        tier: 'trial',
        name: 'Free Trial',
        price: '£0',
        priceAmount: 0,
        bookLimit: 3,
        displayOrder: 1,
        currency: 'GBP',
        period: 'for 7 days',
        badge: null,
      },
      {
        tier: 'basic',
        name: 'Basic Plan',
        price: '£5.99',
        priceAmount: 599,
        bookLimit: 10,
        displayOrder: 2,
        currency: 'GBP',
        period: 'per month',
        badge: null,
      },
      {
        tier: 'premium',
        name: 'Premium Plan',
        price: '£9.99',
        priceAmount: 999,
        bookLimit: -1,
        displayOrder: 3,
        currency: 'GBP',
        period: 'per month',
        badge: 'MOST POPULAR',
      },
    ]);
    expect(plans[0].features).toEqual([
      '7 days',
      'Choose 3 books',
      'Unlimited reads during the trial',
      'No credit card required',
      'Upgrade anytime',
    ]);
    expect(plans[1].features).toEqual(
      expect.arrayContaining(['Offline reading', '30-day lock-in period', 'Customer support']),
    );
    expect(plans[2].features).toEqual(
      expect.arrayContaining(['Advanced analytics', 'Priority support', 'Multi-device sync']),
    );
  });

  it('writes the categories, the 16 real books with their metadata and generated books up to DEMO_CATALOGUE_SIZE', async () => {
    const deps = createSeedDeps({ size: 60 });
    const report = await seedDemoData(deps);
    expect(report.bookCount).toBe(60);
    expect(deps.db.select().from(books).all()).toHaveLength(60);

    const categoryRows = deps.db.select().from(categories).all();
    expect(categoryRows.length).toBeGreaterThanOrEqual(10);
    for (const category of categoryRows)
      expect(category).toMatchObject({
        slug: expect.stringMatching(/^[a-z-]+$/),
        icon: expect.any(String),
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      });

    const slugs = listContentBookSlugs();
    expect(slugs).toHaveLength(16);
    for (const slug of slugs) {
      const meta = readContentBookMeta(slug);
      const book = deps.db.select().from(books).where(eq(books.slug, slug)).get()!;
      expect(book).toMatchObject({
        title: meta.title,
        author: meta.author,
        publishedYear: meta.publishedYear,
        tags: meta.tags,
        description: meta.description,
        keyTakeaways: meta.keyTakeaways,
        targetAudience: meta.targetAudience,
        language: 'en',
      });
      expect(book.pageCount).toBe(Math.ceil(meta.characters! / CHARS_PER_PAGE));
      expect(book.rating).toBeGreaterThanOrEqual(4.2);
      expect(book.rating).toBeLessThanOrEqual(4.9);
      expect(book.tableOfContents.length, `${slug} contents`).toBeGreaterThanOrEqual(3);
      expect(book.tableOfContents.length).toBeLessThanOrEqual(40);
      expect(book.longDescription).toContain(meta.description);
      expect(book.authorBio).toContain(meta.author.split(' ').at(-1)!.replace('.', ''));
      const primary = deps.db
        .select({ name: categories.name })
        .from(bookCategories)
        .innerJoin(categories, eq(categories.id, bookCategories.categoryId))
        .where(eq(bookCategories.bookId, book.id))
        .orderBy(asc(bookCategories.position))
        .get();
      expect(primary?.name).toBe(meta.category);
    }
    const real = deps.db
      .select()
      .from(books)
      .all()
      .filter((book) => slugs.includes(book.slug));
    expect(real.filter((book) => book.isFeatured).length).toBeGreaterThanOrEqual(3);
    const tiers = new Set(real.map((book) => book.requiredTier));
    expect(tiers).toEqual(new Set(['trial', 'basic', 'premium']));
    expect(real.filter((book) => book.requiredTier === 'trial').length).toBeGreaterThan(real.length / 2);
  });

  it('gives every book a category and leaves covers to the generated SVG', async () => {
    const deps = createSeedDeps({ size: 80 });
    await seedDemoData(deps);
    const rows = deps.db
      .select({
        slug: books.slug,
        cover: books.coverImageUrl,
        links: sql<number>`(select count(*) from book_categories bc where bc.book_id = ${books.id})`,
      })
      .from(books)
      .all();
    expect(rows).toHaveLength(80);
    for (const row of rows) {
      expect(row.cover).toBeNull();
      expect(row.links).toBeGreaterThanOrEqual(1);
      expect(row.links).toBeLessThanOrEqual(2);
    }
  });

  it('is deterministic: two fresh databases get the same books in the same order', async () => {
    const first = createSeedDeps({ size: 120 });
    const second = createSeedDeps({ size: 120 });
    await seedDemoData(first);
    await seedDemoData(second);
    const catalogue = (deps: SeedDeps) =>
      deps.db.all<{ slug: string; title: string; author: string; rating: number; tier: string }>(
        sql`select slug, title, author, rating, required_tier as tier from books order by rowid`,
      );
    expect(catalogue(first)).toEqual(catalogue(second));
    expect(new Set(catalogue(first).map((book) => book.title)).size).toBeGreaterThan(100);
  });

  it('is idempotent: a second run changes and duplicates nothing', async () => {
    const deps = createSeedDeps({ size: 50 });
    const first = await seedDemoData(deps);
    const countsAfterFirst = tableCounts(deps);
    const fileAfterFirst = fs.readFileSync(path.join(deps.dataDir, DEMO_ACCOUNTS_FILE), 'utf8');
    const usersAfterFirst = deps.db.select().from(users).orderBy(asc(users.email)).all();
    const lastBookUpdate = deps.db.get<{ at: number }>(sql`select max(updated_at) as at from books`);

    const second = await seedDemoData(deps);
    expect(tableCounts(deps)).toEqual(countsAfterFirst);
    expect(fs.readFileSync(path.join(deps.dataDir, DEMO_ACCOUNTS_FILE), 'utf8')).toBe(fileAfterFirst);
    expect(deps.db.select().from(users).orderBy(asc(users.email)).all()).toEqual(usersAfterFirst);
    expect(deps.db.get(sql`select max(updated_at) as at from books`)).toEqual(lastBookUpdate);
    expect(second).toMatchObject({ bookCount: first.bookCount, demoAccounts: first.demoAccounts });
    expect(countsAfterFirst).toMatchObject({
      subscription_plans: 3,
      users: DEMO_ACCOUNT_SPECS.length + DEMO_MONEY_READERS,
      books: 50,
      page_content: 1 + SITE_PAGE_KEYS.length, // the homepage and the footer's pages
    });
  });

  it('turns the catalogue ratings into reviews from demo readers, so every book’s figures are its reviews’', async () => {
    const deps = createSeedDeps({ size: 50 });
    await seedDemoData(deps);
    const mismatches = deps.db.all(sql`select b.slug from books b
      where b.total_ratings != (select count(*) from book_reviews r where r.book_id = b.id and r.is_approved = 1)
         or b.total_reviews != (select count(*) from book_reviews r where r.book_id = b.id and r.is_approved = 1
                                and coalesce(r.review_text, r.review_title) is not null)
         or abs(b.rating - coalesce((select avg(r.rating) from book_reviews r where r.book_id = b.id and r.is_approved = 1), 0)) > 0.005`);
    expect(mismatches).toEqual([]);
    const figures = deps.db.get<{ books: number; reviewed: number; reviewers: number }>(sql`select
      (select count(*) from books) as books,
      (select count(distinct book_id) from book_reviews) as reviewed,
      (select count(distinct user_id) from book_reviews) as reviewers`);
    expect(figures).toMatchObject({ books: 50, reviewed: 50 });
    expect(figures?.reviewers).toBeGreaterThan(50);
  });

  it('seeds running, upcoming, full and ended challenges whose demo accounts count their real reading', async () => {
    const deps = createSeedDeps({ size: 50 });
    await seedDemoData(deps);
    const challenges = deps.db.all<{ title: string; participants: number; max: number | null; comments: number }>(sql`
      select c.title, (select count(*) from challenge_participants p where p.challenge_id = c.id) as participants,
        c.max_participants as max, (select count(*) from challenge_comments m where m.challenge_id = c.id) as comments
      from reading_challenges c order by c.start_date`);
    expect(challenges.map((challenge) => challenge.title)).toEqual([
      'Winter reading week',
      'Thirty pages a day',
      'Ten-spot reading sprint',
      'Three classics before summer',
    ]);
    const sprint = challenges.find((challenge) => challenge.title === 'Ten-spot reading sprint');
    expect(sprint).toMatchObject({ participants: 10, max: 10 });
    expect(challenges.find((challenge) => challenge.title === 'Thirty pages a day')?.comments).toBe(4);
    // The Premium demo reader read on most evenings of the last fortnight: real counted pages.
    const premium = deps.db.get<{ progress: number }>(sql`select p.progress from challenge_participants p
      join users u on u.id = p.user_id join reading_challenges c on c.id = p.challenge_id
      where u.email like 'reader.premium@%' and c.title = 'Thirty pages a day'`);
    expect(premium?.progress).toBeGreaterThan(0);
    const again = await seedDemoData(deps);
    expect(again).toBeDefined();
    expect(deps.db.get<{ n: number }>(sql`select count(*) as n from reading_challenges`)?.n).toBe(4);
  });

  it('keeps admin edits to seeded rows', async () => {
    const deps = createSeedDeps();
    await seedDemoData(deps);
    deps.db
      .update(subscriptionPlans)
      .set({ price: '£6.49', priceAmount: 649 })
      .where(eq(subscriptionPlans.tier, 'basic'))
      .run();
    deps.db.update(systemConfig).set({ value: '14' }).where(eq(systemConfig.key, 'trial_days')).run();
    deps.db
      .update(pageContent)
      .set({ content: { heroTitle: 'Edited', heroSubtitle: 'By an admin', stats: [] } })
      .run();
    await seedDemoData(deps);
    expect(deps.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.tier, 'basic')).get()?.priceAmount).toBe(
      649,
    );
    expect(deps.db.select().from(systemConfig).where(eq(systemConfig.key, 'trial_days')).get()?.value).toBe('14');
    expect(deps.db.select().from(pageContent).get()?.content).toMatchObject({ heroTitle: 'Edited' });
  });

  it('keeps the catalogue search index in sync', async () => {
    const deps = createSeedDeps({ size: 30 });
    await seedDemoData(deps);
    expect(isSearchIndexInSync(deps.db)).toBe(true);
    const hits = deps.db.all<{ slug: string }>(
      sql`select b.slug from books_fts f join books b on b.id = f.book_id where books_fts match 'Thoreau'`,
    );
    expect(hits).toEqual([{ slug: 'walden' }]);

    // A lost index (e.g. a crash between commit and rebuild) is repaired by the next run.
    deps.db.run(sql`delete from books_fts`);
    await seedDemoData(deps);
    expect(isSearchIndexInSync(deps.db)).toBe(true);
  });

  it('writes the homepage content, one SEO config per page type and the system config defaults', async () => {
    const deps = createSeedDeps();
    await seedDemoData(deps);
    const homepage = deps.db.select().from(pageContent).where(eq(pageContent.key, 'homepage')).get();
    expect(ZHomepageContent.parse(homepage?.content).stats).toEqual([
      { value: '1000+', label: 'Premium Books' },
      { value: '50K+', label: 'Active Readers' },
      { value: '4.9', label: 'Average Rating' },
    ]);
    const seo = deps.db.select().from(seoConfigs).all();
    expect(seo.map((row) => row.pageType).sort()).toEqual([...SEO_PAGE_TYPES].sort());
    for (const row of seo) {
      expect(row.title).toContain('Wonderful Books');
      expect(row.description.length).toBeGreaterThan(20);
      expect(row.ogTitle && row.twitterTitle && row.ogImage).toBeTruthy();
    }

    const config = Object.fromEntries(
      deps.db
        .select()
        .from(systemConfig)
        .all()
        .map((row) => [row.key, row]),
    );
    expect(
      Object.fromEntries(Object.entries(config).map(([key, row]) => [key, `${row.value}:${row.dataType}`])),
    ).toEqual({
      email_verification_required: 'true:boolean',
      offline_device_cap_trial: '0:number',
      offline_device_cap_basic: '2:number',
      offline_device_cap_premium: '5:number',
      offline_max_days: '30:number',
      offline_max_renewals: '100:number',
      preview_page_count: '5:number',
      chunk_size: '16384:number',
      max_copy_percentage: '40:number',
      copy_protection_enabled: 'true:boolean',
      health_alert_cooldown_minutes: '30:number',
      device_inactive_expiry_days: '90:number',
      trial_days: '7:number',
      basic_lock_days: '30:number',
    });
    for (const row of Object.values(config)) expect(row.description).toBeTruthy();
  });
});

describe('demo accounts', () => {
  it('creates one account per role and per subscription state, consistent with its tier', async () => {
    const deps = createSeedDeps();
    const report = await seedDemoData(deps);
    const now = Date.now();
    const byEmail = new Map(
      deps.db
        .select()
        .from(users)
        .all()
        .map((user) => [user.email, user]),
    );
    expect(new Set(report.demoAccounts.map((account) => account.role))).toEqual(
      new Set(['user', 'moderator', 'admin', 'super_admin']),
    );
    expect(new Set(report.demoAccounts.map((account) => account.tier))).toEqual(
      new Set(['trial', 'basic', 'premium', 'free']),
    );

    for (const account of report.demoAccounts) {
      const user = byEmail.get(account.email)!;
      expect(user).toMatchObject({
        role: account.role,
        subscriptionTier: account.tier,
        emailVerified: true,
        isActive: true,
        freeTrialUsed: true,
      });
      expect(account.email).toMatch(/@demo\.wonderfulbooks\.local$/);
      if (account.tier === 'trial') expect(user.trialEndsAt!.getTime()).toBeGreaterThan(now);
      if (account.tier === 'free') {
        expect(user.trialEndsAt!.getTime()).toBeLessThan(now);
        expect(user.subscriptionStatus).toBe('inactive');
      }
      if (account.tier === 'basic' || account.tier === 'premium') {
        expect(user.subscriptionStatus).toBe('active');
        expect(user.subscriptionCurrentPeriodEnd!.getTime()).toBeGreaterThan(now);
      }
    }
    expect(deps.db.select().from(emailPreferences).all()).toHaveLength(report.demoAccounts.length + DEMO_MONEY_READERS);
  });

  it('gives the Basic and Premium demo readers a live test-mode subscription the billing page can act on', async () => {
    const deps = createSeedDeps();
    await seedDemoData(deps);
    const payments = createPaymentsProvider({ env: deps.env, db: deps.db, now: deps.now });
    for (const tier of ['basic', 'premium'] as const) {
      const reader = deps.db
        .select()
        .from(users)
        .where(
          eq(users.email, demoEmail(DEMO_ACCOUNT_SPECS.find((spec) => spec.state === tier && spec.role === 'user')!)),
        )
        .get()!;
      const subscription = getSubscription({ db: deps.db, payments }, { userId: reader.id });
      expect(subscription).toMatchObject({ tier, status: 'active', cancelAtPeriodEnd: false });
      expect(new Date(subscription.currentPeriodEnd!).getTime()).toBe(reader.subscriptionCurrentPeriodEnd!.getTime());
      const invoices = listInvoices({ db: deps.db }, { userId: reader.id });
      expect(invoices).toMatchObject([{ status: 'paid', currency: 'GBP', amountPaid: tier === 'basic' ? 599 : 999 }]);
    }
  });

  it('generates strong random passwords, hashes them and keeps them in a 0600 file', async () => {
    const deps = createSeedDeps();
    const report = await seedDemoData(deps);
    const file = path.join(deps.dataDir, DEMO_ACCOUNTS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readAccountsFile(deps.dataDir).accounts).toEqual(report.demoAccounts);

    const passwords = report.demoAccounts.map((account) => account.password);
    expect(new Set(passwords).size).toBe(passwords.length);
    for (const account of report.demoAccounts) {
      expect(account.password.replaceAll('-', '').length).toBeGreaterThanOrEqual(16);
      const user = deps.db.select().from(users).where(eq(users.email, account.email)).get()!;
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(user.passwordHash).not.toContain(account.password);
      expect(await verifyPassword(user.passwordHash!, account.password)).toBe(true);
    }

    // A different data folder means different passwords: nothing is fixed in code.
    const other = createSeedDeps();
    const otherReport = await seedDemoData(other);
    expect(otherReport.demoAccounts.map((account) => account.password)).not.toEqual(passwords);
  });

  it('reuses the stored passwords for a fresh database in the same data folder', async () => {
    const first = createSeedDeps();
    const report = await seedDemoData(first);
    const second = createSeedDeps({ dataDir: first.dataDir });
    const again = await seedDemoData(second);
    expect(again.demoAccounts).toEqual(report.demoAccounts);
    const admin = report.demoAccounts.find((account) => account.role === 'admin')!;
    const user = second.db.select().from(users).where(eq(users.email, admin.email)).get()!;
    expect(await verifyPassword(user.passwordHash!, admin.password)).toBe(true);
  });

  it('gives existing demo accounts new passwords when the file is gone', async () => {
    const deps = createSeedDeps();
    const report = await seedDemoData(deps);
    fs.rmSync(path.join(deps.dataDir, DEMO_ACCOUNTS_FILE));

    const again = await seedDemoData(deps);
    expect(deps.db.select().from(users).all()).toHaveLength(DEMO_ACCOUNT_SPECS.length + DEMO_MONEY_READERS);
    expect(readAccountsFile(deps.dataDir).accounts).toEqual(again.demoAccounts);
    const trial = demoEmail(DEMO_ACCOUNT_SPECS.find((spec) => spec.state === 'trial')!);
    const oldPassword = report.demoAccounts.find((account) => account.email === trial)!.password;
    const newPassword = again.demoAccounts.find((account) => account.email === trial)!.password;
    expect(newPassword).not.toBe(oldPassword);
    const hash = deps.db.select().from(users).where(eq(users.email, trial)).get()!.passwordHash!;
    expect(await verifyPassword(hash, newPassword)).toBe(true);
    expect(await verifyPassword(hash, oldPassword)).toBe(false);
  });

  it('promotes existing accounts listed in SUPER_ADMIN_EMAILS, case-insensitively, and audits it', async () => {
    const deps = createSeedDeps({ superAdminEmails: 'Owner@Example.com, missing@example.com' });
    deps.db.insert(users).values({ email: 'owner@example.com', username: 'owner' }).run();
    deps.db.insert(users).values({ email: 'someone@example.com', username: 'someone' }).run();
    await seedDemoData(deps);
    const roles = Object.fromEntries(
      deps.db
        .select({ email: users.email, role: users.role })
        .from(users)
        .all()
        .map((row) => [row.email, row.role]),
    );
    expect(roles['owner@example.com']).toBe('super_admin');
    expect(roles['someone@example.com']).toBe('user');
    const promotions = () => deps.db.select().from(auditLogs).where(sql`${auditLogs.action} like 'role.%'`).all();
    expect(promotions()).toMatchObject([{ action: 'role.bootstrap_promote', severity: 'warning' }]);

    await seedDemoData(deps);
    expect(promotions()).toHaveLength(1);
  });
});

describe('seed speed', () => {
  it('seeds a 1000-book catalogue in well under 30 seconds', async () => {
    const deps = createSeedDeps({ size: 1000 });
    const started = performance.now();
    const report = await seedDemoData(deps);
    const elapsed = performance.now() - started;
    process.stdout.write(
      `seed: ${report.bookCount} books in ${Math.round(elapsed)} ms (report ${report.durationMs} ms)\n`,
    );
    expect(report.bookCount).toBe(1000);
    expect(deps.db.select({ n: sql<number>`count(*)` }).from(bookCategories).get()!.n).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(30_000);
  });
});

describe('demo business (back office)', () => {
  it('gives a year of subscriptions whose figures add up, quickly', async () => {
    const deps = createSeedDeps({ size: 50 });
    const started = performance.now();
    await seedDemoData(deps);
    const seconds = (performance.now() - started) / 1000;
    const counts = tableCounts(deps);
    expect(counts.invoices).toBeGreaterThan(500);
    expect(counts.refunds).toBeGreaterThan(5);
    expect(counts.reading_sessions).toBeGreaterThan(500);
    // Each reader's movements form a chain from 0: their sum is the MRR of the live subscriptions at plan prices,
    // leaving out plans bought during a trial that are still in its free days (docs/product/metrics.md#converted-trials).
    const mrr = deps.db.get<{ n: number }>(sql`select sum(mrr_after - mrr_before) as n from mrr_movements`)!.n;
    const live = deps.db.get<{ n: number }>(sql`
      select sum(p.price_amount) as n from billing_subscriptions b join subscription_plans p on p.tier = b.tier
      where b.status in ('active', 'past_due') and (b.trial_end is null or b.current_period_end > b.trial_end)`)!.n;
    expect(mrr).toBe(live);
    // Plans bought during a trial: a £0.00 invoice for the rest of it, and MRR from the first charge at its end.
    const boughtInTrial = deps.db.all<{ user_id: string; period_end: number }>(sql`
      select user_id, period_end from invoices where amount_paid = 0 and description like '%rest of the free trial%'`);
    expect(boughtInTrial.length).toBeGreaterThan(20);
    for (const { user_id: userId, period_end: trialEnd } of boughtInTrial) {
      const first = deps.db.get<{ kind: string; tier_before: string; occurred_at: number }>(sql`
        select kind, tier_before, occurred_at from mrr_movements where user_id = ${userId} order by occurred_at limit 1`);
      if (first) expect(first).toEqual({ kind: 'new', tier_before: 'trial', occurred_at: trialEnd });
      else {
        // No MRR yet: still in the free days, or cancelled in them (never charged, so no churn either).
        const user = deps.db.get<{ tier: string; period_end: number }>(sql`
          select subscription_tier as tier, subscription_current_period_end as period_end from users where id = ${userId}`);
        expect(user?.period_end).toBe(trialEnd);
        if (user?.tier !== 'free') expect(trialEnd).toBeGreaterThan(deps.now().getTime());
      }
    }
    // Some are still in their free days today: they are live, with no MRR yet.
    const inFreeDays = deps.db.all<{ user_id: string }>(sql`
      select user_id from billing_subscriptions where status = 'active' and current_period_end <= trial_end`);
    expect(inFreeDays.length).toBeGreaterThan(0);
    for (const { user_id: userId } of inFreeDays)
      expect(deps.db.all(sql`select id from mrr_movements where user_id = ${userId}`)).toEqual([]);
    const broken = deps.db.all(sql`
      select m.id from mrr_movements m where m.mrr_before <> coalesce((select p.mrr_after from mrr_movements p
        where p.user_id = m.user_id and p.occurred_at < m.occurred_at order by p.occurred_at desc limit 1), 0)`);
    expect(broken).toEqual([]);
    expect(seconds).toBeLessThan(20);
  });
});

describe('demo reading (dashboard statistics)', () => {
  it('gives the demo readers a year of counted reading, once', async () => {
    const deps = createSeedDeps({ size: 50 });
    await seedDemoData(deps);
    const premium = deps.db.get<{ id: string }>(sql`select id from users where email like 'reader.premium@%'`)!;
    const dashboard = getReadingDashboard({
      db: deps.db,
      userId: premium.id,
      browserTimeZone: 'Europe/London',
      now: deps.now(),
    });
    expect(dashboard.days.length).toBeGreaterThan(200);
    expect(dashboard.allTime.pages).toBeGreaterThan(2000);
    expect(dashboard.allTime.booksFinished).toBeGreaterThan(3);
    expect(dashboard.advanced?.byHourMs.filter((ms) => ms > 0).length).toBeGreaterThan(3);
    expect(dashboard.advanced?.books.some((book) => book.timeLeftMs !== null && book.timeLeftMs > 0)).toBe(true);
    // The shelf agrees: positions were written as a sync leaves them.
    const shelf = getReadingStats({ db: deps.db, userId: premium.id, now: deps.now() });
    expect(shelf.finished).toBeGreaterThan(0);
    expect(shelf.booksInLibrary).toBe(dashboard.allTime.booksStarted);
    expect(shelf.pagesRead).toBe(dashboard.allTime.pages);
    const before = tableCounts(deps);
    await seedDemoData(deps);
    expect(tableCounts(deps).reading_events).toBe(before.reading_events);
  });
});
