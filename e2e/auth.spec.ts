/**
 * Accounts, sessions, roles and access control end to end (docs/product/accounts.md,
 * docs/product/access.md#route-guard, docs/product/errors.md#toasts): register with the code read from the mailbox,
 * verify, sign in and out; landing by role; the login failure toast; the route guard's toasts and redirects in the
 * order of docs/product/access.md#route-guard; forgot → reset ends the old session; the mobile menu's sign-out; the
 * demo emergency login; axe on the accounts screens.
 *
 * Every test has its own simulated client address and every new account its own e-mail (fixtures.ts),
 * so the server's real rate limits apply per journey. Demo accounts are only signed in, never changed;
 * the reset journey uses an account of its own.
 */
import type { Page } from '@playwright/test';
import {
  bookBySlug,
  collectPageErrors,
  createVerifiedAccount,
  currentToast,
  delayBetween,
  demoAccount,
  expect,
  expectToast,
  holdRequests,
  newAccountDetails,
  recordTimeline,
  seriousAxeViolations,
  signInThroughApi,
  submitSignIn,
  test,
  waitForTransitions,
} from './fixtures';

const INVALID_CREDENTIALS = 'Invalid email/username or password';

/** The header's signed-out state: a 'Sign In' link in the banner and no way to log out. */
async function expectSignedOutHeader(page: Page) {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Log out' })).toHaveCount(0);
}

/** Marks the current document; `waitForFullLoad` then waits until a new document replaced it. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eOldDocument?: boolean }).__e2eOldDocument = true;
  });
}
async function waitForFullLoad(page: Page) {
  await page.waitForFunction(() => !(window as unknown as { __e2eOldDocument?: boolean }).__e2eOldDocument);
}

test.describe('register, verify, sign in and sign out', () => {
  test('a new reader registers, verifies with the e-mailed code, signs in to /dashboard and signs out', async ({
    page,
    mailbox,
  }) => {
    const account = newAccountDetails('journey');
    await recordTimeline(page);

    // Register ('Create Account', docs/product/routes-and-screens.md#register-screen).
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Phone number').fill(account.phoneNumber);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    const registration = await holdRequests(page, '**/api/auth/register');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    // While pending (and during the 1 s wait before the verify screen) the button reads 'Creating Account...'.
    await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    registration.release();
    await expectToast(page, {
      title: 'Account Created!',
      description: 'Please check your email for your 6-digit verification code.',
    });
    await expect(page).toHaveURL(/\/auth\/verify-email\?/);
    const verifyUrl = new URL(page.url());
    expect(verifyUrl.searchParams.get('userId')).toMatch(/\S+/);
    expect(verifyUrl.searchParams.get('email')).toBe(account.email);
    const registrationDelay = await delayBetween(
      page,
      { kind: 'response', text: 'POST /api/auth/register 201' },
      { kind: 'url', text: '/auth/verify-email?' },
    );
    expect(registrationDelay, 'redirect to the verify screen 1 s after the registration answer').toBeGreaterThanOrEqual(
      990,
    );
    expect(registrationDelay).toBeLessThan(3000);

    // Verify with the code from the mailbox.
    await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByText(account.email, { exact: true })).toBeVisible();
    const verifyButton = page.getByRole('button', { name: 'Verify Email' });
    await expect(verifyButton).toBeDisabled();
    const code = await mailbox.verificationCode(account.email);
    await page.getByLabel('Verification code').fill(code);
    await expect(verifyButton).toBeEnabled();
    await verifyButton.click();

    // The right code signs the reader in: no second password entry (docs/product/accounts.md#verification-codes).
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Wonderful Books!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Reading Now' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const verificationDelay = await delayBetween(
      page,
      { kind: 'response', text: 'POST /api/auth/verify-otp 200' },
      { kind: 'url', text: '/dashboard' },
    );
    expect(verificationDelay, 'on to the dashboard 2 s after the verification answer').toBeGreaterThanOrEqual(1990);
    expect(verificationDelay).toBeLessThan(4000);

    // A new reader is welcomed, not welcomed back.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(`Welcome, ${account.firstName}.`, { exact: false })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: new RegExp(account.firstName) })).toBeVisible();
    await expect(banner.getByText('TRIAL', { exact: true })).toBeVisible();

    // Sign out: confirmation, a full page load of '/', the header offers 'Sign In' again.
    await markDocument(page);
    await banner.getByRole('button', { name: 'Log out' }).click();
    await waitForFullLoad(page);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, { title: 'Signed out', description: 'You have been logged out. See you soon!' });
    await expectSignedOutHeader(page);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});

const ROLE_LANDINGS = [
  { role: 'super_admin', tier: undefined, path: '/super-admin', heading: 'Super Admin' },
  { role: 'admin', tier: undefined, path: '/admin', heading: 'Admin Dashboard' },
  { role: 'moderator', tier: undefined, path: '/dashboard', heading: 'Dashboard' },
  { role: 'user', tier: 'premium', path: '/dashboard', heading: 'Dashboard' },
] as const;

test.describe('sign-in lands by role', () => {
  for (const landing of ROLE_LANDINGS) {
    test(`${landing.role}${landing.tier ? ` (${landing.tier})` : ''} gets 'Welcome back!' and lands on ${landing.path} 500 ms after signing in`, async ({
      page,
    }) => {
      const account = demoAccount(landing.role, landing.tier);
      await recordTimeline(page);
      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Wonderful Books' })).toBeVisible();
      const signIn = await holdRequests(page, '**/api/auth/login');
      await submitSignIn(page, account.email, account.password);
      await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
      signIn.release();

      await expectToast(page, {
        title: 'Welcome back!',
        description: 'You have successfully logged in.',
        variant: 'default',
      });
      await expect(page).toHaveURL(new RegExp(`${landing.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: landing.heading, exact: true })).toBeVisible();
      const delay = await delayBetween(
        page,
        { kind: 'response', text: 'POST /api/auth/login 200' },
        { kind: 'url', text: landing.path },
      );
      expect(delay, 'the landing follows the sign-in answer after 500 ms').toBeGreaterThanOrEqual(490);
      expect(delay).toBeLessThan(2500);
    });
  }
});

test.describe('sign-in failures', () => {
  test("empty fields show the messages of docs/product/validation-messages.md#sign-in; a wrong password shows the destructive 'Login Failed' toast; the right one then works", async ({
    page,
  }) => {
    const account = demoAccount('user', 'basic');
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Email or username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await submitSignIn(page, account.email, 'not-the-password');
    await expectToast(page, { title: 'Login Failed', description: INVALID_CREDENTIALS, variant: 'destructive' });
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    // The failure does not lock the owner out; the right password signs in (and clears the count).
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, { title: 'Welcome back!' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('route guard (docs/product/access.md#route-guard, in order)', () => {
  test("1. signed out on /library: 'Authentication Required', then sign-in", async ({ page }) => {
    await page.goto('/library');
    await expectToast(page, {
      title: 'Authentication Required',
      description: 'You need to be logged in to access this page.',
      variant: 'destructive',
    });
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Flibrary$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Wonderful Books' })).toBeVisible();
  });

  test("2. a reader whose trial expired on /reader/<book id>: 'Subscription Required', then /subscribe", async ({
    page,
    request,
    baseURL,
  }) => {
    const reader = demoAccount('user', 'free');
    const book = await bookBySlug(request, 'meditations');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto(`/reader/${book.id}`);
    await expectToast(page, {
      title: 'Subscription Required',
      description: 'You need an active subscription to access this content.',
      variant: 'destructive',
    });
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test("3. a reader on /admin: 'Access Denied', then /dashboard", async ({ page, baseURL }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    await page.goto('/admin');
    await expectToast(page, {
      title: 'Access Denied',
      description: "You don't have permission to access this page.",
      variant: 'destructive',
    });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test.describe('forgot and reset password', () => {
  test('a reset from another browser ends the old session; the new password works and the old one fails', async ({
    page,
    browser,
    mailbox,
    request,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const account = await createVerifiedAccount(request, mailbox, baseURL, 'reset');
    const newPassword = `${account.password} renewed`;

    // Browser A is signed in and can open a personal page.
    await signInThroughApi(page, account.email, account.password, baseURL);
    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();

    // Browser B asks for a reset link and follows it from the e-mail.
    const contextB = await browser.newContext({ baseURL, extraHTTPHeaders });
    const pageB = await contextB.newPage();
    const errorsB = collectPageErrors(pageB);
    await pageB.goto('/auth/login');
    await pageB.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(pageB).toHaveURL(/\/auth\/forgot-password$/);
    await pageB.getByLabel('Email', { exact: true }).fill(account.email);
    await pageB.getByRole('button', { name: 'Send reset link' }).click();
    await expect(pageB.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

    await pageB.goto(await mailbox.resetPath(account.email));
    await expect(pageB.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await pageB.getByLabel('New password', { exact: true }).fill(newPassword);
    await pageB.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await pageB.getByRole('button', { name: 'Reset password' }).click();
    await expect(pageB.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();

    // The old password no longer signs in (browser B).
    await pageB.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await submitSignIn(pageB, account.email, account.password);
    await expectToast(pageB, { title: 'Login Failed', description: INVALID_CREDENTIALS, variant: 'destructive' });
    await contextB.close();
    expect(errorsB, 'browser B logged errors').toEqual([]);

    // Browser A's session is gone: the next visit to a guarded page goes to sign-in.
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.goto('/library');
    await expectToast(page, { title: 'Authentication Required', variant: 'destructive' });
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Flibrary$/);

    // The new password works and returns the reader to the page they asked for.
    await submitSignIn(page, account.email, newPassword);
    await expectToast(page, { title: 'Welcome back!' });
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
  });
});

test.describe('mobile width (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("sign in, the menu shows the personal entries, 'Sign Out' shows 'Signing out...' and ends signed out", async ({
    page,
  }) => {
    const reader = demoAccount('user', 'trial');
    await page.goto('/auth/login');
    await submitSignIn(page, reader.email, reader.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText([
      'Home',
      'Book Store',
      'My Library',
      'Offline reading',
      'Devices',
      'Challenges',
      'Dashboard',
      'Subscription',
    ]);
    await expect(menu.getByRole('link', { name: /View profile/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    const logout = await holdRequests(page, '**/api/auth/logout');
    await markDocument(page);
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(menu.getByRole('button', { name: 'Signing out...' })).toBeDisabled();
    logout.release();
    await waitForFullLoad(page);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, { title: 'Signed out' });
    await expectSignedOutHeader(page);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Library' })).toHaveCount(0);
  });
});

test.describe('emergency login (demo)', () => {
  test("the page is pre-filled with the demo super admin and 'Login as Premium User' lands on /dashboard", async ({
    page,
  }) => {
    const superAdmin = demoAccount('super_admin');
    await page.goto('/emergency-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Emergency Login' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Demo credentials.' })).toContainText(
      'premium super admin',
    );
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(superAdmin.email);
    await expect(page.getByLabel('Password', { exact: true })).not.toHaveValue('');

    await page.getByRole('button', { name: 'Login as Premium User' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(200);
    const user = (await me.json()) as { email: string; firstName: string; role: string; subscriptionTier: string };
    expect(user).toMatchObject({ email: superAdmin.email, role: 'super_admin', subscriptionTier: 'premium' });
    await expect(currentToast(page).getByText(`Welcome, ${user.firstName}!`, { exact: true })).toBeVisible();
  });
});

const AUTH_SCREENS = [
  { path: '/auth/login', heading: 'Sign in to Wonderful Books' },
  { path: '/auth/register', heading: 'Create Account' },
  { path: '/auth/verify-email?userId=e2e-axe&email=reader%40example.com', heading: 'Verify Your Email' },
] as const;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`axe on the accounts screens at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const screen of AUTH_SCREENS) {
      test(`${screen.path.split('?')[0]} has no serious or critical violations`, async ({ page }) => {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
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
