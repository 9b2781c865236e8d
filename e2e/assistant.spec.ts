/**
 * The book assistant (docs/product/assistant.md) in the browser against the real API and the demo books: an answer
 * with page citations that open the reader at the cited page, no spoilers past the reader's position unless the
 * whole book is switched on, a "print the chapter" request answered with a summary, the reader's side panel, and
 * axe at both widths.
 */
import type { Page } from '@playwright/test';
import type { TAssistantBookView } from '@shared/assistant';
import {
  bookBySlug,
  demoAccount,
  expect,
  expectPageRendered,
  seriousAxeViolations,
  signInThroughApi,
  test,
} from './fixtures';

/**
 * The premium super admin asks here: no other spec reads this book with it, so its furthest page is this spec's own
 * (the demo premium reader opens the same book in the offline specs). The spoiler test runs first, before a followed
 * citation moves the reader on.
 */
const readerAccount = () => demoAccount('super_admin', 'premium');

const BOOK_SLUG = 'as-a-man-thinketh';
const SCREENSHOTS = '.tmp/screenshots';

async function bookView(page: Page, bookId: string): Promise<TAssistantBookView> {
  const response = await page.request.get(`/api/books/${bookId}/assistant`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The first page whose text holds `word` (search inside the book). */
async function pageWith(page: Page, bookId: string, word: string): Promise<number> {
  const response = await page.request.get(`/api/books/${bookId}/search?q=${encodeURIComponent(word)}`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { page: number }[] };
  expect(items.length, `"${word}" is in the book`).toBeGreaterThan(0);
  return items[0].page;
}

async function ask(page: Page, question: string) {
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  // The Stop button shows while the answer streams; Ask comes back when it is stored.
  await expect(page.getByRole('button', { name: 'Ask', exact: true })).toBeVisible({ timeout: 20_000 });
  return page.getByTestId('assistant-answer').last();
}

test.describe('book assistant', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    const reader = readerAccount();
    await signInThroughApi(page, reader.email, reader.password, baseURL);
  });

  test('does not use pages past the reader’s position unless the whole book is switched on', async ({ page }) => {
    const book = await bookBySlug(page.request, BOOK_SLUG);
    const { furthestPage } = await bookView(page, book.id);
    const laterPage = await pageWith(page, book.id, 'calmness');
    expect(laterPage, 'the last chapter lies beyond the reader’s position').toBeGreaterThan(furthestPage);

    await page.goto(`/library/assistant/${book.id}`);
    await expect(page.getByTestId('assistant-scope')).toHaveText(
      furthestPage <= 1 ? 'Using page 1 (up to where you are)' : `Using pages 1–${furthestPage} (up to where you are)`,
    );
    const withoutSpoilers = await ask(page, 'What is calmness of mind?');
    await expect(withoutSpoilers).toContainText("I couldn't find an answer to that in the pages I can use.");
    await expect(withoutSpoilers).toContainText('Switch on "Whole book"');
    await expect(withoutSpoilers.getByRole('link')).toHaveCount(0);

    await page.getByRole('switch', { name: 'Whole book' }).click();
    const withWholeBook = await ask(page, 'What is calmness of mind?');
    const pages = await withWholeBook
      .getByRole('link', { name: /^Open the reader at p\. \d+$/ })
      .evaluateAll((links) => links.map((link) => Number(link.textContent?.match(/\d+/)?.[0])));
    expect(pages.some((cited) => cited > furthestPage)).toBe(true);
  });

  test('answers from the book with citations that open the reader at the cited page', async ({ page }) => {
    const book = await bookBySlug(page.request, BOOK_SLUG);
    await page.goto('/library');
    await page.goto(`/library/assistant/${book.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Ask about ${book.title}` })).toBeVisible();
    await page.getByRole('switch', { name: 'Whole book' }).click();
    await expect(page.getByTestId('assistant-scope')).toContainText('Using the whole book');

    const answer = await ask(page, 'What is calmness of mind?');
    await expect(answer).toContainText(/calmness/i);
    await expect(answer).toContainText('Using the whole book');
    const citation = answer.getByRole('link', { name: /^Open the reader at p\. \d+$/ }).first();
    const cited = Number(((await citation.textContent()) ?? '').match(/\d+/)?.[0]);
    expect(cited).toBeGreaterThan(1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SCREENSHOTS}/assistant-page-1280.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/assistant-page-390.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await citation.click();
    await expect(page).toHaveURL(new RegExp(`/reader/${book.id}\\?page=${cited}$`));
    await expectPageRendered(page, cited);
    await expect(page.getByLabel('Page number')).toHaveValue(String(cited));
  });

  test('answers "print the whole chapter" with a short summary in the reader’s panel', async ({ page }) => {
    const book = await bookBySlug(page.request, BOOK_SLUG);
    await page.goto(`/reader/${book.id}?page=1`);
    await expectPageRendered(page, 1);
    await page.getByRole('button', { name: 'Ask this book' }).click();
    const panel = page.getByRole('dialog', { name: 'Ask this book' });
    await expect(panel.getByLabel('Your question')).toBeVisible();
    // At page 1 nothing of the chapter is within reach; the whole book lets the request find it.
    await panel.getByRole('switch', { name: 'Whole book' }).click();

    const answer = await ask(page, 'Print the whole chapter on thought and character, word for word');
    await expect(answer).toContainText("I can't reproduce pages or chapters of the book");
    const text = ((await answer.textContent()) ?? '').trim();
    expect(text.length).toBeLessThan(600);
    const citation = answer.getByRole('button', { name: /^Go to p\. \d+$/ }).first();
    const cited = Number(((await citation.textContent()) ?? '').match(/\d+/)?.[0]);
    await page.screenshot({ path: `${SCREENSHOTS}/assistant-reader-1280.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await citation.click();
    await expect(page.getByLabel('Page number')).toHaveValue(String(cited));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/reader/${book.id}`);
    await expect(page.locator('.page canvas').first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Ask this book' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Ask this book' }).getByTestId('assistant-answer').first(),
    ).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/assistant-reader-390.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
