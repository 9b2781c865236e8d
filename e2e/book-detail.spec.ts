/**
 * The book-detail screen (docs/product/catalogue-and-search.md#book-detail): /book/{id}, /books/{id} and
 * /book-detail/{id} show the same detail, by slug or id; an unknown book shows 'Book not found'.
 */
import type { Page } from '@playwright/test';
import { bookBySlug, expect, test } from './fixtures';

async function expectMeditationsDetail(
  page: Page,
  book: { title: string; author: string; description: string; tableOfContents: string[] },
) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);
  await expect(page.getByRole('link', { name: book.author, exact: true })).toBeVisible();
  await expect(page.getByText(book.description, { exact: true }).first()).toBeVisible();

  const contents = page.getByRole('region', { name: 'Table of contents' });
  await expect(contents).toBeVisible();
  const chapterCount = `${book.tableOfContents.length} chapters`;
  await contents.getByText(chapterCount).click();
  await expect(contents.getByRole('listitem')).toHaveText(book.tableOfContents);
  await expect(page).toHaveTitle(/Meditations/);
}

test.describe('book detail', () => {
  test('/book/meditations, /books/meditations and /book-detail/<id> show the same book', async ({ page, request }) => {
    const book = await bookBySlug(request, 'meditations');
    expect(book.title).toBe('Meditations');
    expect(book.author).toBe('Marcus Aurelius');
    expect(book.tableOfContents.length).toBeGreaterThan(0);

    const seen: string[] = [];
    for (const path of ['/book/meditations', '/books/meditations', `/book-detail/${book.id}`]) {
      await test.step(path, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expectMeditationsDetail(page, book);
        seen.push((await page.locator('main article').first().textContent()) ?? '');
      });
    }
    // The three routes render the very same screen.
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).toBe(seen[0]);
  });

  test("an unknown book shows 'Book not found'", async ({ page }) => {
    await page.goto('/book/no-such-book-anywhere');
    await expect(page.getByText('Book not found', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Book not found' })).toBeAttached();
    await page.getByRole('link', { name: 'Browse the Book Store' }).click();
    await expect(page).toHaveURL(/\/bookstore$/);
  });
});
