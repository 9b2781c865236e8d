/**
 * The back office's people screens end to end (docs/product/back-office.md): an admin finds a reader, changes their
 * plan, revokes a loan (the reader loses the book and is told why) and deactivates two readers at once; every screen
 * passes axe at 1280 and 390 px and is photographed for review.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
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

const BOOK_SLUG = 'self-help';
const SCREENS_DIR = '.tmp/screens/admin-people';

async function signInAsAdmin(page: Page, baseURL: string | undefined): Promise<void> {
  const admin = demoAccount('super_admin');
  await signInThroughApi(page, admin.email, admin.password, baseURL);
}

async function readerPage(
  browser: Browser,
  baseURL: string | undefined,
  clientIp: string,
  email: string,
  password: string,
) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientIp } });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signInThroughApi(page, email, password, baseURL);
  return { page, errors, context };
}

test.describe('back office: people', () => {
  test.describe.configure({ timeout: 120_000 });

  test('finds a reader, changes their plan, revokes a loan and the reader loses the book with the reason', async ({
    page,
    browser,
    baseURL,
    clientIp,
    mailbox,
  }) => {
    const account = await createVerifiedAccount(page.request, mailbox, baseURL, 'people');
    await signInAsAdmin(page, baseURL);

    // Find the reader.
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.getByLabel('Search name, e-mail or username').fill(account.email);
    const row = page.getByRole('row').filter({ hasText: account.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace');

    // Change their plan.
    await page.getByLabel('Plan', { exact: true }).selectOption('premium');
    await page.getByLabel('Subscription status').selectOption('active');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, { title: 'Changes saved' });
    await expect(page.getByText(/Premium \(Active\)/)).toBeVisible();

    // The reader now reads on Premium: opening the book makes a loan.
    const reader = await readerPage(browser, baseURL, clientIp, account.email, account.password);
    const book = (await (await reader.page.request.get(`/api/books/${BOOK_SLUG}`)).json()) as {
      id: string;
      title: string;
    };
    const origin = { Origin: new URL(baseURL ?? '').origin };
    const opened = await reader.page.request.post('/api/loans', { headers: origin, data: { bookId: book.id } });
    expect(opened.status(), await opened.text()).toBe(201);

    // Revoke it with a reason.
    await page.goto(`/admin/loans?q=${encodeURIComponent(account.email)}`);
    const loanRow = page.getByRole('row').filter({ hasText: book.title });
    await expect(loanRow).toHaveCount(1);
    await loanRow.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this loan?' });
    await dialog.getByLabel('Reason').fill('Payment disputed');
    await dialog.getByRole('button', { name: 'Revoke loan' }).click();
    await expectToast(page, { title: 'Loan revoked' });
    await expect(loanRow.getByText('Payment disputed')).toBeVisible();

    // The reader loses the book and sees why, on the reader and on their loans page.
    await reader.page.goto(`/reader/${BOOK_SLUG}`);
    // The reader's lazy chunk (pdf.js) can take a while on a busy machine before the refusal is drawn.
    await expect(reader.page.getByText(/withdrawn by Wonderful Books: Payment disputed/)).toBeVisible({
      timeout: 60_000,
    });
    await reader.page.goto('/loans');
    await expect(reader.page.getByText('Payment disputed')).toBeVisible();
    await reader.context.close();
    expect(reader.errors.filter((error) => !/403|Forbidden/.test(error))).toEqual([]);
  });

  test('deactivates two readers at once after a confirmation that says so', async ({ page, baseURL, mailbox }) => {
    const first = await createVerifiedAccount(page.request, mailbox, baseURL, 'bulk');
    const second = await createVerifiedAccount(page.request, mailbox, baseURL, 'bulk');
    await signInAsAdmin(page, baseURL);
    await page.goto('/admin/users?q=e2e.bulk.');
    for (const account of [first, second]) {
      const row = page.getByRole('row').filter({ hasText: account.email });
      await row.getByRole('checkbox').check();
    }
    const bulk = page.getByRole('region', { name: 'Bulk changes' });
    await expect(bulk.getByText('2 selected')).toBeVisible();
    await bulk.getByLabel('Change for the selected users').selectOption('deactivate');
    await bulk.getByRole('button', { name: 'Apply to 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm bulk change' });
    await expect(dialog).toContainText('Deactivate 2 users?');
    await dialog.getByRole('button', { name: 'Deactivate (2)' }).click();
    await expectToast(page, { title: '2 users updated' });
    for (const account of [first, second]) {
      await expect(page.getByRole('row').filter({ hasText: account.email })).toContainText('Deactivated');
      const login = await page.request.post('/api/auth/login', {
        headers: { Origin: new URL(baseURL ?? '').origin },
        data: { emailOrUsername: account.email, password: account.password },
      });
      expect(login.status()).toBeGreaterThanOrEqual(400);
    }
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`every people screen passes axe at ${viewport.width} px`, async ({ page, baseURL }) => {
      fs.mkdirSync(SCREENS_DIR, { recursive: true });
      await page.setViewportSize(viewport);
      await signInAsAdmin(page, baseURL);
      const reader = demoAccount('user', 'premium');
      await page.goto(`/admin/users?q=${encodeURIComponent(reader.email)}`);
      await page.getByRole('row').filter({ hasText: reader.email }).getByRole('link').click();
      await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
      const userPath = new URL(page.url()).pathname;
      for (const [name, path, heading] of [
        ['users', '/admin/users', 'Users'],
        ['user', userPath, null],
        ['plans', '/admin/plans', 'Plans'],
        ['loans', '/admin/loans', 'Loans'],
        ['audit-log', '/admin/audit-log', 'Audit Log'],
      ] as const) {
        await page.goto(path);
        if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText('Loading...')).toHaveCount(0);
        await waitForTransitions(page);
        await page.screenshot({ path: `${SCREENS_DIR}/${name}-${viewport.width}.png`, fullPage: true });
        expect(await seriousAxeViolations(page), `${path} at ${viewport.width}`).toEqual([]);
      }
    });
  }
});
