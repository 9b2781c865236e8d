/**
 * Journeys and money moments on a phone and a desktop: a new reader goes from the landing to the first page of a book
 * reading their code from the local demo mailbox (timed); a trial converted to Basic keeps its picks readable; the
 * upgrade dialog shows what is charged today; /billing never scrolls sideways at 390 px.
 */
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  createVerifiedAccount,
  expect,
  expectPageRendered,
  seriousAxeViolations,
  signInThroughApi,
  test,
  type NewAccount,
} from './fixtures';

const PHONE = { width: 390, height: 844 };

interface TBook {
  id: string;
  slug: string;
  title: string;
  requiredTier: string;
}

function origin(baseURL: string | undefined): Record<string, string> {
  return baseURL ? { Origin: new URL(baseURL).origin } : {};
}

async function trialBooks(request: APIRequestContext, count: number): Promise<TBook[]> {
  const response = await request.get('/api/books', { params: { tier: 'trial', limit: 20 } });
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: TBook[] };
  return items.filter((book) => book.requiredTier === 'trial').slice(0, count);
}

async function pick(request: APIRequestContext, baseURL: string | undefined, book: TBook): Promise<void> {
  const response = await request.post('/api/selections', { headers: origin(baseURL), data: { bookId: book.id } });
  expect(response.status(), await response.text()).toBe(201);
}

async function payWithTestCard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await page.getByRole('button', { name: /Use test card 4242/ }).click();
  // 'Use' fills every field: the form is payable at once.
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue(/^12\/\d{2}$/);
  await expect(page.getByLabel('CVC')).toHaveValue('123');
  await expect(page.getByLabel('Name on card')).not.toHaveValue('');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success/);
}

async function newTrialReader(page: Page, mailbox: Parameters<typeof createVerifiedAccount>[1], baseURL?: string) {
  const account: NewAccount = await createVerifiedAccount(page.request, mailbox, baseURL, 'journey');
  await signInThroughApi(page, account.email, account.password, baseURL);
  return account;
}

async function hasNoSideScroll(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

test.describe('journeys', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a new reader goes from the landing to the first page, reading the code from the local mailbox (390 px)', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(PHONE);
    const account = {
      email: `e2e.journey.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.com`,
      password: 'Pw-journey-correct horse',
      username: `e2e_j_${Date.now().toString(36)}`,
      // 07911 1xxxxx is in Guernsey's range of +44: chosen as GB, it must stay GB.
      phone: `7911 1${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
    };
    const started = Date.now();
    await page.goto('/');
    await page.getByRole('link', { name: 'Start 7-Day Trial' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const createAccount = page.getByRole('link', { name: 'Create your account to start the 7-day trial' });
    await expect(createAccount).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('sign-up-start-390.png'), fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await createAccount.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    // A refused submit brings the first bad field into view and focuses it.
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toBeInViewport();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Phone number').fill(account.phone);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.screenshot({ path: testInfo.outputPath('sign-up-form-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    await page.getByRole('link', { name: 'Demo: open the local mailbox' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Local mailbox' })).toBeVisible();
    await page.getByRole('list', { name: 'Messages' }).getByRole('button').first().click();
    const code = (
      await page
        .locator('article strong')
        .filter({ hasText: /^\d{6}$/ })
        .first()
        .textContent()
    )?.trim();
    expect(code).toMatch(/^\d{6}$/);
    await page.screenshot({ path: testInfo.outputPath('mailbox-390.png'), fullPage: true });
    await page.goBack();
    await page.goBack();

    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    await page.getByLabel('Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    // Signed in by the code: no second password entry.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Wonderful Books!' })).toBeVisible();
    await page.getByRole('link', { name: 'Start Reading Now' }).click();
    await expect(page.getByText('Welcome, Grace.', { exact: false })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);

    const [book] = await trialBooks(page.request, 1);
    await page.goto(`/book/${book.slug}`);
    await page.getByRole('button', { name: 'Pick this book' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pick this book' }).click();
    await page.getByRole('link', { name: 'Read now' }).click();
    await expectPageRendered(page, 1);
    const seconds = (Date.now() - started) / 1000;
    testInfo.annotations.push({ type: 'landing-to-first-page-seconds', description: seconds.toFixed(1) });
    const timing = testInfo.outputPath('landing-to-first-page.txt');
    fs.writeFileSync(timing, `${seconds.toFixed(1)} s\n`);
    await testInfo.attach('landing-to-first-page', { path: timing, contentType: 'text/plain' });

    // The profile keeps the country chosen (GB), not the one the number's range names.
    const me = await page.request.get('/api/me');
    expect(((await me.json()) as { countryCode: string }).countryCode).toBe('GB');
  });

  test('a trial converted to Basic keeps its picks readable, billing from the trial end', async ({
    page,
    mailbox,
    baseURL,
  }) => {
    await newTrialReader(page, mailbox, baseURL);
    const books = await trialBooks(page.request, 2);
    for (const book of books) await pick(page.request, baseURL, book);

    await page.goto('/subscribe?tier=basic');
    const quote = page.getByTestId('plan-quote');
    await expect(quote).toContainText('Charged today');
    await expect(quote).toContainText('£0.00');
    await expect(quote).toContainText("Your free trial's days are kept");
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithTestCard(page);

    const entitlements = await (await page.request.get('/api/me/entitlements')).json();
    expect(entitlements).toMatchObject({ tier: 'basic', picksUsed: 2, picksLimit: 10 });
    await page.goto('/library');
    for (const book of books) await expect(page.getByRole('heading', { name: book.title }).first()).toBeVisible();
    await expect(page.getByText('Not in your plan at the moment')).toHaveCount(0);
    await page.goto(`/reader/${books[0].slug}`);
    await expectPageRendered(page, 1);
  });

  test("the upgrade dialog shows today's amount, centred within a phone screen, and /billing has no horizontal scroll at 390 px", async ({
    page,
    mailbox,
    baseURL,
  }, testInfo) => {
    await newTrialReader(page, mailbox, baseURL);
    // Basic bought during the trial (nothing charged today); the upgrade then charges the difference for the period.
    const start = await page.request.post('/api/billing/checkout', {
      headers: origin(baseURL),
      data: { tier: 'basic' },
    });
    const { url } = (await start.json()) as { url: string };
    await page.goto(url);
    await payWithTestCard(page);

    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      await page.goto('/billing');
      await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toBeVisible();
      const widths = await hasNoSideScroll(page);
      expect(widths.scrollWidth, `/billing at ${viewport.width} px`).toBeLessThanOrEqual(widths.clientWidth);
      await page.screenshot({ path: testInfo.outputPath(`billing-${viewport.width}.png`), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium?' });
      const quote = dialog.getByTestId('plan-quote');
      await expect(quote).toContainText('Charged today');
      await expect(quote).toContainText(/£\d+\.\d{2}/);
      await expect(quote).toContainText('Next charge');
      const box = await dialog.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(Math.abs(box!.x + box!.width / 2 - viewport.width / 2)).toBeLessThan(2);
      await page.screenshot({ path: testInfo.outputPath(`upgrade-dialog-${viewport.width}.png`) });
      await dialog.getByRole('button', { name: 'Go back' }).click();
    }
  });
});
