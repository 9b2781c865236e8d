/**
 * The back office's site content end to end (docs/product/site-content.md): an admin creates a category, selects 50
 * books across two pages, adds the category to all of them as a job with progress, and finds exactly those 50 under the
 * category; suggestions from the books' text show the words that matched. Screens pass axe at 1280 and 390 px and are
 * photographed for review.
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

const SCREENS_DIR = '.tmp/screens/admin-site';

async function photograph(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  // No row under the pointer: a hovered row's tint is not what the page looks like.
  await page.mouse.move(0, 0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // A table refetching is drawn faded for a moment; check the page as it settles.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await waitForTransitions(page);
    expect(await seriousAxeViolations(page), `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('back office: site content', () => {
  test.describe.configure({ timeout: 180_000 });

  test('bulk-categorises 50 books selected across pages, with progress, and the category holds exactly them', async ({
    page,
    baseURL,
  }) => {
    const admin = demoAccount('admin');
    await signInThroughApi(page, admin.email, admin.password, baseURL);
    const name = `Shelf ${Date.now()}`;

    await page.goto('/admin/bulk-categorization');
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk Categorisation' })).toBeVisible();

    // Categories tab: a new category, refused first without a name.
    await page.getByRole('tab', { name: 'Categories' }).click();
    await expect(page.getByRole('cell', { name: 'Self-Improvement', exact: true })).toBeVisible();
    await photograph(page, 'categories');
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.getByRole('button', { name: 'Save category' }).click();
    await expect(dialog.getByText('Name is required and must be at most 100 characters')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Colour').fill('#0f766e');
    await dialog.getByLabel('Terms').fill('shelf, archive');
    await dialog.getByRole('button', { name: 'Save category' }).click();
    await expectToast(page, { title: `${name} saved` });
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();

    // Books tab: suggestions come with the words that matched.
    await page.getByRole('tab', { name: 'Books' }).click();
    const table = page.getByRole('table', { name: 'Books to categorise' });
    await expect(table.getByText(/^matched: /).first()).toBeVisible();
    await photograph(page, 'bulk-books');

    // 25 on the first page and 25 on the second: the selection is kept across pages.
    await table.getByLabel('Select every row on this page of Books to categorise').check();
    await expect(page.getByText('25 books selected')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('25 books selected')).toBeVisible();
    await table.getByLabel('Select every row on this page of Books to categorise').check();
    await expect(page.getByText('50 books selected')).toBeVisible();

    await page.getByRole('group', { name: 'Add these categories' }).getByLabel(name).check();
    await page.getByRole('button', { name: 'Apply to 50 books' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the categories of these books?' });
    await expect(confirm.getByText(`Add: ${name}.`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Apply to 50 books' }).click();
    await expect(page.getByRole('progressbar', { name: 'Books categorised' })).toBeVisible();
    await expect(page.getByText('Done: 50 books changed.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('progressbar', { name: 'Books categorised' })).toHaveAttribute('aria-valuenow', '100');
    await photograph(page, 'bulk-done');

    // The category now holds exactly those 50 books: the list filtered by it, and the shop's own count.
    await page.getByLabel('Category', { exact: true }).selectOption({ label: name });
    await expect(page.getByText(/of 50\b/).first()).toBeVisible();
    const categories = await page.request.get('/api/admin/categories');
    const created = ((await categories.json()) as { items: { name: string; bookCount: number }[] }).items.find(
      (category) => category.name === name,
    );
    expect(created?.bookCount).toBe(50);
  });
});

test.describe('back office: SEO', () => {
  test("edits the book page's SEO with a preview, and the server's HTML carries the new tags", async ({
    page,
    baseURL,
  }) => {
    const admin = demoAccount('admin');
    await signInThroughApi(page, admin.email, admin.password, baseURL);
    const books = (await (await page.request.get('/api/books?limit=1')).json()) as {
      items: { title: string; author: string; slug: string }[];
    };
    const book = books.items[0];

    await page.goto('/admin/seo');
    await expect(page.getByRole('heading', { level: 1, name: 'SEO Management' })).toBeVisible();
    await page.getByLabel('Page type').selectOption({ label: 'Book page' });
    await expect(page.getByText('On book pages, write {title}')).toBeVisible();

    // A bad image address is refused on the field with the documented message.
    await page.getByLabel('Open Graph image').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save SEO' }).click();
    await expect(page.locator('#seo-ogImage-error')).toHaveText(
      'Must be a path on this site such as /icons/icon-512.png or a web address starting with https:// or http://',
    );
    await page.getByLabel('Open Graph image').fill('/icons/icon-512.png');

    await page.getByLabel('Title', { exact: true }).fill('{title} by {author}: read it on Wonderful Books');
    await page.getByLabel('Description', { exact: true }).fill('Start {title} today, online and offline.');
    await page.getByLabel('Keywords', { exact: true }).fill('self-improvement ebook, read online');
    await page.getByLabel('Meta robots').selectOption('index, nofollow');
    // The preview fills the templates with a sample book, as the server does with the real one.
    const preview = page.getByRole('region', { name: 'Search result' });
    await expect(preview.getByText('Deep Focus by A. Writer: read it on Wonderful Books')).toBeVisible();
    await photograph(page, 'seo');
    await page.getByRole('button', { name: 'Save SEO' }).click();
    await expectToast(page, { title: 'SEO of book page saved' });

    // The page's HTML from the server (no JavaScript run): the new title and description at once.
    const html = await (await page.request.get(`/book/${book.slug}`)).text();
    const escapeHtml = (text: string) =>
      text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
    expect(html).toContain(
      `<title>${escapeHtml(`${book.title} by ${book.author}: read it on Wonderful Books`)}</title>`,
    );
    expect(html).toContain(
      `<meta name="description" content="${escapeHtml(`Start ${book.title} today, online and offline.`)}" />`,
    );
    expect(html).toMatch(/<meta name="keywords" content="[^"]*self-improvement ebook, read online" \/>/);
    expect(html).toContain('<meta name="robots" content="index, nofollow" />');
  });
});

test.describe('site content: homepage and footer pages', () => {
  test('a visitor searches the Help centre; an admin edits the homepage and the About page and both show at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A visitor: the footer's Help centre, searched.
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help Centre' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help Centre' })).toBeVisible();
    for (const topic of ['Plans', 'Picks and locks', 'Offline devices', 'Copy limit', 'Billing'])
      await expect(page.getByRole('heading', { level: 3, name: topic })).toBeVisible();
    await page.getByLabel('Search the help centre').fill('offline licence');
    await expect(page.getByText(/^1 of \d+ questions match$/)).toBeVisible();
    await expect(page.getByText('How long do downloads last?')).toBeVisible();
    await expect(page.getByText('What is a pick?')).toBeHidden();
    await photograph(page, 'help');
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 2, name: 'Device fingerprint' })).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'Sign in to send a message' })).toBeVisible();

    // An admin edits the homepage and the About page.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    const account = demoAccount('admin');
    await signInThroughApi(admin, account.email, account.password, baseURL);
    await admin.goto('/admin/seo');
    await admin.getByRole('tab', { name: 'Homepage' }).click();
    await admin.getByLabel('Hero title').fill('Read what moves you');
    await admin.getByLabel('Books shown').fill('40');
    await admin.getByRole('button', { name: 'Save homepage' }).click();
    await expect(admin.getByText('Featured books shown must be a whole number between 4 and 12')).toBeVisible();
    await admin.getByLabel('Books shown').fill('4');
    await admin.getByLabel('Heading', { exact: true }).fill('This month’s picks');
    await expect(admin.getByRole('region', { name: 'Preview' }).getByText('Read what moves you')).toBeVisible();
    await photograph(admin, 'homepage-editor');
    await admin.getByRole('button', { name: 'Save homepage' }).click();
    await expectToast(admin, { title: 'Homepage saved' });

    await admin.getByRole('tab', { name: 'Footer pages' }).click();
    await admin.getByLabel('Page', { exact: true }).selectOption({ label: 'About' });
    await admin
      .getByLabel('Body', { exact: true })
      .fill('## Our team\n\nWe are **twelve readers** who love books. <script>alert(1)</script>');
    await expect(
      admin.getByRole('region', { name: 'Preview of the body' }).getByRole('heading', { name: 'Our team' }),
    ).toBeVisible();
    await admin.getByRole('button', { name: 'Save page' }).click();
    await expectToast(admin, { title: 'About saved' });
    await adminContext.close();

    // A new visitor sees both (a returning one's service worker revalidates its cached copy in the background): the
    // landing's hero, drawn on the server too, and the About page with the markup shown as text.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Read what moves you');
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Read what moves you' })).toBeVisible();
    const featured = visitor.getByRole('region', { name: 'This month’s picks' });
    await expect(featured.getByRole('article')).toHaveCount(4);
    await visitor.goto('/about');
    await expect(visitor.getByRole('heading', { level: 2, name: 'Our team' })).toBeVisible();
    await expect(visitor.getByText('twelve readers', { exact: true })).toBeVisible();
    await expect(visitor.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
    await visitorContext.close();
  });
});
