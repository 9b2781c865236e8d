/**
 * The back office's categories: create, rename, slug, icon, colour, active, merge (with their messages, audited, the
 * shop following at once), suggestions from the books' own text with the words that matched, and the bulk job (by
 * hand and by filter, add and remove, the ten-category limit, progress to the end).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORY_MESSAGES } from '@shared/admin-categories';
import { createAdminTestContext } from '../../admin-test-support';
import { auditLogs, bookCategories, bookPages } from '../../db/schema';
import { createBook, createCategory, createManyBooks } from '../../test-factories';
import { problemBody, successBody } from '../../test-utils';
import { settleCategorizationJobs } from './categorization-job.service';

type TCtx = Awaited<ReturnType<typeof createAdminTestContext>>;

const categoriesOf = (ctx: TCtx, bookId: string) =>
  ctx.db
    .select({ id: bookCategories.categoryId })
    .from(bookCategories)
    .where(eq(bookCategories.bookId, bookId))
    .orderBy(bookCategories.position)
    .all()
    .map((row) => row.id);

describe('categories', () => {
  it('creates a category with a slug from its name, audited, and shows it in the shop at once', async () => {
    const ctx = await createAdminTestContext();
    const before = await successBody(ctx.client.categories.$get());
    const created = await successBody(
      ctx.admin.client.admin.categories.$post({
        json: { name: 'Science & Nature', icon: 'Leaf', color: '#16A34A', terms: ['Biology', 'physics', 'biology'] },
      }),
    );
    expect(created).toMatchObject({
      name: 'Science & Nature',
      slug: 'science-and-nature',
      color: '#16a34a',
      terms: ['biology', 'physics'],
      isActive: true,
      bookCount: 0,
    });
    const after = await successBody(ctx.client.categories.$get());
    expect(after.items.length).toBe(before.items.length + 1);
    const audit = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.category.create')).all();
    expect(audit).toMatchObject([{ resourceId: created.id, userId: ctx.admin.user.id }]);
  });

  it('refuses a long or taken name, a bad slug, icon and colour, naming the field', async () => {
    const ctx = await createAdminTestContext();
    createCategory(ctx.db, { name: 'History', slug: 'history' });
    const long = await ctx.admin.client.admin.categories.$post({ json: { name: 'x'.repeat(101) } });
    expect(long.status).toBe(400);
    expect((await problemBody(long)).errors).toEqual([{ field: 'name', message: CATEGORY_MESSAGES.name }]);
    const taken = await ctx.admin.client.admin.categories.$post({ json: { name: 'history' } });
    expect(taken.status).toBe(409);
    expect((await problemBody(taken)).errors).toEqual([{ field: 'name', message: CATEGORY_MESSAGES.nameTaken }]);
    const bad = await ctx.admin.client.admin.categories.$post({
      json: { name: 'Art', slug: 'Not A Slug', icon: '<svg>', color: 'red' },
    });
    expect(bad.status).toBe(400);
    expect((await problemBody(bad)).errors).toEqual(
      expect.arrayContaining([
        { field: 'slug', message: CATEGORY_MESSAGES.slug },
        { field: 'icon', message: CATEGORY_MESSAGES.icon },
        { field: 'color', message: CATEGORY_MESSAGES.color },
      ]),
    );
    const slugTaken = await ctx.admin.client.admin.categories.$post({ json: { name: 'Old times', slug: 'history' } });
    expect(slugTaken.status).toBe(409);
  });

  it('renames and deactivates; the search index follows the new name and the shop hides the inactive one', async () => {
    const ctx = await createAdminTestContext();
    const category = createCategory(ctx.db, { name: 'Moneys' });
    const book = createBook(ctx.db, { title: 'Ledger Lines', categories: [category] });
    const renamed = await successBody(
      ctx.admin.client.admin.categories[':id'].$patch({
        param: { id: category.id },
        json: { name: 'Personal Finance' },
      }),
    );
    expect(renamed).toMatchObject({ name: 'Personal Finance', bookCount: 1 });
    const found = await successBody(ctx.client.books.$get({ query: { search: 'finance' } }));
    expect(found.items.map((item) => item.id)).toEqual([book.id]);
    await successBody(
      ctx.admin.client.admin.categories[':id'].$patch({ param: { id: category.id }, json: { isActive: false } }),
    );
    const shop = await successBody(ctx.client.categories.$get());
    expect(shop.items.map((item) => item.id)).not.toContain(category.id);
    const list = await successBody(ctx.admin.client.admin.categories.$get());
    expect(list.items.find((item) => item.id === category.id)).toMatchObject({ isActive: false });
  });

  it('merges one category into another: books keep one link each, the source is gone, audited as a warning', async () => {
    const ctx = await createAdminTestContext();
    const source = createCategory(ctx.db, { name: 'Self Help' });
    const target = createCategory(ctx.db, { name: 'Self-Improvement' });
    const both = createBook(ctx.db, { categories: [source, target] });
    const onlySource = createBook(ctx.db, { categories: [source] });
    const merged = await successBody(
      ctx.admin.client.admin.categories[':id'].merge.$post({
        param: { id: source.id },
        json: { intoCategoryId: target.id },
      }),
    );
    expect(merged).toMatchObject({ booksMoved: 1, into: { id: target.id, bookCount: 2 } });
    expect(categoriesOf(ctx, both.id)).toEqual([target.id]);
    expect(categoriesOf(ctx, onlySource.id)).toEqual([target.id]);
    const list = await successBody(ctx.admin.client.admin.categories.$get());
    expect(list.items.map((item) => item.id)).not.toContain(source.id);
    const audit = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.category.merge')).get();
    expect(audit).toMatchObject({ severity: 'warning', resourceId: target.id });
    const self = await ctx.admin.client.admin.categories[':id'].merge.$post({
      param: { id: target.id },
      json: { intoCategoryId: target.id },
    });
    expect(self.status).toBe(422);
    expect((await problemBody(self)).errors).toEqual([
      { field: 'intoCategoryId', message: CATEGORY_MESSAGES.mergeTarget },
    ]);
    const gone = await ctx.admin.client.admin.categories[':id'].merge.$post({
      param: { id: crypto.randomUUID() },
      json: { intoCategoryId: target.id },
    });
    expect(gone.status).toBe(404);
  });
});

describe('GET /api/admin/categories/suggestions', () => {
  it("ranks categories from the book's title, description and page text, with the words that matched", async () => {
    const ctx = await createAdminTestContext();
    const money = createCategory(ctx.db, { name: 'Finance', terms: ['money', 'investing', 'budget'] });
    const mind = createCategory(ctx.db, { name: 'Mindset', terms: ['mindset', 'resilience'] });
    const already = createCategory(ctx.db, { name: 'Habits', terms: ['habit'] });
    const book = createBook(ctx.db, {
      title: 'Money Habits',
      description: 'A plain guide to budgets and a little resilience.',
      contentVersion: 1,
      categories: [already],
    });
    ctx.db
      .insert(bookPages)
      .values([
        { bookId: book.id, version: 1, pageNumber: 1, text: 'Investing early beats investing late. Money compounds.' },
      ])
      .run();
    const answer = await successBody(
      ctx.admin.client.admin.categories.suggestions.$get({ query: { bookIds: book.id } }),
    );
    const [{ suggestions }] = answer.books;
    expect(suggestions.map((suggestion) => suggestion.categoryId)).toEqual([money.id, mind.id]);
    expect(suggestions[0]).toMatchObject({ categoryName: 'Finance', matched: ['money', 'budget', 'investing'] });
    expect(suggestions[1].matched).toEqual(['resilience']);
  });

  it('refuses a missing or oversized list of books', async () => {
    const ctx = await createAdminTestContext();
    const none = await ctx.admin.client.admin.categories.suggestions.$get({ query: { bookIds: '' } });
    expect(none.status).toBe(400);
    expect((await problemBody(none)).errors).toEqual([
      { field: 'bookIds', message: CATEGORY_MESSAGES.suggestionBookIds },
    ]);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(',');
    expect((await ctx.admin.client.admin.categories.suggestions.$get({ query: { bookIds: many } })).status).toBe(400);
  });
});

describe('POST /api/admin/categorization-jobs', () => {
  it('adds and removes categories on books chosen by hand, with progress to the end, audited', async () => {
    const ctx = await createAdminTestContext();
    const add = createCategory(ctx.db, { name: 'Leadership' });
    const remove = createCategory(ctx.db, { name: 'Misc' });
    const chosen = createManyBooks(ctx.db, 150, () => ({ categories: [remove] }));
    const untouched = createBook(ctx.db, { categories: [remove] });
    const started = await ctx.admin.client.admin['categorization-jobs'].$post({
      json: { bookIds: chosen.map((book) => book.id), add: [add.id], remove: [remove.id] },
    });
    expect(started.status).toBe(202);
    const job = await successBody(started);
    expect(job).toMatchObject({ status: 'running', total: 150 });
    await settleCategorizationJobs(ctx.db);
    const ended = await successBody(
      ctx.admin.client.admin['categorization-jobs'][':id'].$get({ param: { id: job.id } }),
    );
    expect(ended).toMatchObject({ status: 'done', total: 150, processed: 150, changed: 150, skippedFull: 0 });
    expect(categoriesOf(ctx, chosen[0].id)).toEqual([add.id]);
    expect(categoriesOf(ctx, untouched.id)).toEqual([remove.id]);
    const audit = ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'admin.category.bulk_update')).get();
    expect(audit).toMatchObject({ userId: ctx.admin.user.id, details: { total: 150, changed: 150 } });
  });

  it('selects by filter, appends after existing categories and skips books that would pass ten', async () => {
    const ctx = await createAdminTestContext();
    const ten = Array.from({ length: 10 }, () => createCategory(ctx.db));
    const target = createCategory(ctx.db, { name: 'Philosophy' });
    const full = createBook(ctx.db, { title: 'Stoic Full', categories: ten });
    const one = createBook(ctx.db, { title: 'Stoic One', categories: [ten[0]] });
    createBook(ctx.db, { title: 'Something else' });
    const job = await successBody(
      ctx.admin.client.admin['categorization-jobs'].$post({ json: { filter: { q: 'stoic' }, add: [target.id] } }),
    );
    await settleCategorizationJobs(ctx.db);
    const ended = await successBody(
      ctx.admin.client.admin['categorization-jobs'][':id'].$get({ param: { id: job.id } }),
    );
    expect(ended).toMatchObject({ total: 2, changed: 1, skippedFull: 1 });
    expect(categoriesOf(ctx, one.id)).toEqual([ten[0].id, target.id]);
    expect(categoriesOf(ctx, full.id)).not.toContain(target.id);
    const link = ctx.db
      .select()
      .from(bookCategories)
      .where(and(eq(bookCategories.bookId, one.id), eq(bookCategories.categoryId, target.id)))
      .get();
    expect(link?.position).toBe(1);
  });

  it('answers bad requests with problem+json naming the field', async () => {
    const ctx = await createAdminTestContext();
    const category = createCategory(ctx.db);
    const post = (json: object) => ctx.admin.client.admin['categorization-jobs'].$post({ json: json as never });
    const empty = await post({ add: [category.id] });
    expect((await problemBody(empty)).errors).toEqual([{ field: 'bookIds', message: CATEGORY_MESSAGES.bookIds }]);
    const nothing = await post({ bookIds: [crypto.randomUUID()] });
    expect((await problemBody(nothing)).errors).toEqual([{ field: 'add', message: CATEGORY_MESSAGES.noChange }]);
    const both = await post({ bookIds: [crypto.randomUUID()], add: [category.id], remove: [category.id] });
    expect((await problemBody(both)).errors).toEqual([{ field: 'remove', message: CATEGORY_MESSAGES.addAndRemove }]);
    const unknown = await post({ bookIds: [crypto.randomUUID()], add: [crypto.randomUUID()] });
    expect(unknown.status).toBe(422);
    expect((await problemBody(unknown)).errors).toEqual([{ field: 'add', message: CATEGORY_MESSAGES.unknownCategory }]);
    const noBooks = await post({ bookIds: [crypto.randomUUID()], add: [category.id] });
    expect(noBooks.status).toBe(422);
    expect((await problemBody(noBooks)).errors).toEqual([
      { field: 'bookIds', message: CATEGORY_MESSAGES.noBooksMatch },
    ]);
    const badFilter = await post({ filter: { category: 'nope' }, add: [category.id] });
    expect(badFilter.status).toBe(400);
    const missingJob = await ctx.admin.client.admin['categorization-jobs'][':id'].$get({
      param: { id: crypto.randomUUID() },
    });
    expect(missingJob.status).toBe(404);
  });
});
