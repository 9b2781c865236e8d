/**
 * Reading statistics on /dashboard (docs/product/reading-stats.md): a reader's two sessions, one recorded offline and
 * uploaded later (twice, as a retrying device would), show the minutes and pages of the counting rules; the demo
 * Premium reader's year has charts, calendar and advanced views; axe and screenshots at phone and desktop widths.
 * The reader's own page timing is covered by the tracker's unit tests; the sessions here go through POST /api/sync as
 * the reader's outbox sends them.
 */
import { encodeHlc } from '../shared/hlc';
import { demoAccount, expect, seriousAxeViolations, signInThroughApi, test } from './fixtures';

function pageView(sessionId: string, bookId: string, page: number, durationMs: number, at: number) {
  return {
    id: crypto.randomUUID(),
    type: 'event.record',
    hlc: encodeHlc({ wallMs: at, counter: 0, node: 'e2e-device' }),
    payload: {
      id: crypto.randomUUID(),
      sessionId,
      bookId,
      eventType: 'page_view',
      pageNumber: page,
      durationMs,
      occurredAt: new Date(at).toISOString(),
      meta: { timeZone: 'Europe/London' },
    },
  };
}

test('two sessions, one offline, show the counted minutes and pages on the dashboard', async ({ page, baseURL }) => {
  const reader = demoAccount('user', 'trial');
  await signInThroughApi(page, reader.email, reader.password, baseURL);
  const headers = { Origin: new URL(baseURL!).origin };
  const picked = await page.request.post('/api/selections', { headers, data: { bookId: 'meditations' } });
  expect(picked.status(), await picked.text()).toBeLessThan(300);
  const { bookId } = (await picked.json()) as { bookId: string };
  await page.goto('/dashboard');
  const stats = page.getByRole('region', { name: 'Reading statistics' });
  const month = stats.getByRole('region', { name: 'This month' });
  await expect(month.getByText('Pages read').locator('xpath=ancestor::div[1]/dd')).toHaveText('0');

  const now = Date.now();
  // Online: pages 1 and 2 read (30 s, 90 s), page 9 passed through the contents for 2 s.
  const online = crypto.randomUUID();
  const onlineBatch = [
    pageView(online, bookId, 1, 30_000, now - 200_000),
    pageView(online, bookId, 9, 2_000, now - 190_000),
    pageView(online, bookId, 2, 90_000, now - 100_000),
  ];
  // Offline, earlier today: page 3 read for 20 minutes (counts 5), page 4 for 30 s. Sent twice.
  const offline = crypto.randomUUID();
  const offlineBatch = [
    pageView(offline, bookId, 3, 20 * 60_000, now - 3_000_000),
    pageView(offline, bookId, 4, 30_000, now - 2_900_000),
  ];
  for (const mutations of [onlineBatch, offlineBatch, offlineBatch]) {
    const synced = await page.request.post('/api/sync', { headers, data: { deviceId: 'e2e-device', mutations } });
    expect(synced.status(), await synced.text()).toBe(200);
  }
  // 30 s + 2 s + 90 s + 5 min + 30 s = 7 min 32 s: "7 min"; pages 1, 2, 3, 4 = 4.
  await page.reload();
  await expect(month.getByText('Pages read').locator('xpath=ancestor::div[1]/dd')).toHaveText('4');
  await expect(month.getByText('Time read').locator('xpath=ancestor::div[1]/dd')).toHaveText('7 min');
  await expect(stats.getByRole('link', { name: 'Upgrade to Premium' })).toBeVisible();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the demo Premium reader's year at ${viewport.width} px: charts, calendar, advanced views, axe`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/dashboard');
    const stats = page.getByRole('region', { name: 'Reading statistics' });
    await expect(stats.getByRole('region', { name: 'Advanced analytics' })).toBeVisible();
    await expect(stats.getByRole('table', { name: 'Reading time, last 14 days' })).toBeAttached();
    await expect(stats.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(stats.getByText(/days with reading in the last year/)).toBeVisible();
    const review = stats.getByRole('region', { name: /in review$/ });
    await expect(review.getByText('Longest streak')).toBeVisible();
    const download = page.waitForEvent('download');
    await review.getByRole('button', { name: 'Download as image' }).click();
    expect((await download).suggestedFilename()).toMatch(/^year-in-review-\d{4}\.png$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `.tmp/screens/reading-stats-${viewport.width}.png`, fullPage: true });
  });
}
