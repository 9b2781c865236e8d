/**
 * The signed-out landing page (docs/product/routes-and-screens.md#landing-page, docs/product/decisions.md#6): hero
 * buttons, pricing buttons and their targets, the content-driven stats strip, featured books and the ways into the
 * store.
 */
import { expect, test } from './fixtures';

test.describe('landing page (signed out)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("hero 'Start 7-Day Trial' goes to /auth/login, which leads with creating the account", async ({ page }) => {
    await page.getByRole('link', { name: 'Start 7-Day Trial' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('link', { name: 'Create your account to start the 7-day trial' })).toBeVisible();
  });

  test("hero 'View Pricing' scrolls the pricing section into view without changing the route", async ({ page }) => {
    const pricing = page.locator('section#pricing');
    await expect(pricing).not.toBeInViewport();
    const urlBefore = page.url();

    await page.getByRole('button', { name: 'View Pricing' }).click();

    await expect(pricing).toBeInViewport();
    await expect(pricing.getByRole('heading', { name: 'Simple plans, no surprises' })).toBeInViewport();
    // Keyboard and screen-reader users land where the page scrolled to.
    await expect(pricing).toBeFocused();
    expect(page.url()).toBe(urlBefore);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('pricing buttons lead to sign-in and to /subscribe with the chosen tier', async ({ page }) => {
    const pricing = page.locator('section#pricing');
    const trial = pricing.getByRole('link', { name: /^Start Free Trial/ });
    const basic = pricing.getByRole('link', { name: /^Choose Basic Plan/ });
    const premium = pricing.getByRole('link', { name: /^Choose Premium Plan/ });
    await expect(trial).toHaveAttribute('href', '/auth/login');
    await expect(basic).toHaveAttribute('href', '/subscribe?tier=basic');
    await expect(premium).toHaveAttribute('href', '/subscribe?tier=premium');
    await expect(pricing.getByText('MOST POPULAR')).toBeVisible();

    await trial.click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  for (const [tier, plan, other] of [
    ['basic', 'Basic Plan', 'Premium Plan'],
    ['premium', 'Premium Plan', 'Basic Plan'],
  ] as const) {
    test(`the ${tier} pricing button opens /subscribe?tier=${tier} with that plan highlighted`, async ({ page }) => {
      await page
        .locator('section#pricing')
        .getByRole('link', { name: new RegExp(`^Choose ${plan}`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/subscribe\\?tier=${tier}$`));

      const chosen = page.getByRole('group', { name: plan, exact: true });
      await expect(chosen).toHaveAttribute('aria-current', 'true');
      await expect(chosen.getByText('Selected', { exact: true })).toBeVisible();
      await expect(chosen.getByRole('button', { name: `${plan} selected` })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('group', { name: other, exact: true })).not.toHaveAttribute('aria-current', 'true');
      // The summary describes the chosen plan.
      await expect(page.getByRole('heading', { level: 2, name: plan, exact: true }).last()).toBeVisible();
    });
  }

  test("the stats strip shows the figures of the 'homepage' content record", async ({ page, request }) => {
    const record = (await (await request.get('/api/page-content/homepage')).json()) as {
      content: { stats: { value: string; label: string }[] };
    };
    const values = record.content.stats.map((stat) => stat.value);
    expect(values).toEqual(['1000+', '50K+', '4.9']);

    const strip = page.getByRole('region', { name: 'Wonderful Books in numbers' });
    for (const stat of record.content.stats) {
      await expect(strip.getByRole('definition').filter({ hasText: stat.value })).toHaveText(stat.value);
      await expect(strip.getByRole('term').filter({ hasText: stat.label })).toHaveText(stat.label);
    }
  });

  test('the collection and featured sections show books', async ({ page }) => {
    const collection = page.getByRole('region', { name: "Readers' favourites" });
    await expect(collection.getByRole('article')).toHaveCount(6);

    const featured = page.getByRole('region', { name: 'Featured books' });
    await expect(featured.getByTestId('book-grid-skeleton')).toHaveCount(0);
    const books = featured.getByRole('article');
    await expect(books.first()).toBeVisible();
    expect(await books.count()).toBeGreaterThan(0);
    await expect(featured.getByRole('link', { name: 'Meditations', exact: true })).toHaveAttribute('href', /^\/book\//);
  });

  test("'Browse Full Collection' goes to /bookstore", async ({ page }) => {
    await page.getByRole('link', { name: 'Browse Full Collection' }).click();
    await expect(page).toHaveURL(/\/bookstore$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book Store' })).toBeVisible();
  });

  test('popular-search chips search the store', async ({ page }) => {
    const chips = page.getByRole('list', { name: 'Popular searches:' }).getByRole('link');
    await expect(chips).toHaveText(['Leadership', 'Personal Growth', 'Business', 'Psychology']);

    await chips.filter({ hasText: 'Leadership' }).click();
    await expect(page).toHaveURL(/\/bookstore\?search=Leadership$/);
    await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ books?$/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Search the store' })).toHaveValue('Leadership');
  });
});
