/**
 * Offline reading on a registered device:
 * register this browser, download a book, lose the network, reload the installed app, read and
 * bookmark offline, come back and see another browser pick it up; expired licences and a clock set
 * back refuse offline opening; removing the device elsewhere wipes the downloads; and nothing on the
 * device is plaintext or an exportable secret key.
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  bookBySlug,
  demoAccount,
  drawnPages,
  expect,
  expectPageRendered,
  goToPage,
  recordDrawnPages,
  signInThroughApi,
  test,
} from './fixtures';

const BOOK_SLUG = 'as-a-man-thinketh';
/** Read on another device, then opened offline here; no other spec reads it. */
const SYNCED_BOOK_SLUG = 'the-prince';
const SYNCED_PAGE = 24;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The service worker controls the page (it claims clients on first install), so the app loads offline. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
      message: 'the service worker controls the page',
    })
    .toBe(true);
}

/** Registers this browser under a unique name (answers it) so another browser can tell it apart. */
async function registerThisBrowser(page: Page): Promise<string> {
  const name = `E2E reader ${Math.random().toString(36).slice(2, 8)}`;
  await page.goto('/devices');
  await page.getByLabel('Name for this browser').fill(name);
  await page.getByRole('button', { name: 'Register this browser' }).click();
  await expect(page.getByText(/This browser is registered for offline reading/)).toBeVisible({ timeout: 20_000 });
  return name;
}

/** Downloads the book from its detail page and answers the highest progress value the bar showed. */
async function downloadBook(page: Page, slug = BOOK_SLUG): Promise<number> {
  await page.goto(`/book/${slug}`);
  const button = page.getByRole('button', { name: 'Download for offline' });
  await expect(button).toBeVisible({ timeout: 20_000 });
  // Watch the progress bar's value from the first mutation, however briefly it stays on screen.
  await page.evaluate(() => {
    const seen = { max: 0 };
    (window as unknown as { __progressSeen: typeof seen }).__progressSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]'))
        seen.max = Math.max(seen.max, Number(bar.getAttribute('aria-valuenow') ?? 0));
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  await button.click();
  await expect(page.getByText(/Available offline/).first()).toBeVisible({ timeout: 30_000 });
  return page.evaluate(() => (window as unknown as { __progressSeen: { max: number } }).__progressSeen.max);
}

/** Everything this origin keeps on the device: no plaintext PDF bytes, no exportable private or secret key. */
async function deviceHoldsNoPlaintext(page: Page): Promise<{
  pdfBlobs: string[];
  exportableKeys: string[];
  privateKeyTypes: string[];
  cachedPdfs: string[];
  scannedValues: number;
}> {
  return page.evaluate(async () => {
    const pdfBlobs: string[] = [];
    const exportableKeys: string[] = [];
    const privateKeyTypes: string[] = [];
    const cachedPdfs: string[] = [];
    let scannedValues = 0;
    const isPdf = (bytes: Uint8Array) => {
      const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 1024)));
      return text.includes('%PDF-');
    };
    const visit = (value: unknown, where: string, depth: number): void => {
      scannedValues += 1;
      if (value === null || value === undefined || depth > 6) return;
      if (value instanceof CryptoKey) {
        if (value.type !== 'public' && value.extractable) exportableKeys.push(`${where} (${value.type})`);
        if (value.type === 'private') {
          const algorithm = value.algorithm as EcKeyAlgorithm;
          privateKeyTypes.push(algorithm.namedCurve ? `${algorithm.name} ${algorithm.namedCurve}` : algorithm.name);
        }
        return;
      }
      if (value instanceof ArrayBuffer) {
        if (isPdf(new Uint8Array(value))) pdfBlobs.push(where);
        return;
      }
      if (ArrayBuffer.isView(value)) {
        if (isPdf(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))) pdfBlobs.push(where);
        return;
      }
      if (typeof value === 'string') {
        if (value.startsWith('%PDF-') || value.startsWith('JVBERi0')) pdfBlobs.push(where);
        return;
      }
      if (typeof value === 'object')
        for (const [key, inner] of Object.entries(value as Record<string, unknown>))
          visit(inner, `${where}.${key}`, depth + 1);
    };
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name!);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(storeName, 'readonly').objectStore(storeName).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const [index, value] of values.entries()) visit(value, `${info.name}/${storeName}[${index}]`, 0);
      }
      db.close();
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (!response) continue;
        const bytes = new Uint8Array(await response.clone().arrayBuffer());
        scannedValues += 1;
        if ((response.headers.get('content-type') ?? '').includes('application/pdf') || isPdf(bytes))
          cachedPdfs.push(`${cacheName}: ${request.url}`);
      }
    }
    return { pdfBlobs, exportableKeys, privateKeyTypes, cachedPdfs, scannedValues };
  });
}

async function newSignedInContext(
  page: Page,
  baseURL: string | undefined,
  clientIp: string,
  email: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientIp } });
  const second = await context.newPage();
  await signInThroughApi(second, email, password, baseURL);
  return { context, page: second };
}

test.describe('offline reading on a registered device', () => {
  test.describe.configure({ timeout: 150_000 });

  test('download, go offline, reload, read to page 20 and bookmark; back online another browser sees both; nothing plaintext is stored', async ({
    page,
    context,
    baseURL,
    clientIp,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/');
    await waitForServiceWorker(page);
    await registerThisBrowser(page);
    expect(await downloadBook(page)).toBe(100);
    const { id: bookId } = await bookBySlug(page.request, BOOK_SLUG);

    await context.setOffline(true);
    await page.reload();
    await page.goto('/offline');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /^Read As a Man Thinketh/i }).click();
    await expect(page).toHaveURL(/\/(reader|read)\//);
    await expectPageRendered(page, 1);
    await goToPage(page, 20);
    await page.getByRole('button', { name: 'Bookmarks' }).click();
    await page.getByLabel(/Note for page 20/).fill('Read on the train');
    await page.getByRole('button', { name: 'Bookmark page 20' }).click();
    await expect(page.getByRole('list', { name: 'Your bookmarks' })).toContainText('Read on the train');

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/progress/${bookId}`);
          return response.ok() ? ((await response.json()) as { currentPage: number }).currentPage : 0;
        },
        { timeout: 60_000, message: 'the offline position reached the server' },
      )
      .toBe(20);

    const second = await newSignedInContext(page, baseURL, clientIp, reader.email, reader.password);
    await second.page.goto(`/reader/${BOOK_SLUG}`);
    await expect(second.page.getByLabel('Page number')).toHaveValue('20', { timeout: 30_000 });
    await second.page.getByRole('button', { name: 'Bookmarks' }).click();
    await expect(second.page.getByRole('list', { name: 'Your bookmarks' })).toContainText('Read on the train');
    await second.context.close();

    const scan = await deviceHoldsNoPlaintext(page);
    expect(scan.scannedValues).toBeGreaterThan(0);
    expect(scan.pdfBlobs, 'plaintext PDF bytes in IndexedDB').toEqual([]);
    expect(scan.cachedPdfs, 'plaintext PDFs in Cache Storage').toEqual([]);
    expect(scan.exportableKeys, 'exportable private or secret keys').toEqual([]);
    // A new browser's device key is ECDH P-256 (decision 023): it registered, downloaded and opened offline with it.
    expect(scan.privateKeyTypes, 'the device key').toEqual(['ECDH P-256']);
  });

  test('an offline open starts at the page read on another device and synced here, never at page 1', async ({
    page,
    context,
    baseURL,
    clientIp,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/');
    await waitForServiceWorker(page);
    await registerThisBrowser(page);
    await downloadBook(page, SYNCED_BOOK_SLUG);
    const { id: bookId } = await bookBySlug(page.request, SYNCED_BOOK_SLUG);

    // Another device reads on and its position reaches the server.
    const other = await newSignedInContext(page, baseURL, clientIp, reader.email, reader.password);
    await other.page.goto(`/reader/${bookId}`);
    await expect(other.page.getByTestId('page-count')).toHaveText(/\d+/, { timeout: 30_000 });
    expect(Number(await other.page.getByTestId('page-count').textContent())).toBeGreaterThan(SYNCED_PAGE);
    await goToPage(other.page, SYNCED_PAGE);
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/progress/${bookId}`);
          return response.ok() ? ((await response.json()) as { currentPage: number }).currentPage : 0;
        },
        { timeout: 30_000, message: "the other device's position reached the server" },
      )
      .toBe(SYNCED_PAGE);
    await other.context.close();

    // This browser's next contact (the app starting online checks its downloads) brings the position.
    const userId = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;
    await page.goto('/offline');
    await expect
      .poll(
        () =>
          page.evaluate(
            async ({ key }) => {
              const db = await new Promise<IDBDatabase>((resolve, reject) => {
                const request = indexedDB.open('wonderful-books');
                request.onsuccess = () => resolve(request.result);
                request.onerror = () => reject(request.error);
              });
              const entry = await new Promise<{ value?: { currentPage?: number } } | undefined>((resolve) => {
                const request = db.transaction('meta', 'readonly').objectStore('meta').get(key);
                request.onsuccess = () => resolve(request.result);
              });
              db.close();
              return entry?.value?.currentPage ?? 0;
            },
            { key: `position:${userId}:${bookId}` },
          ),
        { timeout: 30_000, message: 'this device knows the synced position' },
      )
      .toBe(SYNCED_PAGE);

    await context.setOffline(true);
    await page.reload();
    await recordDrawnPages(page);
    await page.goto('/offline');
    await page.getByRole('link', { name: /^Read The Prince/i }).click();
    await expect(page).toHaveURL(/\/(reader|read)\//);
    await expectPageRendered(page, SYNCED_PAGE);
    await expect(page.getByLabel('Page number')).toHaveValue(String(SYNCED_PAGE));
    const drawn = await drawnPages(page);
    expect(drawn[0], `pages drawn, in order: ${drawn.join(', ')}`).toBe(SYNCED_PAGE);
    expect(drawn).not.toContain(1);
  });

  test('an expired licence and a clock set back each refuse offline opening with the message', async ({
    page,
    context,
    baseURL,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/');
    await waitForServiceWorker(page);
    await registerThisBrowser(page);
    await downloadBook(page);
    const { id: bookId } = await bookBySlug(page.request, BOOK_SLUG);

    await context.setOffline(true);
    // A clock moved back more than an hour behind the last trusted server time.
    await page.clock.setFixedTime(new Date(Date.now() - 3 * HOUR_MS));
    await page.goto(`/reader/${bookId}`);
    await expect(
      page.getByText(
        "Your device's clock is behind the time this book was last checked. Set the correct date and time, then go online and open the book again.",
      ),
    ).toBeVisible({ timeout: 30_000 });

    // An hour past the stored offline licence's end (min of loan end, paid period end and 30 days).
    const licenseEnd = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('wonderful-books');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const licenses = await new Promise<{ kind: string; expiresAt: number }[]>((resolve) => {
        const request = db.transaction('licences', 'readonly').objectStore('licences').getAll();
        request.onsuccess = () => resolve(request.result as { kind: string; expiresAt: number }[]);
      });
      db.close();
      return Math.max(...licenses.filter((license) => license.kind === 'offline').map((license) => license.expiresAt));
    });
    expect(licenseEnd).toBeGreaterThan(Date.now() + DAY_MS);
    expect(licenseEnd).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + HOUR_MS);
    await page.clock.setFixedTime(new Date(licenseEnd + HOUR_MS));
    await page.goto(`/reader/${bookId}`);
    await expect(page.getByText('Your offline access to this book has expired. Go online to renew it.')).toBeVisible({
      timeout: 30_000,
    });
  });

  test('removing the device from another browser wipes its downloads at its next contact', async ({
    page,
    baseURL,
    clientIp,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/');
    await waitForServiceWorker(page);
    const deviceName = await registerThisBrowser(page);
    await downloadBook(page);
    await page.goto('/offline');
    await expect(page.getByText(/Available offline until/).first()).toBeVisible();

    const other = await newSignedInContext(page, baseURL, clientIp, reader.email, reader.password);
    await other.page.goto('/devices');
    await other.page.getByRole('button', { name: `Remove ${deviceName}` }).click();
    await other.page.getByRole('dialog').getByRole('button', { name: 'Remove device' }).click();
    await expect(other.page.getByRole('button', { name: `Remove ${deviceName}` })).toHaveCount(0, { timeout: 15_000 });
    await other.context.close();

    // Next contact: the app starts online and checks its licences and device.
    await page.reload();
    const storedCounts = () =>
      page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('wonderful-books');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const count = (store: string) =>
          new Promise<number>((resolve) => {
            const request = db.transaction(store, 'readonly').objectStore(store).count();
            request.onsuccess = () => resolve(request.result);
          });
        const result = {
          chunks: await count('chunks'),
          licenses: await count('licences'),
          manifests: await count('manifests'),
        };
        db.close();
        return result;
      });
    await expect
      .poll(storedCounts, { timeout: 30_000, message: 'the downloads are wiped' })
      .toEqual({ chunks: 0, licenses: 0, manifests: 0 });
    await page.goto('/offline');
    await expect(page.getByText(/Available offline until/)).toHaveCount(0);
  });
});
