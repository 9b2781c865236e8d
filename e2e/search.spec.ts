/**
 * The search box's suggestions with the keyboard (docs/product/catalogue-and-search.md#search-box): the 2-character
 * minimum, arrow keys and Enter, author and topic targets, Escape, and the exact empty-result text.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { bookBySlug, expect, test } from './fixtures';

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search books, authors or topics' });

/** The built file of the combobox's code (web/src/features/search/search-box.tsx), from Vite's build manifest. */
function comboboxChunk(): string {
  const manifest = JSON.parse(fs.readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const key = Object.keys(manifest).find((name) => name.endsWith('src/features/search/search-box.tsx'));
  if (!key) throw new Error('No chunk for web/src/features/search/search-box.tsx in the build manifest.');
  return manifest[key].file;
}

test.describe('search suggestions (keyboard)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('one character shows no list; two or more show matching suggestions', async ({ page }) => {
    const input = searchBox(page);
    const listbox = page.getByRole('listbox');
    const askedFor: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/search/suggest') askedFor.push(url.searchParams.get('q') ?? '');
    });

    await input.fill('m');
    await expect(listbox).toBeHidden();
    await expect(page.getByRole('option')).toHaveCount(0);

    await input.fill('me');
    await expect(listbox).toBeVisible();
    await input.fill('medit');
    await expect(page.getByRole('option', { name: /^Meditations Marcus Aurelius/ })).toBeVisible();
    expect(await page.getByRole('option').count()).toBeLessThanOrEqual(8);
    // Suggestions are never requested for fewer than two characters.
    expect(askedFor.length).toBeGreaterThan(0);
    expect(askedFor.filter((q) => q.trim().length < 2)).toEqual([]);
  });

  test('ArrowDown/ArrowUp move the highlight and Enter opens the highlighted book', async ({ page, request }) => {
    const meditations = await bookBySlug(request, 'meditations');
    const input = searchBox(page);
    await input.fill('medit');

    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThanOrEqual(2);
    await expect(page.locator('[role="option"][aria-selected="true"]')).toHaveCount(0);

    await input.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(0)).toContainText('Meditations');
    const firstId = await options.nth(0).getAttribute('id');
    await expect(input).toHaveAttribute('aria-activedescendant', firstId!);

    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
    const secondId = await options.nth(1).getAttribute('id');
    await expect(input).toHaveAttribute('aria-activedescendant', secondId!);

    await input.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', firstId!);

    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/book/${meditations.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Meditations' })).toBeVisible();
  });

  test('an author suggestion opens the store filtered by that author', async ({ page }) => {
    const input = searchBox(page);
    await input.fill('Thoreau');
    const author = page.getByRole('option', { name: /Henry David Thoreau.*\(Author\)/ });
    await expect(author).toBeVisible();

    // Move the highlight down to the author entry (books are listed before authors).
    for (let step = 0; step < 8; step += 1) {
      await input.press('ArrowDown');
      if ((await author.getAttribute('aria-selected')) === 'true') break;
    }
    await expect(author).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');

    await expect(page).toHaveURL(/\/bookstore\?author=/);
    expect(new URL(page.url()).searchParams.get('author')).toBe('Henry David Thoreau');
    await expect(page.getByRole('region', { name: 'Filters' }).getByText('Author: Henry David Thoreau')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Walden', exact: true })).toBeVisible();
  });

  test('typing key by key keeps every character', async ({ page }) => {
    await page.goto('/');
    const input = page.getByRole('combobox', { name: 'Search books, authors or topics' });
    await input.pressSequentially('meditations walden');
    await expect(input).toHaveValue('meditations walden');
  });

  test('Escape closes the list', async ({ page }) => {
    const input = searchBox(page);
    await input.fill('medit');
    await expect(page.getByRole('listbox')).toBeVisible();
    await input.press('ArrowDown');

    await input.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).not.toHaveAttribute('aria-activedescendant', /.+/);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a query with no match shows the exact empty-result text', async ({ page }) => {
    const query = 'xqzzvvqq';
    await searchBox(page).fill(query);
    const form = page.getByRole('search').filter({ has: searchBox(page) });
    await expect(form.getByText(`No books, authors, or topics found for "${query}"`, { exact: true })).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(0);
  });
});

test.describe('the search box before its combobox code arrives', () => {
  // The page's own requests only: a service worker answering from its cache would pass the held chunk by.
  test.use({ serviceWorkers: 'block' });

  test('typing starts at once, and the combobox takes over in the same place with the text, caret and focus', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chunk = comboboxChunk();
    let asked = false;
    await page.route(`**/${chunk}`, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto('/');

    const light = page.getByRole('searchbox', { name: 'Search books, authors or topics' });
    await expect(light).toBeVisible();
    await light.click();
    await page.keyboard.type('medtations');
    for (let step = 0; step < 7; step += 1) await page.keyboard.press('ArrowLeft');
    await expect(light).toHaveValue('medtations');
    const form = page.getByRole('search').filter({ has: page.getByLabel('Search books, authors or topics') });
    const before = await form.boundingBox();
    expect(asked).toBe(true);
    await expect(searchBox(page)).toHaveCount(0);

    release();
    const input = searchBox(page);
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('medtations');
    expect(await form.boundingBox()).toEqual(before);
    // The next key lands where the caret was, and the suggestions open without another key.
    await page.keyboard.type('i');
    await expect(input).toHaveValue('meditations');
    await expect(page.getByRole('option', { name: /^Meditations Marcus Aurelius/ })).toBeVisible();
  });

  test('Enter searches the bookstore while the code has not arrived', async ({ page }) => {
    await page.route(`**/${comboboxChunk()}`, () => {
      // Never answered: the code does not arrive during this test.
    });
    await page.goto('/');
    const light = page.getByRole('searchbox', { name: 'Search books, authors or topics' });
    await light.fill('walden');
    await light.press('Enter');
    await expect(page).toHaveURL(/\/bookstore\?search=walden$/);
    await expect(page.getByRole('link', { name: 'Walden', exact: true })).toBeVisible();
  });
});
