/**
 * The reader on a phone and a desktop (docs/product/reader.md): the text view keeps the page when the
 * text grows and when the reader goes back to the pages; a swipe turns a page at 390 px; the
 * watermark sits in the margins with the e-mail shortened and its screenshot mark decodes to the loan;
 * offline, the reader says what will sync; axe finds nothing serious in either view.
 */
import type { Page } from '@playwright/test';
import { decodeWatermarkFile } from '../scripts/decode-watermark.mjs';
import { demoAccount, expect, expectPageRendered, seriousAxeViolations, signInThroughApi, test } from './fixtures';

/**
 * A demo book (49 pages) no other spec reads, so no other test moves this reader's place in it
 * meanwhile; short, so the demo job has typeset it before the first test opens it.
 */
const BOOK_SLUG = 'how-to-live-on-24-hours-a-day';

async function pageField(page: Page): Promise<number> {
  return Number(await page.getByLabel('Page number').inputValue());
}

test.describe('the reader on a desktop', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the text view with a larger text keeps the position, also back in the pages', async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${BOOK_SLUG}?page=30`);
    await expectPageRendered(page, 30);

    await page.getByRole('button', { name: 'Text view', exact: true }).click();
    const text = page.getByTestId('text-view');
    await expect(text.locator('[data-page="30"]').first()).toBeInViewport();
    await expect(text).toContainText(/\w+/);
    // The book's own words: the text view shows what the page shows.
    const pageWords = (await page.locator('.page[data-page-number="30"] .textLayer span').allTextContents())
      .join(' ')
      .split(/\s+/)
      .filter((word) => /^[a-z]{6,}$/.test(word))
      .slice(0, 3);
    expect(pageWords.length).toBeGreaterThan(0);
    for (const word of pageWords) await expect(text).toContainText(word);

    await page.getByRole('button', { name: 'Display settings' }).click();
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Larger text' }).click();
    await expect(page.getByTestId('text-size')).toHaveText('24 px');
    await expect(text.locator('article')).toHaveCSS('font-size', '24px');
    await expect(page.getByLabel('Page number')).toHaveValue('30');
    await expect(text.locator('[data-page="30"]').first()).toBeInViewport();

    // Read on a few screens: the page field follows the text.
    for (let screen = 0; screen < 6; screen++) {
      await text.evaluate((element) => element.scrollBy(0, element.clientHeight));
      await page.waitForTimeout(150);
    }
    await expect.poll(() => pageField(page)).toBeGreaterThan(30);
    await page.waitForTimeout(400);
    const reached = await pageField(page);
    // Text of that page is on screen at the top.
    expect(
      await text.evaluate((element, pageNumber) => {
        const top = element.getBoundingClientRect().top;
        return Array.from(element.querySelectorAll(`[data-page="${pageNumber}"]`)).some((run) => {
          const box = run.getBoundingClientRect();
          return box.top <= top + 40 && box.bottom > top;
        });
      }, reached),
    ).toBe(true);

    await page.getByRole('button', { name: 'Text view', exact: true }).click();
    await expect(text).toHaveCount(0);
    await expect(page.getByLabel('Page number')).toHaveValue(String(reached));
    await expectPageRendered(page, reached);
    await expect(page.locator(`.page[data-page-number="${reached}"]`)).toBeInViewport();
  });

  test('the watermark marks the margins, shortens the e-mail, and a screenshot names the loan', async ({
    page,
    baseURL,
  }, testInfo) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${BOOK_SLUG}?page=12`);
    await expectPageRendered(page, 12);
    const stamp = page.locator('.page[data-page-number="12"] [data-testid="watermark"]');
    const [local, domain] = reader.email.split('@');
    await expect(stamp).toContainText(`${local.slice(0, 2)}…@${domain}`);
    await expect(stamp).not.toContainText(reader.email);
    const loanId = /Loan ([0-9a-f-]{36})/.exec((await stamp.textContent()) ?? '')?.[1];
    expect(loanId, 'the loan id in the margin').toBeTruthy();

    for (const view of ['pages', 'text'] as const) {
      if (view === 'text') {
        await page.getByRole('button', { name: 'Text view', exact: true }).click();
        await expect(page.getByTestId('text-view-watermark')).toContainText(`Loan ${loanId}`);
      }
      await page.waitForTimeout(500);
      const file = testInfo.outputPath(`reader-${view}.png`);
      await page.screenshot({ path: file });
      expect(decodeWatermarkFile(file)?.loanId, `the ${view} view's screenshot`).toBe(loanId);
      // A cut-out of the text alone still carries it.
      const cut = testInfo.outputPath(`reader-${view}-cut.png`);
      await page.screenshot({ path: cut, clip: { x: 380, y: 150, width: 420, height: 300 } });
      expect(decodeWatermarkFile(cut)?.loanId, `a cut-out of the ${view} view`).toBe(loanId);
    }
  });

  test('offline, the reader says so and what will sync', async ({ page, context, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${BOOK_SLUG}?page=3`);
    await expectPageRendered(page, 3);
    await expect(page.getByTestId('reader-offline-status')).toHaveCount(0);
    await context.setOffline(true);
    await expect(page.getByTestId('reader-offline-status')).toContainText('Offline.');
    await page.getByRole('button', { name: 'Add bookmark' }).click();
    await expect(page.getByTestId('reader-offline-status')).toContainText('1 bookmark change will sync');
    await context.setOffline(false);
    await expect(page.getByTestId('reader-offline-status')).toHaveCount(0);
  });

  test('axe finds nothing serious in the page view, the text view and the display panel', async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${BOOK_SLUG}?page=20`);
    await expectPageRendered(page, 20);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Text view', exact: true }).click();
    await expect(page.getByTestId('text-view').locator('[data-page="20"]').first()).toBeVisible();
    await page.getByRole('button', { name: 'Display settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Display' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('the reader on a phone', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  /**
   * A horizontal swipe with real touch events (Chromium's input pipeline, as a finger would): eight events
   * 16 ms apart, about 110 ms from touch to lift. The reader takes a stroke for a swipe only within 0.8 s
   * (docs/product/reader.md#page-habits), and an event's time is when Chromium receives it unless it is
   * given one: sent one by one, awaiting each answer, a loaded machine stretched the stroke past that limit
   * and the page did not turn. So each event carries its finger's time, and all are sent at once (the
   * protocol keeps their order).
   */
  async function swipe(page: Page, fromX: number, toX: number, y: number): Promise<void> {
    const FRAME_SECONDS = 0.016;
    const MOVES = 6;
    const start = Date.now() / 1000;
    const events = [
      { type: 'touchStart' as const, touchPoints: [{ x: fromX, y }] },
      ...Array.from({ length: MOVES }, (_, index) => ({
        type: 'touchMove' as const,
        touchPoints: [{ x: fromX + ((toX - fromX) * (index + 1)) / MOVES, y }],
      })),
      { type: 'touchEnd' as const, touchPoints: [] },
    ];
    const cdp = await page.context().newCDPSession(page);
    await Promise.all(
      events.map((event, index) =>
        cdp.send('Input.dispatchTouchEvent', { ...event, timestamp: start + index * FRAME_SECONDS }),
      ),
    );
    await cdp.detach();
  }

  test('offers the text view once, and a swipe turns the page', async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${BOOK_SLUG}?page=5`);
    await expectPageRendered(page, 5);
    const offer = page.getByTestId('text-view-offer');
    await expect(offer).toContainText('Small print on this screen?');
    await page.getByRole('button', { name: 'Keep pages' }).click();
    await expect(offer).toHaveCount(0);

    await swipe(page, 320, 60, 400);
    await expect(page.getByLabel('Page number')).toHaveValue('6');
    await expectPageRendered(page, 6);
    await swipe(page, 60, 320, 400);
    await expect(page.getByLabel('Page number')).toHaveValue('5');
    // One page at a time: the page after is not laid out below this one.
    await expect(page.locator('.page[data-page-number="6"]')).not.toBeInViewport();
    await expect(page).toHaveURL(/[?&]page=5\b/);

    await page.reload();
    await expectPageRendered(page, 5);
    await expect(offer).toHaveCount(0);
  });

  test('the text view on a phone reads at its own size and turns screens with a swipe', async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${BOOK_SLUG}?page=40`);
    await expectPageRendered(page, 40);
    await page.getByRole('button', { name: 'Use text view' }).click();
    const text = page.getByTestId('text-view');
    await expect(text.locator('[data-page="40"]').first()).toBeInViewport();
    const before = await text.evaluate((element) => element.scrollTop);
    await swipe(page, 320, 60, 420);
    await expect.poll(() => text.evaluate((element) => element.scrollTop)).toBeGreaterThan(before + 300);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
