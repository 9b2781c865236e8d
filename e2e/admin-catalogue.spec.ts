/**
 * The back office's catalogue end to end (docs/product/back-office.md#books): an admin creates a book, uploads a real
 * PDF from the browser and watches the progress bar go through the upload and the pipeline's steps, sees the version
 * listed, and a Premium reader opens the book in the protected reader; a file that is not a PDF is refused with the
 * pipeline's message; unpublishing takes the book out of the shop. Screens pass axe at 1280 and 390 px and are
 * photographed for review.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  collectPageErrors,
  demoAccount,
  expect,
  expectPageRendered,
  expectToast,
  seriousAxeViolations,
  signInThroughApi,
  test,
  waitForTransitions,
} from './fixtures';

const PDF_FILE = path.resolve(import.meta.dirname, 'test-pdfs/tam-review.pdf');
const SCREENS_DIR = '.tmp/screens/admin-catalogue';

async function photograph(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await waitForTransitions(page);
    expect(await seriousAxeViolations(page), `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('back office: catalogue', () => {
  test.describe.configure({ timeout: 180_000 });

  test('creates a book, uploads a real PDF with progress, and a Premium reader reads it', async ({
    page,
    browser,
    baseURL,
    clientIp,
  }) => {
    const admin = demoAccount('super_admin');
    await signInThroughApi(page, admin.email, admin.password, baseURL);
    const title = `The TAM Review ${Date.now()}`;

    await page.goto('/admin/books');
    await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await photograph(page, 'books');

    await page.getByRole('link', { name: 'New book' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New book' })).toBeVisible();
    // An empty title is refused on the field with the documented message.
    await page.getByRole('button', { name: 'Create book' }).click();
    await expect(page.getByText('Title is required and must be at most 200 characters')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Author', { exact: true }).fill('Trimble and Associates');
    await page.getByLabel('Description', { exact: true }).fill('A review of the technology acceptance model.');
    await page.getByLabel('Required tier', { exact: true }).selectOption('premium');
    await page.getByRole('button', { name: 'Create book' }).click();
    await expectToast(page, { title: 'Book created' });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('No PDF yet')).toBeVisible();
    const bookId = page.url().split('/').pop() ?? '';

    // A file that is not a PDF is refused before anything is sent.
    await page.getByLabel('PDF file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a pdf'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'The file is not a PDF' })).toBeVisible();
    // A file named .pdf whose bytes are not one is refused by the server with the same message.
    await page.getByLabel('PDF file').setInputFiles({
      name: 'fake.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('certainly not a PDF, only text pretending to be one'),
    });
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The file is not a PDF' })).toBeVisible();

    // The real PDF: the bar moves through the upload and the pipeline's steps.
    const progressValues = new Set<string>();
    await page.getByLabel('PDF file').setInputFiles(PDF_FILE);
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    const bar = page.getByRole('progressbar', { name: 'PDF upload progress' });
    await expect(bar).toBeVisible();
    await expect
      .poll(
        async () => {
          const value = await bar.getAttribute('aria-valuenow').catch(() => null);
          if (value) progressValues.add(value);
          return value;
        },
        { timeout: 90_000, intervals: [50] },
      )
      .toBe('100');
    expect(progressValues.size, [...progressValues].join(',')).toBeGreaterThan(1);
    await expect(page.getByRole('status').filter({ hasText: 'Stored as version 1.' })).toBeVisible();
    await expect(page.getByText('Encrypting the book (done)')).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByRole('row').filter({ hasText: 'v1' })).toContainText('Current');
    // Page 1 became the cover; an uploaded image replaces it.
    const cover = page.getByRole('img', { name: 'Current cover' });
    const renderedCover = await cover.getAttribute('src');
    expect(renderedCover).toContain(`/api/books/${bookId}/cover`);
    await page
      .getByLabel(/Cover image/)
      .setInputFiles(path.resolve(import.meta.dirname, '../public/icons/icon-192.png'));
    await page.getByRole('button', { name: 'Save cover' }).click();
    await expectToast(page, { title: 'Cover saved' });
    await expect(cover).not.toHaveAttribute('src', renderedCover ?? '');
    await photograph(page, 'book-editor');

    // A Premium reader opens it in the protected reader.
    const reader = demoAccount('user', 'premium');
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientIp } });
    const readerPage = await context.newPage();
    const readerErrors = collectPageErrors(readerPage);
    await signInThroughApi(readerPage, reader.email, reader.password, baseURL);
    await readerPage.goto(`/reader/${bookId}`);
    await expectPageRendered(readerPage, 1);
    // On screen the e-mail is shortened (docs/product/copy-budget.md#watermark).
    const [emailLocal, emailDomain] = reader.email.split('@');
    await expect(readerPage.locator('[data-testid="watermark"]').first()).toContainText(
      `${emailLocal.slice(0, 2)}…@${emailDomain}`,
    );
    expect(readerErrors).toEqual([]);

    // Premium early access: with a public date ahead, the Premium reader sees "Early access", a visitor the date.
    await page.getByLabel('Public release date', { exact: true }).fill('2099-12-31');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, { title: 'Book saved' });
    const slug = await page.getByLabel('Slug', { exact: true }).inputValue();
    await readerPage.goto(`/book/${slug}`);
    await expect(readerPage.getByText('Early access', { exact: true })).toBeVisible();
    const visitor = await browser.newContext({ baseURL });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/book/${slug}`);
    await expect(visitorPage.getByText('Coming on 31 December 2099', { exact: true })).toBeVisible();
    await visitor.close();

    // Unpublished, it leaves the shop.
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(page, { title: 'Book unpublished' });
    expect((await readerPage.request.get(`/api/books/${bookId}`)).status()).toBe(404);
    await page.getByRole('button', { name: 'Republish' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Republish' }).click();
    await expectToast(page, { title: 'Book republished' });
    expect((await readerPage.request.get(`/api/books/${bookId}`)).status()).toBe(200);
    await context.close();
  });
});
