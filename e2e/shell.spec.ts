/**
 * The application shell (docs/product/routes-and-screens.md#application-shell): 404 page and status, skip link,
 * scroll-to-top button, header opacity, service worker, web app manifest and the server-rendered SEO tags.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Scrolls the window and waits two frames, so the scroll event and React's update have both run. */
async function scrollWindowTo(page: Page, y: number) {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

async function waitForLandingContent(page: Page) {
  await expect(page.getByRole('region', { name: 'Featured books' }).getByRole('article').first()).toBeVisible();
  await expect(page.locator('section#pricing').getByRole('group').first()).toBeVisible();
}

test.describe('application shell', () => {
  test("an unknown path shows 'Page Not Found' with HTTP status 404", async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found/);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the skip link is the first Tab stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The server's inert picture of the first screen is gone once the app has taken over (decision 018).
    await expect(page.locator('#first-screen')).toHaveCount(0);

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
    expect(new URL(page.url()).hash).toBe('');

    // The next Tab continues inside the main content, not in the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
  });

  test('the scroll-to-top button appears only after 300 px and returns to the top', async ({ page }) => {
    await page.goto('/');
    await waitForLandingContent(page);
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await expect(button).toBeHidden();

    await scrollWindowTo(page, 300);
    // The header reacted to this scroll, so the button's listener has run too: still hidden at 300 px.
    await expect(page.locator('header').first()).toHaveAttribute('data-scrolled', 'true');
    await expect(button).toBeHidden();

    await scrollWindowTo(page, 301);
    await expect(button).toBeVisible();

    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test('the header becomes more opaque after scrolling 10 px', async ({ page }) => {
    await page.goto('/');
    await waitForLandingContent(page);
    const header = page.locator('header').first();
    const backgroundAlpha = () =>
      header.evaluate((element) => {
        const match = getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? [];
        return match.length === 4 ? Number(match[3]) : 1;
      });

    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header).toHaveClass(/bg-background\/70/);
    await expect.poll(backgroundAlpha).toBeCloseTo(0.7, 2);

    await scrollWindowTo(page, 10);
    await expect(header).toHaveAttribute('data-scrolled', 'false');

    await scrollWindowTo(page, 11);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveClass(/bg-background\/95/);
    await expect(header).toHaveClass(/shadow-md/);
    await expect.poll(backgroundAlpha).toBeCloseTo(0.95, 2);

    await scrollWindowTo(page, 0);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('the service worker registers from /sw.js with scope / about two seconds after start', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(true);

    const registration = () =>
      page.evaluate(async () => {
        const found = await navigator.serviceWorker.getRegistration();
        if (!found) return null;
        const worker = found.active ?? found.waiting ?? found.installing;
        return { scope: found.scope, scriptURL: worker?.scriptURL ?? null, at: performance.now() };
      });

    // A registration exists as soon as register() is called, before its worker's script has arrived: wait for the
    // worker too (on a loaded machine that moment can fall between two polls).
    await expect
      .poll(async () => (await registration())?.scriptURL ?? null, { timeout: 10_000 })
      .toBe(`${baseURL}/sw.js`);
    const found = (await registration())!;
    expect(found.scope).toBe(`${baseURL}/`);
    // Registered no earlier than two seconds after the page started.
    expect(found.at).toBeGreaterThanOrEqual(2000);
  });

  test('the web app manifest resolves with name, icons (incl. maskable), start_url and standalone display', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();

    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.name).toBe('Wonderful Books');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.length).toBeGreaterThan(0);
    expect(manifest.icons.some((icon) => (icon.purpose ?? '').split(/\s+/).includes('maskable'))).toBe(true);
    expect(manifest.icons.some((icon) => icon.sizes === '192x192')).toBe(true);
    expect(manifest.icons.some((icon) => icon.sizes === '512x512')).toBe(true);
    for (const icon of manifest.icons) {
      const iconResponse = await request.get(icon.src);
      expect(iconResponse.status(), icon.src).toBe(200);
      expect(iconResponse.headers()['content-type']).toContain('image/');
    }
  });

  test('the server renders the book title into <title> and og:title (no JavaScript)', async ({ request }) => {
    const response = await request.get('/book/meditations');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();

    const title = /<title>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
    expect(title).toContain('Meditations');
    const ogTitle =
      /<meta\s+property="og:title"\s+content="([^"]*)"/i.exec(html)?.[1] ??
      /<meta\s+content="([^"]*)"\s+property="og:title"/i.exec(html)?.[1] ??
      '';
    expect(ogTitle).toContain('Meditations');
  });
});
