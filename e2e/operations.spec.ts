/**
 * Operations end to end (docs/product/operations.md): the health dashboard (a visitor sees the overall status and check
 * names only, a super admin runs the checks and sees every state), system settings (a value of the wrong range is refused
 * on its field, a valid one is saved), the super admin screen (back up now, grant and remove a role) and the diagnostics
 * screens; each passes axe at 1280 and 390 px and is photographed for review.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  demoAccount,
  expect,
  expectToast,
  seriousAxeViolations,
  signInThroughApi,
  test,
  waitForTransitions,
} from './fixtures';

const SCREENS_DIR = '.tmp/screens/operations';

async function signInAsSuperAdmin(page: Page, baseURL: string | undefined): Promise<void> {
  const account = demoAccount('super_admin');
  await signInThroughApi(page, account.email, account.password, baseURL);
}

test.describe('operations', () => {
  test.describe.configure({ timeout: 120_000 });

  test('health dashboard: a super admin runs the checks; a visitor sees only the overall status, names and times', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAsSuperAdmin(page, baseURL);
    await page.goto('/health-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Health Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Run checks now' }).click();
    await expectToast(page, { title: 'Health checks finished' });
    const checks = page.getByRole('table', { name: 'Health checks of the latest run' });
    await expect(checks.getByRole('row').filter({ hasText: 'Blob store read and write' })).toContainText('Healthy');
    await expect(checks.getByRole('columnheader', { name: 'Duration' })).toBeVisible();
    await expect(checks.getByRole('row')).toHaveCount(11);

    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/health-dashboard');
    const publicChecks = visitorPage.getByRole('table', { name: 'Health checks' });
    await expect(publicChecks.getByRole('row').filter({ hasText: 'Last backup' })).toBeVisible();
    await expect(publicChecks.getByRole('columnheader')).toHaveText(['Check', 'Checked']);
    await expect(visitorPage.getByText(/^Overall: /)).toBeVisible();
    await expect(visitorPage.getByRole('button', { name: 'Run checks now' })).toHaveCount(0);
    await visitor.close();
  });

  test('system settings: a wrong value is refused on its field, a valid one is saved', async ({ page, baseURL }) => {
    await signInAsSuperAdmin(page, baseURL);
    await page.goto('/system-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
    const field = page.getByLabel('max_copy_percentage');
    const row = page.getByRole('listitem').filter({ has: field });
    await field.fill('140');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByText('Enter a number from 0 to 100')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('35');
    await row.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, { title: 'Setting saved', description: 'max_copy_percentage is now 35.' });
    await expect(page.getByLabel('max_copy_percentage')).toHaveValue('35');
    await expect(page.getByRole('listitem').filter({ hasText: 'chunk_size' }).getByText('Read-only')).toBeVisible();
    // Put it back for the other specs.
    await page.getByLabel('max_copy_percentage').fill('40');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByLabel('max_copy_percentage') })
      .getByRole('button', { name: 'Save' })
      .click();
    await expectToast(page, { title: 'Setting saved', description: 'max_copy_percentage is now 40.' });
  });

  test('super admin: backs up now, grants and removes a role', async ({ page, baseURL }) => {
    await signInAsSuperAdmin(page, baseURL);
    await page.goto('/super-admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Super Admin' })).toBeVisible();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expectToast(page, { title: 'Backup finished' });
    await expect(page.getByRole('table', { name: 'Backups' }).getByRole('row')).toHaveCount(2);

    const reader = demoAccount('user', 'basic');
    await page.getByLabel('Account e-mail').fill(reader.email);
    await page.getByLabel('Role', { exact: true }).selectOption('moderator');
    await page.getByRole('button', { name: 'Set role' }).click();
    await expectToast(page, { title: 'Role saved' });
    const staffRow = page
      .getByRole('table', { name: 'Staff accounts' })
      .getByRole('row')
      .filter({ hasText: reader.email });
    await expect(staffRow).toContainText('Moderator');
    await staffRow.getByRole('button', { name: 'Remove role' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove role' }).click();
    await expectToast(page, { title: 'Role removed' });
    await expect(staffRow).toHaveCount(0);
    await expect(page.getByText('No account uses this e-mail address')).toHaveCount(0);
  });

  test('diagnostics: the guard matrix and walkthrough for the viewer, and axe on a chosen page in a frame', async ({
    page,
    browser,
    baseURL,
  }) => {
    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/testing-qa');
    await expect(visitorPage.getByText('You are not signed in.', { exact: false })).toBeVisible();
    const matrix = visitorPage.getByRole('table', { name: 'Route guard matrix' });
    await expect(matrix.getByRole('row').filter({ hasText: '/super-admin' })).toContainText('Redirects to /auth/login');
    await expect(matrix.getByRole('row').filter({ hasText: '/bookstore' }).first()).toContainText('Opens');
    await visitor.close();

    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/route-protection-demo');
    await page.getByLabel('Route to try').selectOption('/admin');
    const steps = page.getByRole('list', { name: 'The three checks' });
    await expect(steps.getByRole('listitem').nth(0)).toContainText('Signed in: Passed');
    await expect(steps.getByRole('listitem').nth(1)).toContainText('Subscription: Skipped');
    await expect(steps.getByRole('listitem').nth(2)).toContainText('Role: Failed');
    await expect(page.getByRole('status').filter({ hasText: 'The guard stops you' })).toContainText('/dashboard');
    await page.getByLabel('Route to try').selectOption('/library');
    await expect(page.getByRole('status').filter({ hasText: 'opens for you' })).toBeVisible();

    await page.goto('/accessibility-test');
    await page.getByLabel('Page to check').selectOption('/bookstore');
    await page.getByRole('button', { name: 'Run the check' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^\/bookstore: / })).toBeVisible({ timeout: 30_000 });
    await expect(page.frameLocator('iframe[title="Page under test"]').getByRole('heading', { level: 1 })).toBeVisible();
    fs.mkdirSync(SCREENS_DIR, { recursive: true });
    await page.screenshot({ path: `${SCREENS_DIR}/accessibility-test-run-1280.png`, fullPage: true });
  });

  test('feedback triage: a moderator opens it from the moderation queue and sees only it in the back office', async ({
    page,
    baseURL,
  }) => {
    const moderator = demoAccount('moderator');
    await signInThroughApi(page, moderator.email, moderator.password, baseURL);
    await page.goto('/moderation');
    await page.getByRole('link', { name: 'Feedback triage' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Feedback Triage' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link')).toHaveText(['Feedback']);
    await page.goto('/admin/users');
    await expectToast(page, { title: 'Access Denied' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('feedback screenshot: the reader sees it, removes it, takes it again and sends it; the moderator sees it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/bookstore');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Feedback', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.getByRole('button', { name: 'Add a screenshot of this page' }).click();
    const preview = dialog.getByRole('img', { name: 'Screenshot of the page that will be sent with your feedback' });
    await expect(preview).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Remove screenshot' }).click();
    await expect(preview).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add a screenshot of this page' }).click();
    await expect(preview).toBeVisible({ timeout: 30_000 });
    fs.mkdirSync(SCREENS_DIR, { recursive: true });
    await page.screenshot({ path: `${SCREENS_DIR}/feedback-screenshot-1280.png` });
    expect(await seriousAxeViolations(page)).toEqual([]);
    const title = `Covers look blurry ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('The covers in the store look blurry on my screen.');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expectToast(page, { title: 'Thank you for your feedback', description: /The team will read it soon/ });
    await page.goto('/feedback');
    const item = page.getByRole('listitem').filter({ hasText: title });
    const link = item.getByRole('link', { name: /See the screenshot you sent/ });
    await expect(link).toBeVisible();
    const image = await page.request.get(new URL((await link.getAttribute('href')) ?? '', baseURL).toString());
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');

    const staff = await browser.newContext({ baseURL });
    const moderatorPage = await staff.newPage();
    const moderator = demoAccount('moderator');
    await signInThroughApi(moderatorPage, moderator.email, moderator.password, baseURL);
    await moderatorPage.goto(`/admin/feedback?q=${encodeURIComponent(title)}`);
    await moderatorPage.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'Open' }).click();
    const detail = moderatorPage.getByRole('dialog', { name: title });
    await expect(detail.getByRole('img', { name: /^Screenshot sent with/ })).toBeVisible();
    await moderatorPage.screenshot({ path: `${SCREENS_DIR}/feedback-triage-screenshot-1280.png` });
    await staff.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`every operations screen passes axe at ${viewport.width} px`, async ({ page, baseURL }) => {
      fs.mkdirSync(SCREENS_DIR, { recursive: true });
      await page.setViewportSize(viewport);
      await signInAsSuperAdmin(page, baseURL);
      await page.request.post('/api/admin/health/runs', { headers: { origin: new URL(baseURL ?? '').origin } });
      for (const [name, path, heading] of [
        ['health-dashboard', '/health-dashboard', 'Health Dashboard'],
        ['system-settings', '/system-settings', 'System Settings'],
        ['super-admin', '/super-admin', 'Super Admin'],
        ['testing-qa', '/testing-qa', 'Testing & QA'],
        ['route-protection-demo', '/route-protection-demo', 'Route Protection Demo'],
        ['accessibility-test', '/accessibility-test', 'Accessibility Test'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await waitForTransitions(page);
        await page.screenshot({ path: `${SCREENS_DIR}/${name}-${viewport.width}.png`, fullPage: true });
        expect(await seriousAxeViolations(page), `${path} at ${viewport.width}`).toEqual([]);
      }
    });
  }
});
