/**
 * Screens that need the network say so offline and point to the downloads
 * (docs/product/offline-and-devices.md#screens-without-a-connection); the install hint can be dismissed and stays
 * dismissed (docs/product/routes-and-screens.md#install-the-app); on a phone the bookstore's filters open in a bottom
 * sheet and apply from there (docs/product/catalogue-and-search.md#filters-on-phones).
 */
import type { Page } from '@playwright/test';
import { demoAccount, expect, hasHorizontalScroll, signInThroughApi, test } from './fixtures';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** The service worker controls the page (it claims clients on first install), so the app loads offline. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
      message: 'the service worker controls the page',
    })
    .toBe(true);
}

test.describe('offline screens', () => {
  test.describe.configure({ timeout: 90_000 });

  test('offline, /library says it needs the network and links to the downloads; so do the dashboard and the store', async ({
    page,
    context,
    baseURL,
  }) => {
    const reader = demoAccount('user', 'basic');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: "You're offline." });
    await expect(notice).toContainText('Your library needs a connection to load.');
    await expect(page.getByText(/Your picks need a connection/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'On this device' })).toBeVisible();
    // Nothing waits for ever.
    await expect(page.getByText('Loading your books...')).toHaveCount(0);
    await expect(page.getByText('Loading your library...')).toHaveCount(0);

    await page.getByRole('link', { name: 'Open your downloads' }).click();
    await expect(page).toHaveURL(/\/offline$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Offline reading' })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toContainText(
      'Your dashboard needs a connection to load.',
    );
    await expect(page.getByText(/Your reading figures need a connection/)).toBeVisible();

    await page.goto('/bookstore');
    await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toContainText(
      'The Book Store needs a connection to show books.',
    );
    await expect(page.getByText('Loading books...')).toHaveCount(0);
    await context.setOffline(false);
  });
});

test.describe('phone', () => {
  test.use(PHONE);

  test('the phone menu leads to Offline reading', async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Offline reading' }).click();
    await expect(page).toHaveURL(/\/offline$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Offline reading' })).toBeVisible();
  });

  test('the bookstore filters open in a sheet, apply a filter and count it on the button', async ({ page }) => {
    await page.goto('/bookstore');
    const count = page.getByRole('region', { name: 'Results' }).locator('p[role="status"]');
    // the seeded 1,000, plus any the back-office spec publishes meanwhile on the same server
    await expect(count).toHaveText(/^1,00\d books$/);
    // The drop-downs are not on the first screen; one button stands for them.
    await expect(page.getByLabel('Category', { exact: true })).toBeHidden();
    const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
    await filtersButton.click();

    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('Category', { exact: true }).selectOption('philosophy');
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).toBe('philosophy');
    const show = sheet.getByRole('button', { name: /^Show [\d,]+ books?$/ });
    await expect(show).toBeVisible();
    const shown = (await show.textContent())!.replace(/^Show /, '');
    await show.click();

    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters 1 active' })).toBeFocused();
    await expect(count).toHaveText(shown);
    await expect(page.getByRole('region', { name: 'Filters' }).getByText('Category: Philosophy')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});

test.describe('install hint in iOS Safari', () => {
  test.use({ ...PHONE, userAgent: IPHONE_SAFARI });

  test('shows the Add to Home Screen steps once: dismissed, it stays dismissed', async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/dashboard');
    const hint = page.getByRole('complementary', { name: 'Install Wonderful Books' });
    await expect(hint).toBeVisible();
    await expect(hint).toContainText('Add to Home Screen');
    await hint.getByRole('button', { name: 'Got it' }).click();
    await expect(hint).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
    // The remembered dismissal is read from IndexedDB; give it time to (wrongly) bring the hint back.
    await page.waitForTimeout(1000);
    await expect(hint).toHaveCount(0);
  });
});
