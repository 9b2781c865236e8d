/**
 * Reviews and ratings on a book page (docs/product/reviews-and-challenges.md#reviews), against the real API and the
 * demo seed: a reader writes and edits a review and sees the book's figures move, another marks it helpful and
 * reports it, a moderator hides it with a reason, and the author sees that reason.
 */
import type { Browser, Page } from '@playwright/test';
import { collectPageErrors, demoAccount, expect, seriousAxeViolations, signInThroughApi, test } from './fixtures';

const BOOK = '/book/meditations';

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, email, password, baseURL);
  return page;
}

async function ratingCount(page: Page): Promise<number> {
  // The summary's stars end with "(36 ratings)" (the word for screen readers only).
  const text = await page
    .getByRole('region', { name: 'Reviews' })
    .getByText(/ ratings\)$/)
    .first()
    .textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

test.describe('reviews', () => {
  test('write, edit, vote, report and moderate a review; the book’s figures follow', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Demo readers of the seed; the e2e server starts from a fresh database, and the title is unique per run anyway.
    const writer = demoAccount('user', 'trial');
    const voter = demoAccount('user', 'basic');
    const title = `Calm in a loud week ${Date.now().toString(36)}`;

    await signInThroughApi(page, writer.email, writer.password, baseURL);
    await page.goto(BOOK);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByRole('button', { name: 'Write a review' })).toBeVisible();
    const before = await ratingCount(page);
    expect(before).toBeGreaterThan(0); // the seed's reviews from demo readers

    await test.step('write', async () => {
      await reviews.getByRole('button', { name: 'Write a review' }).click();
      await reviews.getByRole('button', { name: 'Post review' }).click();
      await expect(reviews.getByText('Rating must be a whole number from 1 to 5')).toBeVisible();
      await reviews
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: '5 stars' }) })
        .click();
      await reviews.getByLabel('Title (optional)').fill(title);
      await reviews.getByLabel('Your review (optional)').fill('Short chapters, <i>steady</i> advice.');
      await reviews.getByRole('button', { name: 'Post review' }).click();
      const own = reviews.getByRole('article', { name: title });
      await expect(own).toBeVisible();
      await expect(own.getByText('Short chapters, <i>steady</i> advice.')).toBeVisible(); // text, never HTML
      await expect.poll(() => ratingCount(page)).toBe(before + 1);
    });

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await reviews.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`reviews-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await test.step('edit', async () => {
      await reviews.getByRole('button', { name: 'Edit your review' }).click();
      await reviews
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
        .click();
      await reviews.getByRole('button', { name: 'Save changes' }).click();
      const own = reviews.getByRole('article', { name: title });
      await expect(own.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
      await expect.poll(() => ratingCount(page)).toBe(before + 1);
    });

    const voterPage = await signedInPage(browser, baseURL, voter.email, voter.password);
    const voterErrors = collectPageErrors(voterPage);
    await test.step('vote and report', async () => {
      await voterPage.goto(BOOK);
      const list = voterPage.getByRole('region', { name: 'Reviews' });
      await list.getByRole('button', { name: 'Newest' }).click();
      const review = list.getByRole('article', { name: title });
      await expect(review).toBeVisible();
      await review.getByRole('button', { name: 'Helpful' }).click();
      await expect(review.getByText('1 reader found this helpful')).toBeVisible();
      await expect(review.getByRole('button', { name: 'Helpful (undo)' })).toHaveAttribute('aria-pressed', 'true');
      await review.getByRole('button', { name: 'Report' }).click();
      const dialog = voterPage.getByRole('dialog', { name: 'Report this review' });
      await dialog.getByLabel('Reason').fill('Off topic for this book');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(review.getByText('Reported')).toBeVisible();
      // The Report button is gone: focus waits on what replaced it, not at the top of the page.
      await expect(review.getByText('Reported')).toBeFocused();
    });
    expect(voterErrors).toEqual([]);

    const moderator = demoAccount('moderator');
    const moderatorPage = await signedInPage(browser, baseURL, moderator.email, moderator.password);
    await test.step('moderate', async () => {
      await moderatorPage.goto('/moderation');
      const item = moderatorPage.getByRole('article', { name: new RegExp(title) });
      await expect(item.getByText('Off topic for this book')).toBeVisible();
      await item.getByLabel('Reason (the author sees it)').fill('Please keep reviews about the book');
      await item.getByRole('button', { name: 'Hide review' }).click();
      await expect(item.getByText('Hidden', { exact: true })).toBeVisible();
      await moderatorPage.screenshot({ path: test.info().outputPath('moderation-1280.png'), fullPage: true });
      expect(await seriousAxeViolations(moderatorPage)).toEqual([]);
    });

    await test.step('the author is told, and the figures drop the hidden review', async () => {
      await page.reload();
      await expect(
        reviews.getByText(
          'A moderator has hidden your review from other readers. Reason: Please keep reviews about the book',
        ),
      ).toBeVisible();
      await expect.poll(() => ratingCount(page)).toBe(before);
      await voterPage.reload();
      await voterPage.getByRole('region', { name: 'Reviews' }).getByRole('button', { name: 'Newest' }).click();
      await expect(voterPage.getByRole('article', { name: title })).toHaveCount(0);
    });
  });
});
