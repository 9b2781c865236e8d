/**
 * /bookstore: every filter lives in the URL (?author and ?search are honoured,
 * docs/product/catalogue-and-search.md#bookstore; category, plan, sort and page too), pagination works with the back
 * button, and an empty result can be reset.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
/** The live 'N books' line next to the Results heading. */
const resultCount = (page: Page) => results(page).locator('p[role="status"]');
const bookTitles = (page: Page) => results(page).getByRole('article').getByRole('heading');

/**
 * The whole catalogue: the 1,000 seeded books, plus the few the back-office spec (admin-catalogue) may publish
 * while this runs in parallel on the same server.
 */
const WHOLE_CATALOGUE = /^1,00\d books$/;

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

test.describe('bookstore filters via the URL', () => {
  test('?author=Sun Tzu shows The Art of War and a result count', async ({ page }) => {
    await page.goto('/bookstore?author=Sun%20Tzu');
    await expect(resultCount(page)).toHaveText('1 book');
    await expect(bookTitles(page)).toHaveText(['The Art of War']);
    await expect(results(page).getByText('Sun Tzu', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Filters' }).getByText('Author: Sun Tzu')).toBeVisible();
  });

  test('?search=stoic shows matching books and fills the search box', async ({ page }) => {
    await page.goto('/bookstore?search=stoic');
    await expect(resultCount(page)).toHaveText(/^[\d,]+ books?$/);
    const count = Number((await resultCount(page).textContent())!.replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(1000);
    await expect(bookTitles(page).first()).toHaveText(/stoic/i);
    await expect(page.getByRole('combobox', { name: 'Search the store' })).toHaveValue('stoic');
    await expect(page.getByRole('region', { name: 'Filters' }).getByText('Search: “stoic”')).toBeVisible();
  });

  test('choosing a category, a plan and a sort order updates the URL query', async ({ page, request }) => {
    await page.goto('/bookstore');
    await expect(resultCount(page)).toHaveText(WHOLE_CATALOGUE);

    await page.getByLabel('Category', { exact: true }).selectOption('philosophy');
    await expect.poll(() => query(page).get('category')).toBe('philosophy');
    await expect(page.getByRole('region', { name: 'Filters' }).getByText('Category: Philosophy')).toBeVisible();
    await expect(resultCount(page)).not.toHaveText(WHOLE_CATALOGUE);

    await page.getByLabel('Plan', { exact: true }).selectOption('premium');
    await expect.poll(() => query(page).get('tier')).toBe('premium');
    await expect(page.getByRole('region', { name: 'Filters' }).getByText('Plan: Premium')).toBeVisible();

    await page.getByLabel('Sort by', { exact: true }).selectOption('title');
    await expect.poll(() => query(page).get('sort')).toBe('title');
    expect(query(page).get('category')).toBe('philosophy');
    expect(query(page).get('tier')).toBe('premium');

    // The grid shows what the API returns for exactly these filters, in Title A–Z order.
    const expected = (await (
      await request.get('/api/books?category=philosophy&tier=premium&sort=title&limit=24')
    ).json()) as {
      items: { title: string }[];
      total: number;
    };
    expect(expected.items.length).toBeGreaterThan(1);
    await expect(bookTitles(page)).toHaveText(expected.items.map((book) => book.title));
    await expect(resultCount(page)).toHaveText(
      `${expected.total.toLocaleString('en-GB')} ${expected.total === 1 ? 'book' : 'books'}`,
    );

    // Reloading keeps every filter: the URL is the state.
    await page.reload();
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('philosophy');
    await expect(page.getByLabel('Plan', { exact: true })).toHaveValue('premium');
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('title');
  });

  test('the next page updates ?page=2 with different books, and Back restores page 1', async ({ page }) => {
    await page.goto('/bookstore');
    await expect(resultCount(page)).toHaveText(WHOLE_CATALOGUE);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText('Page 1 of 42')).toBeVisible();
    const firstPage = await bookTitles(page).allTextContents();
    expect(firstPage).toHaveLength(24);

    await pagination.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/bookstore\?page=2$/);
    await expect(pagination.getByText('Page 2 of 42')).toBeVisible();
    await expect(bookTitles(page).first()).not.toHaveText(firstPage[0]);
    const secondPage = await bookTitles(page).allTextContents();
    expect(secondPage).toHaveLength(24);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(/\/bookstore$/);
    await expect(pagination.getByText('Page 1 of 42')).toBeVisible();
    await expect(bookTitles(page)).toHaveText(firstPage);
  });

  test("a query with no results shows the empty state and 'Clear filters' resets", async ({ page }) => {
    await page.goto('/bookstore?search=zzqqxxnomatch&category=philosophy');
    await expect(results(page).getByText('No books match your filters')).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 books');

    await results(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/bookstore$/);
    await expect(resultCount(page)).toHaveText(WHOLE_CATALOGUE);
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Search the store' })).toHaveValue('');
  });
});
