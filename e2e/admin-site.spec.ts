/**
 * The back office's site content end to end (docs/product/site-content.md): an admin creates a category, selects 50
 * books across two pages, adds the category to all of them as a job with progress, and finds exactly those 50 under the
 * category; suggestions from the books' text show the words that matched. Screens pass axe at 1280 and 390 px and are
 * photographed for review.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  demoAccount,
  expect,
  expectToast,
  seriousAxeViolations,
  signInThroughApi,
  test,
  waitForTransitions,
} from './fixtures';

const SCREENS_DIR = '.tmp/screens/admin-site';

async function photograph(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await waitForTransitions(page);
    expect(await seriousAxeViolations(page), `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('back office: site content', () => {
  test.describe.configure({ timeout: 180_000 });

  test('bulk-categorises 50 books selected across pages, with progress, and the category holds exactly them', async ({
    page,
    baseURL,
  }) => {
    const admin = demoAccount('admin');
    await signInThroughApi(page, admin.email, admin.password, baseURL);
    const name = `Shelf ${Date.now()}`;

    await page.goto('/admin/bulk-categorization');
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk Categorisation' })).toBeVisible();

    // Categories tab: a new category, refused first without a name.
    await page.getByRole('tab', { name: 'Categories' }).click();
    await expect(page.getByRole('cell', { name: 'Self-Improvement', exact: true })).toBeVisible();
    await photograph(page, 'categories');
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('button', { name: 'Save category' }).click();
    await expect(dialog.getByText('Name is required and must be at most 100 characters')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Colour').fill('#0f766e');
    await dialog.getByLabel('Terms').fill('shelf, archive');
    await dialog.getByRole('button', { name: 'Save category' }).click();
    await expectToast(page, { title: `${name} saved` });
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    // Books tab: suggestions come with the words that matched.
    await page.getByRole('tab', { name: 'Books' }).click();
    const table = page.getByRole('table', { name: 'Books to categorise' });
    await expect(table.getByText(/^matched: /).first()).toBeVisible();
    await photograph(page, 'bulk-books');

    // 25 on the first page and 25 on the second: the selection is kept across pages.
    await table.getByLabel('Select every row on this page of Books to categorise').check();
    await expect(page.getByText('25 books selected')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('25 books selected')).toBeVisible();
    await table.getByLabel('Select every row on this page of Books to categorise').check();
    await expect(page.getByText('50 books selected')).toBeVisible();

    await page.getByRole('group', { name: 'Add these categories' }).getByLabel(name).check();
    await page.getByRole('button', { name: 'Apply to 50 books' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the categories of these books?' });
    await expect(confirm.getByText(`Add: ${name}.`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Apply to 50 books' }).click();
    await expect(page.getByRole('progressbar', { name: 'Books categorised' })).toBeVisible();
    await expect(page.getByText('Done: 50 books changed.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('progressbar', { name: 'Books categorised' })).toHaveAttribute('aria-valuenow', '100');
    await photograph(page, 'bulk-done');

    // The category now holds exactly those 50 books: the list filtered by it, and the shop's own count.
    await page.getByLabel('Category', { exact: true }).selectOption({ label: name });
    await expect(page.getByText(/of 50\b/).first()).toBeVisible();
    const categories = await page.request.get('/api/admin/categories');
    const created = ((await categories.json()) as { items: { name: string; bookCount: number }[] }).items.find(
      (category) => category.name === name,
    );
    expect(created?.bookCount).toBe(50);
  });
});
