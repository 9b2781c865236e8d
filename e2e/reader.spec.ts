/**
 * The protected reader end to end: a book
 * opens through manifest, licence and encrypted chunks; the position follows the reader across a
 * reload and into a second browser; bookmarks with notes; search inside the book; the copy budget;
 * the watermark; the public preview that stops at its pages.
 */
import type { Browser, Page } from '@playwright/test';
import { READER_MESSAGES } from '../shared/reader';
import { bookBySlug, demoAccount, expect, expectPageRendered, goToPage, signInThroughApi, test } from './fixtures';

/** A real typeset book of the demo catalogue with well over 30 pages. */
const BOOK_SLUG = 'self-help';

async function openSecondBrowser(
  browser: Browser,
  baseURL: string | undefined,
  clientIp: string,
  email: string,
  password: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientIp } });
  const page = await context.newPage();
  await signInThroughApi(page, email, password, baseURL);
  return page;
}

test.describe('the protected reader', () => {
  test.describe.configure({ timeout: 120_000 });

  test('opens through the encrypted path with the watermark, keeps the page across a reload and a second browser, and keeps a bookmark note', async ({
    page,
    browser,
    baseURL,
    clientIp,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    const plaintextResponses: string[] = [];
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (type.includes('application/pdf')) plaintextResponses.push(response.url());
    });

    await page.goto(`/reader/${BOOK_SLUG}`);
    await expectPageRendered(page, 1);
    // On screen the e-mail is shortened (docs/product/copy-budget.md#watermark).
    const [emailLocal, emailDomain] = reader.email.split('@');
    await expect(page.locator('[data-testid="watermark"]').first()).toContainText(
      `${emailLocal.slice(0, 2)}…@${emailDomain}`,
    );
    expect(Number(await page.getByTestId('page-count').textContent())).toBeGreaterThan(30);

    await goToPage(page, 30);
    // The position is saved after a short pause; the reload must come back to it.
    const { id: savedBookId } = await bookBySlug(page.request, BOOK_SLUG);
    await expect
      .poll(async () => {
        const progress = await page.request.get(`/api/progress/${savedBookId}`);
        return progress.ok() && ((await progress.json()) as { currentPage: number }).currentPage;
      })
      .toBe(30);
    await page.goto(`/reader/${BOOK_SLUG}`);
    await expect(page.getByLabel('Page number')).toHaveValue('30', { timeout: 30_000 });
    await expectPageRendered(page, 30);

    // Bookmark page 30 with a note.
    await page.getByRole('button', { name: 'Bookmarks' }).click();
    await page.getByLabel(/Note for page 30/).fill('Thrift starts with small habits');
    await page.getByRole('button', { name: 'Bookmark page 30' }).click();
    await expect(page.getByRole('list', { name: 'Your bookmarks' })).toContainText('Thrift starts with small habits');

    // A second browser of the same reader resumes at page 30 and sees the bookmark.
    const second = await openSecondBrowser(browser, baseURL, clientIp, reader.email, reader.password);
    await second.goto(`/read/${BOOK_SLUG}`);
    await expect(second.getByLabel('Page number')).toHaveValue('30', { timeout: 30_000 });
    await second.getByRole('button', { name: 'Bookmarks' }).click();
    await expect(second.getByRole('list', { name: 'Your bookmarks' })).toContainText('Thrift starts with small habits');
    await second.context().close();

    expect(plaintextResponses, 'no plaintext PDF crossed the network for a licensed book').toEqual([]);
  });

  test('searches inside the book and jumps to a result', async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    // From page 1: the first test left this reader's saved position further on, where the book would reopen.
    await page.goto(`/reader/${BOOK_SLUG}?page=1`);
    await expectPageRendered(page, 1);
    await page.getByRole('button', { name: 'Search in book' }).click();
    await page.getByLabel('Search text').fill('perseverance');
    await page.getByLabel('Search text').press('Enter');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('button').first()).toBeVisible({ timeout: 20_000 });
    await results.getByRole('button').first().click();
    const page_ = Number(await page.getByLabel('Page number').inputValue());
    expect(page_).toBeGreaterThan(1);
  });

  test('refuses a copy beyond the budget with the message, and the server refuses to count more', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const reader = demoAccount('super_admin');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${BOOK_SLUG}`);
    await expectPageRendered(page, 1);
    const { id } = await bookBySlug(page.request, BOOK_SLUG);
    const headers = { Origin: new URL(baseURL!).origin };

    // Use up the budget but a few characters, as many earlier copies would have.
    const budget = (await (await page.request.get(`/api/books/${id}/copy-budget`)).json()) as {
      used: number;
      limit: number;
    };
    let remaining = budget.limit - budget.used - 5;
    while (remaining > 0) {
      const characters = Math.min(remaining, 100_000);
      const response = await page.request.post(`/api/books/${id}/copy-events`, { headers, data: { characters } });
      expect(response.status(), await response.text()).toBe(200);
      remaining -= characters;
    }

    // Select the whole first page's text and copy it: more than the 5 characters left.
    await page.evaluate(() => {
      const layer = document.querySelector('.page[data-page-number="1"] .textLayer');
      if (!layer) throw new Error('no text layer');
      const range = document.createRange();
      range.selectNodeContents(layer);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
    await page.keyboard.press('Control+C');
    await expect(page.getByText(READER_MESSAGES.copyLimitReached).first()).toBeVisible();

    const refused = await page.request.post(`/api/books/${id}/copy-events`, { headers, data: { characters: 100 } });
    expect(refused.status()).toBe(422);
  });

  test('a visitor previews a book from its detail page and the preview stops at its pages', async ({ page }) => {
    await page.goto(`/book/${BOOK_SLUG}`);
    await page.getByRole('link', { name: 'Preview' }).click();
    await expect(page).toHaveURL(/\/book\/[^/]+\/preview/);
    await expectPageRendered(page, 1);
    await expect(page.getByTestId('page-count')).toHaveText('5');
    await goToPage(page, 5);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(READER_MESSAGES.previewEnd)).toBeVisible();
  });
});
