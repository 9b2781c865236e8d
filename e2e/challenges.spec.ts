/**
 * Reading challenges (docs/product/reviews-and-challenges.md#reading-challenges) against the real API and the demo
 * seed: a reader creates a one-spot challenge through the form, joins it, reads pages (sent through POST /api/sync as
 * the reader's outbox sends them) and completes it; a second reader who opened the page meanwhile is refused when the
 * spot is gone; the two talk in the comments. Then the list and a seeded challenge at phone and desktop widths, with
 * axe.
 */
import type { Browser } from '@playwright/test';
import { encodeHlc } from '../shared/hlc';
import {
  demoAccount,
  expect,
  expectToast,
  hasHorizontalScroll,
  seriousAxeViolations,
  signInThroughApi,
  test,
} from './fixtures';

function pageView(sessionId: string, bookId: string, page: number, durationMs: number, at: number) {
  return {
    id: crypto.randomUUID(),
    type: 'event.record',
    hlc: encodeHlc({ wallMs: at, counter: 0, node: 'e2e-challenge-device' }),
    payload: {
      id: crypto.randomUUID(),
      sessionId,
      bookId,
      eventType: 'page_view',
      pageNumber: page,
      durationMs,
      occurredAt: new Date(at).toISOString(),
    },
  };
}

async function signedInPage(browser: Browser, baseURL: string | undefined, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, email, password, baseURL);
  return page;
}

test('create, join, read and complete a challenge; a full challenge refuses the next joiner; comments', async ({
  page,
  browser,
  baseURL,
}) => {
  // The moderator creates and reads: the trial reader's month of reading belongs to the reading-stats spec.
  const creator = demoAccount('moderator');
  const other = demoAccount('user', 'basic');
  const title = `Three pages today ${Date.now().toString(36)}`;
  await signInThroughApi(page, creator.email, creator.password, baseURL);

  await test.step('create through the form, with the SPEC messages first', async () => {
    await page.goto('/challenges');
    await page.getByRole('button', { name: 'Create a challenge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a challenge' });
    await dialog.getByLabel('Title').fill('ab');
    await dialog.getByRole('button', { name: 'Create challenge' }).click();
    await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(dialog.getByText('Description must be at least 10 characters')).toBeVisible();
    await expect(dialog.getByText('Target must be a whole number of at least 1')).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Read three real pages before the week is out.');
    await dialog.getByLabel('What counts').selectOption('pages_count');
    await dialog.getByLabel('Target (pages)').fill('3');
    await dialog.getByLabel('Maximum participants').fill('1');
    await dialog.getByLabel('Rules (one a line)').fill('Pages count after 5 seconds');
    await dialog.getByRole('button', { name: 'Create challenge' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('0 readers · 1 spot left')).toBeVisible();
    await expect(page.getByText(/A page counts after you stay on it at least 5 seconds/)).toBeVisible();
  });
  const challengeUrl = new URL(page.url()).pathname;

  // The second reader opens the page while the spot is still free.
  const second = await signedInPage(browser, baseURL, other.email, other.password);
  await second.goto(challengeUrl);
  await expect(second.getByRole('button', { name: 'Join challenge' })).toBeVisible();

  await test.step('join, then read pages: progress follows the counting rules and completes', async () => {
    await page.getByRole('button', { name: 'Join challenge' }).click();
    await expect(page.getByTestId('own-progress')).toHaveText('0 / 3 pages');
    const headers = { Origin: new URL(baseURL!).origin };
    const picked = await page.request.post('/api/selections', { headers, data: { bookId: 'the-enchiridion' } });
    expect(picked.status(), await picked.text()).toBeLessThan(300);
    const { bookId } = (await picked.json()) as { bookId: string };
    const now = Date.now();
    const session = crypto.randomUUID();
    // Pages 1 and 2 read; page 9 passed through for 2 s (does not count).
    const first = [
      pageView(session, bookId, 1, 30_000, now - 60_000),
      pageView(session, bookId, 9, 2_000, now - 50_000),
      pageView(session, bookId, 2, 20_000, now - 40_000),
    ];
    const synced = await page.request.post('/api/sync', {
      headers,
      data: { deviceId: 'e2e-challenge-device', mutations: first },
    });
    expect(synced.status(), await synced.text()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('own-progress')).toHaveText('2 / 3 pages');
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity.getByText('reached 50% of the target')).toBeVisible();

    const more = await page.request.post('/api/sync', {
      headers,
      data: { deviceId: 'e2e-challenge-device', mutations: [pageView(session, bookId, 3, 15_000, now - 20_000)] },
    });
    expect(more.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('own-progress')).toHaveText('3 / 3 pages');
    await expect(page.getByText(/^Completed on /)).toBeVisible();
    await expect(activity.getByText('completed the challenge with 3 pages')).toBeVisible();
    const board = page.getByRole('list', { name: 'Leaderboard by progress' });
    await expect(board.getByRole('listitem').first()).toContainText('(you)');
    await expect(board.getByText('Target: 3 pages')).toBeVisible();
  });

  await test.step('the full challenge refuses the next joiner', async () => {
    await second.getByRole('button', { name: 'Join challenge' }).click();
    await expectToast(second, { title: "Couldn't join", description: 'This challenge is full' });
    await expect(second.getByText('This challenge is full.')).toBeVisible();
    await expect(second.getByText('1 reader · full')).toBeVisible();
  });

  await test.step('post a comment and reply to it; text stays text', async () => {
    const comments = page.getByRole('region', { name: 'Comments' });
    await comments.getByLabel('Add a comment').fill('Done! <b>Page three</b> was the best.');
    await comments.getByRole('button', { name: 'Post comment' }).click();
    await expect(comments.getByText('Done! <b>Page three</b> was the best.')).toBeVisible();

    await second.reload();
    const theirs = second.getByRole('region', { name: 'Comments' });
    const thread = theirs.getByRole('listitem').filter({ hasText: 'Page three' }).first();
    await thread.getByRole('button', { name: 'Reply' }).click();
    await theirs.getByRole('textbox', { name: /^Reply to / }).fill('Well done, next time save me a spot!');
    await theirs.getByRole('button', { name: 'Post reply' }).click();
    const replies = theirs.getByRole('list', { name: 'Replies' });
    await expect(replies.getByText('Well done, next time save me a spot!')).toBeVisible();
    await theirs.getByRole('button', { name: '0 likes' }).first().click();
    await expect(theirs.getByRole('button', { name: '1 like' }).first()).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Comments' }).getByText('Well done, next time save me a spot!'),
    ).toBeVisible();
  });
  await second.context().close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the list and a seeded challenge at ${viewport.width} px: filters, leaderboard, axe`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/challenges');
    await expect(page.getByRole('heading', { level: 1, name: 'Reading challenges' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Thirty pages a day' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/challenges-list-${viewport.width}.png`, fullPage: true });

    await page.getByLabel('Status').selectOption('upcoming');
    await expect(page.getByRole('link', { name: 'Three classics before summer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Thirty pages a day' })).toBeHidden();
    await page.getByLabel('Status').selectOption('');

    await page.getByRole('link', { name: 'Thirty pages a day' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thirty pages a day' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to join' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Leaderboard by progress' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Replies' }).first()).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/challenge-detail-${viewport.width}.png`, fullPage: true });
  });
}
