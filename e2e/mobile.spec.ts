/**
 * Phone-sized screens (390x844): the side menu of docs/product/routes-and-screens.md#navigation for a signed-out
 * visitor, closing on navigation, and no horizontal scrolling on the storefront pages.
 */
import { bookBySlug, expect, hasHorizontalScroll, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('mobile menu (signed out)', () => {
  test('the menu button opens the side menu with the signed-out entries', async ({ page }) => {
    await page.goto('/');
    // The desktop navigation is hidden at this width.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    // While the modal menu is open the rest of the page is hidden from assistive technology.
    const menuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();

    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const links = menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
    // Personal entries (My Library, Devices, Dashboard) are only for signed-in readers.
    await expect(links).toHaveText(['Home', 'Book Store', 'Challenges', 'Subscription']);
    await expect(menu.getByRole('link', { name: 'My Library' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();

    // Escape closes it and focus returns to the menu button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('the menu closes when a link navigates', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();

    await menu.getByRole('link', { name: 'Book Store' }).click();
    await expect(page).toHaveURL(/\/bookstore$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Book Store' })).toBeVisible();

    // Open again, then navigate with the browser's Back button: the menu closes too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('no horizontal scroll at 390 px', () => {
  test('landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured books' }).getByRole('article').first()).toBeVisible();
    await expect(page.locator('section#pricing').getByRole('group').first()).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('bookstore', async ({ page }) => {
    await page.goto('/bookstore?search=stoic');
    await expect(page.getByRole('region', { name: 'Results' }).getByRole('article').first()).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    // Long filter chips and the pagination bar stay inside the screen as well.
    await page.goto('/bookstore?author=Henry%20David%20Thoreau&category=philosophy&tier=premium');
    await expect(page.getByText('Active filters:')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('book detail', async ({ page, request }) => {
    const book = await bookBySlug(request, 'meditations');
    await page.goto('/book/meditations');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.title);
    await page.getByText(`${book.tableOfContents.length} chapters`).click();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
