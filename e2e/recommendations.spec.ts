/**
 * Recommendations (docs/product/recommendations.md): the demo Premium reader's year of reading gives them rows on
 * /dashboard, each card saying why it is shown; "Not interested" hides a card at once and it stays gone after a
 * reload; a book page shows "More like this" to a visitor who is not signed in. Screenshots at phone and desktop
 * widths, and axe.
 */
import { demoAccount, expect, seriousAxeViolations, signInThroughApi, test } from './fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

test('a card says why it is shown; a dismissed recommendation does not come back', async ({ page, baseURL }) => {
  const reader = demoAccount('user', 'premium');
  await signInThroughApi(page, reader.email, reader.password, baseURL);
  const recommendations = page.getByRole('region', { name: 'Recommended for you' });
  const cards = recommendations.getByTestId('recommendation-card');
  // The job runs as the server starts; the rows are there as soon as it has finished.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(cards.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });

  const because = recommendations.getByRole('region', { name: /^Because you read / });
  await expect(because).toBeVisible();
  const firstCard = because.getByTestId('recommendation-card').first();
  await expect(firstCard.getByTestId('recommendation-reason')).toHaveText(/^Why it is shown: Because you read .+: .+/);
  for (const reason of await recommendations.getByTestId('recommendation-reason').allTextContents())
    expect(reason.replace('Why it is shown:', '').trim().length).toBeGreaterThan(5);

  const title = ((await firstCard.getByRole('heading').textContent()) ?? '').trim();
  const dismissed = page.waitForResponse((response) => /\/api\/recommendations\/[^/]+\/dismiss$/.test(response.url()));
  await firstCard.getByRole('button', { name: `Not interested in ${title}` }).click();
  // Optimistic: gone before the server has answered the refetch.
  await expect(recommendations.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
  expect((await dismissed).status()).toBe(204);

  await page.reload();
  await expect(cards.first()).toBeVisible();
  await expect(recommendations.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (SHOTS) {
    await recommendations.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/recommendations-dashboard-1280.png`, fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await recommendations.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/recommendations-dashboard-390.png`, fullPage: false });
  }

  // The bookstore shows the same rows to the signed-in reader, after the results, without the dismissed book.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/bookstore');
  const storeRows = page.getByRole('region', { name: 'Recommended for you' });
  await expect(storeRows.getByTestId('recommendation-card').first()).toBeVisible();
  await expect(storeRows.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
  await storeRows.scrollIntoViewIfNeeded();
  const firstCover = storeRows.getByRole('img', { name: /^Cover of / }).first();
  await expect
    .poll(() => firstCover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/recommendations-bookstore-1280.png` });
});

test('a visitor sees "More like this" on a book page, each with its reason', async ({ page }) => {
  await page.goto('/book/meditations');
  const similar = page.getByRole('region', { name: 'More like this' });
  await expect(similar.getByTestId('recommendation-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(similar.getByTestId('recommendation-reason').first()).toHaveText(/^Why it is shown: .{5,}/);
  await expect(similar.getByRole('button', { name: /Not interested/ })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (SHOTS) {
    await similar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/more-like-this-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await similar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/more-like-this-390.png` });
  }
});
