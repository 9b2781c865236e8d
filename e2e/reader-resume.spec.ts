/**
 * Reopening a book where the reader left off: the first page pdf.js draws is the saved one, never page 1
 * followed by a jump (docs/ARCHITECTURE.md#protected-content, the client's open sequence).
 */
import {
  bookBySlug,
  demoAccount,
  drawnPages,
  expect,
  expectPageRendered,
  goToPage,
  recordDrawnPages,
  signInThroughApi,
  test,
} from './fixtures';

/** A long typeset book of the demo catalogue no other spec reads (their saved positions stay their own). */
const BOOK_SLUG = 'walden';
const SAVED_PAGE = 40;

test.describe('resuming a book', () => {
  test.describe.configure({ timeout: 120_000 });

  test('draws the saved page first, with no page 1 before it', async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    const { id: bookId } = await bookBySlug(page.request, BOOK_SLUG);

    // Read up to the saved page and wait until the server has it.
    await page.goto(`/reader/${bookId}`);
    await expect(page.getByTestId('page-count')).toHaveText(/\d+/, { timeout: 30_000 });
    expect(Number(await page.getByTestId('page-count').textContent())).toBeGreaterThan(SAVED_PAGE);
    await goToPage(page, SAVED_PAGE);
    await expect
      .poll(async () => {
        const progress = await page.request.get(`/api/progress/${bookId}`);
        return progress.ok() && ((await progress.json()) as { currentPage: number }).currentPage;
      })
      .toBe(SAVED_PAGE);
    await page.close();

    // A fresh page of the same browser reopens the book.
    const resumed = await page.context().newPage();
    await recordDrawnPages(resumed);
    await resumed.goto(`/reader/${bookId}`);
    await expectPageRendered(resumed, SAVED_PAGE);
    await expect(resumed.getByLabel('Page number')).toHaveValue(String(SAVED_PAGE));
    const drawn = await drawnPages(resumed);
    expect(drawn[0], `pages drawn, in order: ${drawn.join(', ')}`).toBe(SAVED_PAGE);
    expect(drawn).not.toContain(1);
  });
});
