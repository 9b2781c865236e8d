/**
 * A second open needs no network for code (docs/ARCHITECTURE.md#compression-and-caching): the first visit online
 * installs the service worker, whose precache takes the reader's code (route chunk, pdf.js, its worker,
 * the viewer's stylesheet) and not the back office, and downloads a book; a repeat open online and then, with
 * the network gone, a fresh page load open the reader and draw the book's first page, every script (the pdf.js
 * worker's own included), stylesheet and font answered by the worker. Offline, that page load gets the worker's
 * reader page, whose own script draws the downloaded book's first page before the app has loaded, as online
 * (docs/decisions/029-offline-reader-page.md).
 */
import type { Page, Request } from '@playwright/test';
import { bookBySlug, demoAccount, expect, expectPageRendered, signInThroughApi, test } from './fixtures';

const BOOK_SLUG = 'as-a-man-thinketh';
const CODE_TYPES = new Set(['script', 'stylesheet', 'font']);
const PDF_WORKER_SCRIPT = /\/pdf\.worker[^/]*\.m?js$/;

/** Every script, stylesheet and font a page requests, and the failed ones, from the moment it is created. */
function recordCode(page: Page): { code: Request[]; failed: string[] } {
  const code: Request[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    if (CODE_TYPES.has(request.resourceType())) code.push(request);
  });
  page.on('requestfailed', (request) => failed.push(`${request.resourceType()} ${request.url()}`));
  return { code, failed };
}

/**
 * The reader's code, pdf.js and the dedicated pdf.js worker's script were requested, and every code request was
 * answered by the service worker (none went to the network, none failed).
 */
async function expectCodeFromServiceWorker(recorded: { code: Request[]; failed: string[] }): Promise<void> {
  const paths = recorded.code.map((request) => new URL(request.url()).pathname);
  expect(
    paths.some((path) => /reader-page-[^/]*\.js$/.test(path)),
    'the reader route chunk was loaded',
  ).toBe(true);
  expect(
    paths.some((path) => /\/pdf-[^/]*\.js$/.test(path)),
    'pdf.js was loaded',
  ).toBe(true);
  expect(
    paths.some((path) => PDF_WORKER_SCRIPT.test(path)),
    "the pdf.js worker's script was loaded",
  ).toBe(true);
  for (const request of recorded.code) {
    const response = await request.response();
    expect(response?.fromServiceWorker(), `${request.url()} came from the service worker`).toBe(true);
  }
  expect(
    recorded.failed.filter((line) => CODE_TYPES.has(line.split(' ')[0])),
    'no code request went to the network',
  ).toEqual([]);
}

async function registerAndDownload(page: Page): Promise<void> {
  await page.goto('/devices');
  await page.getByLabel('Name for this browser').fill(`E2E cache ${Math.random().toString(36).slice(2, 8)}`);
  await page.getByRole('button', { name: 'Register this browser' }).click();
  await expect(page.getByText(/This browser is registered for offline reading/)).toBeVisible({ timeout: 20_000 });
  await page.goto(`/book/${BOOK_SLUG}`);
  await page.getByRole('button', { name: 'Download for offline' }).click();
  await expect(page.getByText(/Available offline/).first()).toBeVisible({ timeout: 30_000 });
}

/** True when the first page's canvas has a pixel that is not white (the page is drawn, not just laid out). */
async function firstPageHasInk(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.page[data-page-number="1"] canvas');
    if (!canvas || canvas.width === 0) return false;
    const copy = document.createElement('canvas');
    copy.width = 64;
    copy.height = 64;
    const context = copy.getContext('2d');
    if (!context) return false;
    context.drawImage(canvas, 0, 0, 64, 64);
    const pixels = context.getImageData(0, 0, 64, 64).data;
    for (let index = 0; index < pixels.length; index += 4)
      if (pixels[index] < 200 || pixels[index + 1] < 200 || pixels[index + 2] < 200) return true;
    return false;
  });
}

/**
 * Runs in the page before its scripts: notes whether the offline reader page's picture showed the book's page (it is
 * removed once the app's viewer has drawn, so it is watched rather than looked up afterwards) and the title it named.
 */
function recordPictureOfOfflinePage(): void {
  const observer = new MutationObserver(() => {
    const picture = document.querySelector('#first-screen[data-reader-offline][data-shows-page]');
    if (!picture) return;
    (window as unknown as { offlinePicture: unknown }).offlinePicture = {
      drewPage: picture.querySelector('.page canvas') !== null,
      title: picture.querySelector('[data-first-page-title]')?.textContent ?? '',
    };
    observer.disconnect();
  });
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-shows-page'],
  });
}

test.describe('offline open with the code from the service worker cache', () => {
  test.describe.configure({ timeout: 150_000 });

  test('first visit installs the worker and downloads the book; a repeat open, and offline a fresh page load, open the reader and draw page 1 with no code from the network', async ({
    page,
    context,
    baseURL,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/');
    // The worker claims the page once installed, and installing means its precache is complete.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        if (name.includes('precache'))
          for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    for (const code of [
      /reader-page-[^/]*\.js$/,
      /\/pdf-[^/]*\.js$/,
      /pdf\.worker[^/]*\.m?js$/,
      /reader-shell-[^/]*\.css$/,
    ])
      expect(
        precached.some((url) => code.test(url)),
        `precache holds ${code}`,
      ).toBe(true);
    expect(precached, 'the offline reader page is precached').toContain('/app-shell/reader');
    // The back office is not a reader's: it loads online when used (docs/product/offline-and-devices.md).
    expect(precached.filter((url) => /\/(admin-app|users-page|audit-log-page)-[^/]*\.js$/.test(url))).toEqual([]);
    await registerAndDownload(page);
    const { id: bookId } = await bookBySlug(page.request, BOOK_SLUG);
    await page.close();

    // A repeat open online: every script, stylesheet and font comes from the worker's cache.
    const repeatPage = await context.newPage();
    const repeat = recordCode(repeatPage);
    await repeatPage.goto(`/reader/${bookId}`);
    await expectPageRendered(repeatPage, 1);
    await expect.poll(() => firstPageHasInk(repeatPage), { message: 'page 1 is drawn online' }).toBe(true);
    await expectCodeFromServiceWorker(repeat);
    await repeatPage.close();

    await context.setOffline(true);
    const offlinePage = await context.newPage();
    const offline = recordCode(offlinePage);
    await offlinePage.addInitScript(recordPictureOfOfflinePage);
    await offlinePage.goto(`/reader/${bookId}`);
    await expectPageRendered(offlinePage, 1);
    await expect.poll(() => firstPageHasInk(offlinePage), { message: 'page 1 is drawn' }).toBe(true);
    await expectCodeFromServiceWorker(offline);
    const picture = await offlinePage.evaluate(
      () => (window as unknown as { offlinePicture?: { drewPage: boolean; title: string } }).offlinePicture,
    );
    expect(picture, "the worker's offline reader page drew the page before the app").toEqual({
      drewPage: true,
      title: 'As a Man Thinketh',
    });
  });
});
