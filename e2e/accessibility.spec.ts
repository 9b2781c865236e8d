/**
 * axe-core on the storefront pages at phone and desktop widths: no serious or critical violations,
 * checked once the page's content has loaded and the fade-in transition has finished.
 */
import type { Page } from '@playwright/test';
import {
  demoAccount,
  expect,
  expectPageRendered,
  hasHorizontalScroll,
  seriousAxeViolations,
  signInThroughApi,
  test,
  waitForTransitions,
} from './fixtures';

const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'landing',
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Wonderful Books in numbers' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: "Readers' favourites" }).getByRole('article').first(),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Featured books' }).getByRole('article').first()).toBeVisible();
      await expect(page.locator('section#pricing').getByRole('group').first()).toBeVisible();
    },
  },
  {
    name: 'bookstore',
    path: '/bookstore',
    ready: async (page) => {
      await expect(page.getByRole('region', { name: 'Results' }).locator('p[role="status"]')).toHaveText(
        // the seeded 1,000, plus any the back-office spec publishes meanwhile on the same server
        /^1,00\d books$/,
      );
      await expect(page.getByRole('region', { name: 'Results' }).getByRole('article').first()).toBeVisible();
      await expect(page.getByLabel('Category', { exact: true }).locator('option')).not.toHaveCount(1);
    },
  },
  {
    name: 'book detail',
    path: '/book/meditations',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meditations');
      await expect(page.getByRole('region', { name: 'Table of contents' })).toBeVisible();
    },
  },
];

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const viewport of WIDTHS) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const target of PAGES) {
      test(`${target.name} has no serious or critical violations`, async ({ page }) => {
        await page.goto(target.path);
        await target.ready(page);
        await page.evaluate(() => document.fonts.ready);
        await waitForTransitions(page);

        const violations = await seriousAxeViolations(page);
        const report = violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
        expect(report, JSON.stringify(report, null, 2)).toEqual([]);
      });
    }
  });
}

/** The signed-in reader's pages of the reader and offline features, as the premium demo reader. */
const READER_PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    ready: async (page) =>
      void (await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()),
  },
  {
    name: 'library',
    path: '/library',
    ready: async (page) => void (await expect(page.getByRole('heading', { level: 1 })).toBeVisible()),
  },
  {
    name: 'devices',
    path: '/devices',
    ready: async (page) =>
      void (await expect(page.getByRole('button', { name: 'Register this browser' })).toBeVisible()),
  },
  {
    name: 'offline',
    path: '/offline',
    ready: async (page) => void (await expect(page.getByRole('heading', { level: 1 })).toBeVisible()),
  },
  {
    name: 'reader',
    path: '/reader/meditations',
    ready: (page) => expectPageRendered(page, 1),
  },
  {
    name: 'preview',
    path: '/book/meditations/preview',
    ready: (page) => expectPageRendered(page, 1),
  },
];

for (const viewport of WIDTHS) {
  test.describe(`axe at ${viewport.width} px, signed in`, () => {
    test.use({ viewport });

    for (const target of READER_PAGES) {
      test(`${target.name} has no serious or critical violations`, async ({ page, baseURL }) => {
        const reader = demoAccount('user', 'premium');
        await signInThroughApi(page, reader.email, reader.password, baseURL);
        await page.goto(target.path);
        await target.ready(page);
        await page.evaluate(() => document.fonts.ready);
        await waitForTransitions(page);

        const violations = await seriousAxeViolations(page);
        const report = violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(' ')),
        }));
        expect(report, JSON.stringify(report, null, 2)).toEqual([]);
        expect(await hasHorizontalScroll(page), 'no horizontal scrolling').toBe(false);
      });
    }
  });
}
