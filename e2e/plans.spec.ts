/**
 * Plans, book selections, the subscription lifecycle and billing end to end (docs/product/plans-and-picks.md): a trial
 * reader's 3 picks and the refused 4th; Basic through the test-mode checkout (declined card, then success); Basic's 10
 * locked picks; a renewal resetting the count; Premium opening any book; cancel keeping access to the period end, then
 * access and loans ending.
 *
 * Every state-changing journey uses a NEW account of its own (fixtures.ts), so reruns and the other
 * worker never collide. The test-mode provider has ONE clock for the whole server, moved by the admin
 * clock advance: only this file moves it, its tests run one after another in one worker
 * (fullyParallel is off), and the tests that move it assert outcomes relative to the reader's own
 * subscription, whatever the clock already read.
 */
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import {
  collectPageErrors,
  createVerifiedAccount,
  demoAccount,
  expect,
  expectToast,
  signInThroughApi,
  test,
  type NewAccount,
  type Mailbox,
} from './fixtures';

const CARD = { expiry: '12/34', cvc: '123', nameOnCard: 'Ada Lovelace' };
const CARD_SUCCEEDS = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';

interface BookSummary {
  id: string;
  slug: string;
  title: string;
  requiredTier: string;
}

interface Entitlements {
  tier: string;
  status: string;
  validUntil: string | null;
  picksUsed: number;
  picksLimit: number;
  nextResetAt: string | null;
  selections: { bookId: string; slug: string; title: string; lockedUntil: string | null; canRemove: boolean }[];
}

interface Loan {
  id: string;
  bookId: string;
  status: 'active' | 'returned' | 'revoked';
}

/** Writes need a same-origin Origin header (CSRF rule). */
function originHeader(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error('The e2e project needs a baseURL');
  return { Origin: new URL(baseURL).origin };
}

async function booksOfTier(
  request: APIRequestContext,
  tier: 'trial' | 'basic' | 'premium',
  count: number,
): Promise<BookSummary[]> {
  const response = await request.get('/api/books', { params: { tier, limit: 20 } });
  expect(response.ok(), `GET /api/books?tier=${tier}`).toBe(true);
  const { items } = (await response.json()) as { items: BookSummary[] };
  const books = items.filter((book) => book.requiredTier === tier);
  expect(books.length, `at least ${count} ${tier} books in the seed`).toBeGreaterThanOrEqual(count);
  return books.slice(0, count);
}

async function entitlementsOf(request: APIRequestContext): Promise<Entitlements> {
  const response = await request.get('/api/me/entitlements');
  expect(response.status(), 'GET /api/me/entitlements').toBe(200);
  return response.json();
}

async function loansOf(request: APIRequestContext): Promise<Loan[]> {
  const response = await request.get('/api/loans');
  expect(response.status(), 'GET /api/loans').toBe(200);
  return ((await response.json()) as { items: Loan[] }).items;
}

async function pick(request: APIRequestContext, baseURL: string | undefined, book: BookSummary): Promise<void> {
  const response = await request.post('/api/selections', { headers: originHeader(baseURL), data: { bookId: book.id } });
  expect(response.status(), `pick ${book.slug}: ${await response.text()}`).toBe(201);
}

/** A new trial reader, registered, verified and signed in in the page's browser context. */
async function newSignedInReader(
  page: Page,
  mailbox: Mailbox,
  baseURL: string | undefined,
  label: string,
): Promise<NewAccount> {
  const account = await createVerifiedAccount(page.request, mailbox, baseURL, label);
  await signInThroughApi(page, account.email, account.password, baseURL);
  return account;
}

/** Basic through the same checkout the hosted page uses (start, then pay with the success card). */
async function subscribeToBasicThroughApi(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const headers = originHeader(baseURL);
  const started = await request.post('/api/billing/checkout', { headers, data: { tier: 'basic' } });
  expect(started.ok(), `POST /api/billing/checkout: ${await started.text()}`).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const sessionId = new URL(url, baseURL).pathname.match(/^\/checkout\/test\/([^/]+)$/)?.[1];
  expect(sessionId, `a test checkout URL: ${url}`).toBeTruthy();
  const paid = await request.post(`/api/billing/checkout/${sessionId}/pay`, {
    headers,
    data: { cardNumber: CARD_SUCCEEDS, ...CARD },
  });
  expect(paid.ok(), `pay: ${await paid.text()}`).toBe(true);
  expect(((await paid.json()) as { outcome: string }).outcome).toBe('succeeded');
  await expect
    .poll(async () => (await entitlementsOf(request)).tier, { message: 'the reader is on Basic' })
    .toBe('basic');
}

/** Moves the test-mode provider's clock as the demo admin (a signed-in API client of its own). */
async function advanceProviderClock(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  clientIp: string,
  days: number,
): Promise<{ providerNow: string; renewed: unknown[]; ended: unknown[] }> {
  const admin = demoAccount('admin');
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { ...originHeader(baseURL), 'X-Forwarded-For': clientIp },
  });
  try {
    const login = await context.post('/api/auth/login', {
      data: { emailOrUsername: admin.email, password: admin.password },
    });
    expect(login.status(), 'the demo admin signs in').toBe(200);
    const response = await context.post('/api/admin/billing/advance-clock', { data: { days } });
    expect(response.status(), `advance-clock: ${await response.text()}`).toBe(200);
    return response.json();
  } finally {
    await context.dispose();
  }
}

/** A date as the web app renders it (the browser's locale, day month year). */
function formatInPage(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(value)),
    iso,
  );
}

/** The quota panel's fact (Plan, Trial picks, Picks this cycle, Picks left...) by its label. */
function quotaFact(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Your plan and picks' })
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

test.describe('trial picks', () => {
  test('a trial reader picks 3 books, the 4th is refused with the server message, and /library shows the 3 picks', async ({
    page,
    context,
    mailbox,
    baseURL,
  }) => {
    await newSignedInReader(page, mailbox, baseURL, 'trialpicks');
    const [first, second, third, fourth] = await booksOfTier(page.request, 'trial', 4);

    // Two picks through the API, the third through the book page's confirmation dialog.
    await pick(page.request, baseURL, first);
    await pick(page.request, baseURL, second);

    // A second tab already shows the 4th book while picks are left (2 of 3): its choice reaches the
    // server after the 3rd pick, which must refuse it with the message.
    const otherTab = await context.newPage();
    const otherTabErrors = collectPageErrors(otherTab);
    await otherTab.goto(`/book/${fourth.slug}`);
    await expect(otherTab.getByText('2 of 3 picks used.', { exact: false })).toBeVisible();
    await expect(otherTab.getByRole('button', { name: 'Pick this book' })).toBeEnabled();

    await page.goto(`/book/${third.slug}`);
    await expect(page.getByText(/2 of 3 picks used\./)).toBeVisible();
    await page.getByRole('button', { name: 'Pick this book' }).click();
    const dialog = page.getByRole('dialog', { name: `Pick “${third.title}”?` });
    await expect(dialog).toContainText('This uses one of your 3 trial picks (3 of 3 used after this).');
    await dialog.getByRole('button', { name: 'Pick this book' }).click();
    await expectToast(page, { title: 'Book picked' });
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Picked', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read now' })).toBeVisible();
    await expect(page.getByText(/3 of 3 picks used\./)).toBeVisible();

    await otherTab.getByRole('button', { name: 'Pick this book' }).click();
    await otherTab.getByRole('dialog').getByRole('button', { name: 'Pick this book' }).click();
    await expectToast(otherTab, {
      title: "Couldn't pick this book",
      description: 'You have used 3 of 3 trial picks',
      variant: 'destructive',
    });
    // The refusal refreshes the counts: the button is now disabled and the page offers the plans.
    await expect(otherTab.getByRole('button', { name: 'Pick this book' })).toBeDisabled();
    await expect(otherTab.getByText('3 of 3 picks used. Subscribe to pick more books.')).toBeVisible();
    await expect(otherTab.getByRole('link', { name: 'See plans' })).toBeVisible();
    await otherTab.close();
    expect(otherTabErrors, 'the second tab logged errors').toEqual([]);

    // The server refuses directly too, and its state stays unchanged.
    const refused = await page.request.post('/api/selections', {
      headers: originHeader(baseURL),
      data: { bookId: fourth.id },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { detail: string }).detail).toBe('You have used 3 of 3 trial picks');
    const entitlements = await entitlementsOf(page.request);
    expect(entitlements).toMatchObject({ tier: 'trial', picksUsed: 3, picksLimit: 3 });
    expect(entitlements.selections.map((selection) => selection.bookId).sort()).toEqual(
      [first.id, second.id, third.id].sort(),
    );

    await page.goto('/library');
    await expect(page.getByRole('heading', { level: 1, name: 'My Library' })).toBeVisible();
    await expect(quotaFact(page, 'Plan')).toHaveText('Free Trial');
    await expect(quotaFact(page, 'Trial picks')).toHaveText('3 of 3 used');
    await expect(quotaFact(page, 'Picks left')).toHaveText('0');
    const picks = page.getByRole('region', { name: 'Your plan and picks' }).getByRole('listitem');
    await expect(picks).toHaveCount(3);
    for (const book of [first, second, third]) {
      await expect(picks.getByRole('link', { name: book.title, exact: true })).toBeVisible();
    }
  });
});

test.describe('Basic through the test checkout', () => {
  test('the decline card is refused on the form, then 4242 pays; /payment-success and /billing show the Basic Plan and its invoice', async ({
    page,
    mailbox,
    baseURL,
  }) => {
    await newSignedInReader(page, mailbox, baseURL, 'checkout');

    await page.goto('/subscribe?tier=basic');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/[^/?]+$/);
    const checkoutUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay with card' })).toBeVisible();
    await expect(page.getByText('Test mode — no real payment')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Basic');

    await page.getByLabel('Card number').fill(CARD_DECLINED);
    await page.getByLabel('Expiry (MM/YY)').fill(CARD.expiry);
    await page.getByLabel('CVC').fill(CARD.cvc);
    await page.getByLabel('Name on card').fill(CARD.nameOnCard);
    const payButton = page.getByRole('button', { name: /^Pay / });
    await payButton.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    expect(page.url(), 'a declined card stays on the checkout form').toBe(checkoutUrl);
    await expect(payButton).toBeEnabled();
    expect((await entitlementsOf(page.request)).tier, 'no plan change after a decline').toBe('trial');

    await page.getByLabel('Card number').fill(CARD_SUCCEEDS);
    await payButton.click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=/);
    await expect(page.getByRole('heading', { name: /^Payment successful — welcome to the Basic/ })).toBeVisible();

    await page.getByRole('link', { name: 'View billing and receipts' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    const plan = page.getByRole('region', { name: 'Your plan', exact: true });
    await expect(plan.getByText('Basic Plan', { exact: true })).toBeVisible();
    await expect(plan.getByText('Active', { exact: true })).toBeVisible();
    await expect(plan.getByText('Next charge')).toBeVisible();
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const rows = invoices.getByRole('row');
    await expect(rows).toHaveCount(2); // the header and one invoice
    await expect(rows.nth(1)).toContainText('Paid');
    await expect(rows.nth(1).getByRole('link', { name: /^Receipt for invoice / })).toBeVisible();
    expect((await entitlementsOf(page.request)).tier).toBe('basic');
  });
});

test.describe('Basic picks', () => {
  test('a Basic reader picks 10, the 11th is refused with the cycle message, and the lock prevents removal', async ({
    page,
    mailbox,
    baseURL,
  }) => {
    await newSignedInReader(page, mailbox, baseURL, 'basicpicks');
    await subscribeToBasicThroughApi(page.request, baseURL);
    const books = await booksOfTier(page.request, 'trial', 11);

    for (const book of books.slice(0, 10)) await pick(page.request, baseURL, book);
    const refused = await page.request.post('/api/selections', {
      headers: originHeader(baseURL),
      data: { bookId: books[10].id },
    });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^You have used 10 of 10 picks this billing cycle\. Your picks reset on \d{1,2} \w+ \d{4}\.$/,
    );
    const entitlements = await entitlementsOf(page.request);
    expect(entitlements).toMatchObject({ tier: 'basic', picksUsed: 10, picksLimit: 10 });
    expect(entitlements.selections).toHaveLength(10);

    // The lock: no removal (nor swap) before lockedUntil.
    const [first] = books;
    const selection = entitlements.selections.find((candidate) => candidate.bookId === first.id)!;
    expect(selection.canRemove).toBe(false);
    expect(Date.parse(selection.lockedUntil!)).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    const removal = await page.request.delete(`/api/selections/${first.id}`, { headers: originHeader(baseURL) });
    expect(removal.status()).toBe(422);
    expect(((await removal.json()) as { detail: string }).detail).toMatch(
      /^This pick is locked until \d{1,2} \w+ \d{4}$/,
    );
    expect((await entitlementsOf(page.request)).selections).toHaveLength(10);

    // The screens show the lock end and offer no removal.
    const lockEnd = await formatInPage(page, selection.lockedUntil!);
    await page.goto(`/book/${first.slug}`);
    await expect(page.getByText(`Locked until ${lockEnd}.`, { exact: false })).toBeVisible();
    await expect(page.getByText(/10 of 10 picks used this cycle; resets on /)).toBeVisible();

    await page.goto(`/book/${books[10].slug}`);
    await expect(page.getByRole('button', { name: 'Pick this book' })).toBeDisabled();
    await expect(page.getByText('You can pick again when your picks reset.', { exact: false })).toBeVisible();

    await page.goto('/library');
    await expect(quotaFact(page, 'Picks this cycle')).toHaveText('10 of 10 used');
    const picks = page.getByRole('region', { name: 'Your plan and picks' }).getByRole('listitem');
    await expect(picks).toHaveCount(10);
    await expect(picks.filter({ hasText: first.title }).first()).toContainText(`locked until ${lockEnd}`);
    await expect(picks.getByText('Locked', { exact: true })).toHaveCount(10);
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  });
});

test.describe('Premium', () => {
  test('the premium reader sees Read now on a premium book and opens loans without picks', async ({
    page,
    baseURL,
  }) => {
    const reader = demoAccount('user', 'premium');
    await signInThroughApi(page, reader.email, reader.password, baseURL);
    const [premiumBook, secondPremium] = await booksOfTier(page.request, 'premium', 2);
    const [basicBook] = await booksOfTier(page.request, 'basic', 1);
    const [trialBook] = await booksOfTier(page.request, 'trial', 1);

    await page.goto(`/book/${premiumBook.slug}`);
    await expect(page.getByRole('link', { name: 'Read now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pick this book' })).toHaveCount(0);

    for (const book of [premiumBook, secondPremium, basicBook, trialBook]) {
      const response = await page.request.post('/api/loans', {
        headers: originHeader(baseURL),
        data: { bookId: book.id },
      });
      expect([200, 201], `POST /api/loans ${book.slug}: ${await response.text()}`).toContain(response.status());
      expect(((await response.json()) as Loan).status).toBe('active');
    }
    const entitlements = await entitlementsOf(page.request);
    expect(entitlements).toMatchObject({ tier: 'premium', picksUsed: 0, picksLimit: -1 });
    expect(entitlements.selections).toEqual([]);
  });
});

test.describe('the billing clock', () => {
  test("a renewal resets a Basic reader's picks used to 0", async ({
    page,
    mailbox,
    baseURL,
    playwright,
    clientIp,
  }) => {
    await newSignedInReader(page, mailbox, baseURL, 'renewal');
    await subscribeToBasicThroughApi(page.request, baseURL);
    const books = await booksOfTier(page.request, 'trial', 2);
    for (const book of books) await pick(page.request, baseURL, book);
    const before = await entitlementsOf(page.request);
    expect(before.picksUsed).toBe(2);

    // A month at most separates two renewals: 31 days always crosses this reader's period end.
    await advanceProviderClock(playwright, baseURL, clientIp, 31);
    await expect
      .poll(async () => (await entitlementsOf(page.request)).picksUsed, { message: 'picks used after the renewal' })
      .toBe(0);
    const after = await entitlementsOf(page.request);
    expect(after.tier).toBe('basic');
    expect(Date.parse(after.validUntil!), 'the renewal moved the period end').toBeGreaterThan(
      Date.parse(before.validUntil!),
    );

    await page.goto('/library');
    await expect(quotaFact(page, 'Picks this cycle')).toHaveText('0 of 10 used');
    await expect(quotaFact(page, 'Picks left')).toHaveText('10');
  });

  test('cancel keeps access to the period end, then access and loans end', async ({
    page,
    mailbox,
    baseURL,
    playwright,
    clientIp,
  }) => {
    await newSignedInReader(page, mailbox, baseURL, 'cancel');
    await subscribeToBasicThroughApi(page.request, baseURL);
    const [book] = await booksOfTier(page.request, 'trial', 1);
    await pick(page.request, baseURL, book);
    // Picking a book opens its loan; opening it again reuses that loan.
    const opened = await page.request.post('/api/loans', { headers: originHeader(baseURL), data: { bookId: book.id } });
    expect(opened.status(), await opened.text()).toBe(200);

    await page.goto('/billing');
    const plan = page.getByRole('region', { name: 'Your plan', exact: true });
    await expect(plan.getByText('Basic Plan', { exact: true })).toBeVisible();
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expect(dialog).toContainText("you won't be charged again");
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectToast(page, { title: 'Subscription cancelled', description: /^You keep access until / });
    await expect(dialog).toBeHidden();

    const cancelled = await entitlementsOf(page.request);
    expect(cancelled.tier, 'access is kept until the period end').toBe('basic');
    const accessEnd = await formatInPage(page, cancelled.validUntil!);
    await expect(plan.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(
      plan.getByText(`Your subscription is cancelled — access until ${accessEnd}.`, { exact: false }),
    ).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
    expect((await loansOf(page.request)).map((loan) => loan.status)).toEqual(['active']);

    // Past the period end (at most a month away) the provider ends the subscription.
    await advanceProviderClock(playwright, baseURL, clientIp, 32);
    await expect
      .poll(async () => (await entitlementsOf(page.request)).tier, {
        message: 'the effective tier after the period end',
      })
      .toBe('free');
    await expect
      .poll(async () => (await loansOf(page.request)).map((loan) => loan.status), { message: 'loan statuses' })
      .toEqual(['revoked']);
    const reopened = await page.request.post('/api/loans', {
      headers: originHeader(baseURL),
      data: { bookId: book.id },
    });
    expect(reopened.status(), 'no new loan after access ended').toBe(402);

    await page.reload();
    await expect(plan.getByText("You don't have an active plan.", { exact: false })).toBeVisible();
    await expect(plan.getByRole('link', { name: 'Choose a plan' })).toBeVisible();
  });
});
