/**
 * Feedback end to end (docs/product/feedback.md): a reader writes feedback while offline (it waits in the sync outbox
 * and goes out when the connection returns), the team answers from the triage queue with an internal note, and the
 * reader sees the response on /feedback and gets it by e-mail, never the note. Screens pass axe at 1280 and 390 px
 * and are photographed for review.
 */
import fs from 'node:fs';
import { encodeHlc } from '../shared/hlc';
import {
  collectPageErrors,
  createVerifiedAccount,
  demoAccount,
  expect,
  expectToast,
  seriousAxeViolations,
  signInThroughApi,
  test,
  waitForTransitions,
} from './fixtures';

const SCREENS_DIR = '.tmp/screens/feedback';

test.describe('feedback', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a reader sends feedback offline and sees the team response', async ({
    page,
    browser,
    baseURL,
    clientIp,
    mailbox,
  }) => {
    fs.mkdirSync(SCREENS_DIR, { recursive: true });
    const errors = collectPageErrors(page);
    const account = await createVerifiedAccount(page.request, mailbox, baseURL, 'feedback');
    await signInThroughApi(page, account.email, account.password, baseURL);
    await page.goto('/feedback');
    await expect(page.getByRole('heading', { level: 1, name: 'My Feedback' })).toBeVisible();
    // Offline, the form's code comes from the service worker's precache.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);

    const title = `Search misses authors ${Date.now()}`;
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Feedback', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await expect(dialog.getByText('/feedback', { exact: true })).toBeVisible();
    await dialog.getByLabel('Type').selectOption('bug');
    await dialog.getByLabel('Category').selectOption('catalogue');
    await dialog.getByLabel('Title').fill('Bad');
    await dialog.getByLabel('Description').fill('short');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expect(dialog.getByText('Title must be at least 5 characters')).toBeVisible();
    await expect(dialog.getByText('Description must be at least 10 characters')).toBeVisible();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Searching for an author by surname finds nothing.');
    await page.screenshot({ path: `${SCREENS_DIR}/form-1280.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expectToast(page, { title: 'Thank you for your feedback', description: /You are offline/ });

    await expect(page.getByText('1 item is saved on this device')).toBeVisible();
    await page.context().setOffline(false);
    // Sent by the outbox when the connection returns; the list refreshes after the flush.
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Open', { timeout: 30_000 });
    await expect(page.getByText('1 item is saved on this device')).toHaveCount(0);

    // The team answers, with an internal note the reader never sees.
    const staff = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientIp } });
    const admin = await staff.newPage();
    const superAdmin = demoAccount('super_admin');
    await signInThroughApi(admin, superAdmin.email, superAdmin.password, baseURL);
    await admin.goto('/admin/feedback');
    await expect(admin.getByRole('heading', { level: 1, name: 'Feedback Triage' })).toBeVisible();
    await admin.getByLabel('Title, text or reader').fill(title);
    // The search is debounced into the address: open the item once the filtered list is shown.
    await expect(admin).toHaveURL(/[?&]q=/);
    await expect(admin.getByText('1–1 of 1')).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Open' }).click();
    const detail = admin.getByRole('dialog', { name: title });
    await expect(detail.getByText('/feedback', { exact: true })).toBeVisible();
    await detail.getByLabel('Add a comment').fill('Probably the tokenizer: check surname indexing.');
    await detail.getByRole('button', { name: 'Add comment' }).click();
    await expect(detail.getByText('Probably the tokenizer')).toBeVisible();
    await detail.getByLabel('Public response').fill('Thanks! Author search by surname now works.');
    await detail.getByRole('button', { name: 'Send response' }).click();
    // The toast sits behind the open dialog (outside it is inert); the dialog itself shows the response went out.
    await expect(detail.getByText(/^Last sent .* by /)).toBeVisible();
    await admin.screenshot({ path: `${SCREENS_DIR}/triage-detail-1280.png` });
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await staff.close();

    await page.reload();
    const item = page.getByRole('listitem').filter({ hasText: title });
    await expect(item).toContainText('Resolved');
    await expect(item).toContainText('Thanks! Author search by surname now works.');
    await expect(page.getByText('Probably the tokenizer')).toHaveCount(0);
    await mailbox.latest(account.email, /Author search by surname now works/, 'the team response');
    await page.screenshot({ path: `${SCREENS_DIR}/my-feedback-1280.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`feedback screens pass axe at ${viewport.width} px`, async ({ page, baseURL }) => {
      fs.mkdirSync(SCREENS_DIR, { recursive: true });
      await page.setViewportSize(viewport);
      const admin = demoAccount('super_admin');
      await signInThroughApi(page, admin.email, admin.password, baseURL);
      // One item in the queue, sent through the sync API as the form would.
      const sent = await page.request.post('/api/sync', {
        headers: { Origin: new URL(baseURL ?? '').origin },
        data: {
          deviceId: 'e2e-axe',
          mutations: [
            {
              id: crypto.randomUUID(),
              type: 'feedback.submit',
              hlc: encodeHlc({ wallMs: Date.now(), counter: 0, node: 'e2e-axe' }),
              payload: {
                id: crypto.randomUUID(),
                type: 'suggestion',
                category: 'library',
                title: 'Sort my library by author',
                description: 'A sort by author would help me find books faster.',
                priority: 'low',
                url: '/library',
                deviceInfo: {
                  platform: 'Linux',
                  browser: 'Chrome 131',
                  screenResolution: '1280x900',
                  viewport: '1280x900',
                },
              },
            },
          ],
        },
      });
      expect((await sent.json()).applied).toHaveLength(1);
      for (const [name, path, heading] of [
        ['queue', '/admin/feedback', 'Feedback Triage'],
        ['mine', '/feedback', 'My Feedback'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Checked once the data is in (the table's loading rows are not the screen).
        await expect(page.locator('[aria-busy="true"], [role="status"]')).toHaveCount(0);
        await waitForTransitions(page);
        await page.screenshot({ path: `${SCREENS_DIR}/${name}-${viewport.width}.png`, fullPage: true });
        expect(await seriousAxeViolations(page), name).toEqual([]);
      }
      await page.getByRole('button', { name: 'Feedback', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Send feedback' })).toBeVisible();
      await page.screenshot({ path: `${SCREENS_DIR}/form-${viewport.width}.png` });
      expect(await seriousAxeViolations(page), 'form').toEqual([]);
    });
  }
});
