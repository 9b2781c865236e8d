/**
 * Shared end-to-end helpers: demo accounts created by the seed, and an axe-core check that injects the
 * library from node_modules (no CDN) and returns serious or critical violations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_MAIL_DIR } from '../playwright.config';

const require = createRequire(import.meta.url);

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
  role: string;
  tier: string;
}

export function demoAccounts(): DemoAccount[] {
  const file = path.join(E2E_DATA_DIR, 'demo-accounts.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { accounts?: DemoAccount[] } | DemoAccount[];
  return Array.isArray(parsed) ? parsed : (parsed.accounts ?? []);
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core on the current page and returns only serious and critical violations. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Collects uncaught errors and console.error messages of a page (the guard below does this for the
 * test's `page`; call it for pages of extra browser contexts and assert the list is empty at the end).
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

/** An address from the documentation ranges of RFC 5737; it only ever travels in a header. */
function documentationAddress(index: number, ranges: readonly string[]): string {
  const slot = index % (ranges.length * 254);
  return `${ranges[Math.floor(slot / 254)]}.${(slot % 254) + 1}`;
}

/** Tests take addresses from 198.51.100.x and 203.0.113.x, one per test. */
const TEST_CLIENT_RANGES = ['198.51.100', '203.0.113'] as const;
let testsStartedInThisWorker = 0;

/**
 * The e2e `test`: Playwright's, plus
 * - an automatic guard that fails a test when the page throws an uncaught error or logs console.error
 *   (docs/ARCHITECTURE.md#tests). Failed network loads are left out: the browser logs them for deliberate 404s (the
 *   'Page Not Found' route, an unknown book) and for the 401 of signed-out current-user checks;
 * - a simulated client address per test: every request of the test's browser context and `request`
 *   carries its own X-Forwarded-For (the server trusts one proxy hop in e2e, see playwright.config.ts),
 *   so the per-IP rate limits apply to one test's journey, as they would to one real visitor;
 * - `mailbox`: the e-mail a reader receives, as delivered (codes and links live), read from the folder
 *   the e2e server writes delivered mail to (MAIL_DROP_DIR, see playwright.config.ts). The admin outbox
 *   keeps only redacted copies, so an operator never sees a live code.
 */
export const test = base.extend<{ pageErrorGuard: undefined; clientIp: string }, { mailbox: Mailbox }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern and requires one, even when empty.
  clientIp: async ({}, use, testInfo) => {
    const index = testInfo.workerIndex * 97 + testsStartedInThisWorker++;
    await use(documentationAddress(index, TEST_CLIENT_RANGES));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientIp });
  },
  pageErrorGuard: [
    async ({ page }, use) => {
      const errors = collectPageErrors(page);
      await use(undefined);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
  mailbox: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern and requires one, even when empty.
    async ({}, use) => {
      await use(new Mailbox(E2E_MAIL_DIR));
    },
    { scope: 'worker' },
  ],
});
export { expect };

/** Waits until no CSS transition is running (the page fade-in, the header's opacity change). */
export async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/** The book record behind a slug, read from the public API. */
export async function bookBySlug(
  request: APIRequestContext,
  slug: string,
): Promise<{ id: string; title: string; author: string; description: string; tableOfContents: string[] }> {
  const response = await request.get(`/api/books/${slug}`);
  expect(response.ok(), `GET /api/books/${slug}`).toBe(true);
  return response.json();
}

/** Waits until pdf.js has drawn the page on screen (its canvas is in the page div). */
/**
 * The reader screen's page is drawn and on screen: the app's own viewer (inside #root), and the reader page's picture of
 * its first page (docs/decisions/025-reader-first-page.md) gone, so what a test reads or selects is the app's.
 */
export async function expectPageRendered(page: Page, pageNumber: number): Promise<void> {
  await expect(page.locator(`#root .page[data-page-number="${pageNumber}"] canvas`).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('#first-screen')).toHaveCount(0, { timeout: 30_000 });
}

export async function goToPage(page: Page, pageNumber: number): Promise<void> {
  const field = page.getByLabel('Page number');
  await field.fill(String(pageNumber));
  await field.press('Enter');
  await expect(field).toHaveValue(String(pageNumber));
  await expectPageRendered(page, pageNumber);
}

/**
 * Records, from the first script of the page on (call before navigating), the page number of every canvas pdf.js adds, in order. */
export async function recordDrawnPages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const drawn: number[] = [];
    (window as unknown as { __drawnPages: number[] }).__drawnPages = drawn;
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          const canvases = node instanceof HTMLCanvasElement ? [node] : [...node.querySelectorAll('canvas')];
          for (const canvas of canvases) {
            const pageNumber = Number(canvas.closest<HTMLElement>('.page[data-page-number]')?.dataset.pageNumber);
            if (pageNumber) drawn.push(pageNumber);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export function drawnPages(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __drawnPages?: number[] }).__drawnPages ?? []);
}

/** True when the page is wider than the viewport (horizontal scrolling). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** The demo account with this role and, for readers, this tier (read when called: the seed writes the file at start-up). */
export function demoAccount(role: string, tier?: string): DemoAccount {
  const account = demoAccounts().find(
    (candidate) => candidate.role === role && (tier === undefined || candidate.tier === tier),
  );
  if (!account) throw new Error(`No demo account with role ${role}${tier ? ` and tier ${tier}` : ''}`);
  return account;
}

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The delivered mail of the e2e server: one JSON file per message, named so that they sort by time. */
export class Mailbox {
  constructor(private readonly folder: string) {}

  /** Messages to this address (any case), newest first. */
  messages(email: string): MailboxMessage[] {
    if (!fs.existsSync(this.folder)) return [];
    return fs
      .readdirSync(this.folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .map((name) => JSON.parse(fs.readFileSync(path.join(this.folder, name), 'utf8')) as MailboxMessage)
      .filter((message) => message.to.toLowerCase() === email.toLowerCase());
  }

  /** Waits for the newest message to the address whose text matches (mail is sent after the API answers). */
  async latest(email: string, pattern: RegExp, description: string): Promise<RegExpMatchArray> {
    let found: RegExpMatchArray | null = null;
    await expect
      .poll(
        () => {
          found =
            this.messages(email)
              .map((message) => message.text.match(pattern))
              .find((match) => match !== null) ?? null;
          return found !== null;
        },
        { message: `${description} for ${email} in the mailbox` },
      )
      .toBe(true);
    return found!;
  }

  /** The 6-digit code of the newest verification e-mail. */
  async verificationCode(email: string): Promise<string> {
    return (await this.latest(email, /^\s*(\d{6})\s*$/m, 'a 6-digit verification code'))[1];
  }

  /** The path and query of the reset link in the newest password-reset e-mail (/auth/reset-password?token=...). */
  async resetPath(email: string): Promise<string> {
    const [link] = await this.latest(email, /https?:\/\/\S+\/auth\/reset-password\?token=[^\s"<>]+/, 'a reset link');
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  }
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  /** A valid UK mobile number as typed into the form (the country picker defaults to GB). */
  phoneNumber: string;
}

/** Details for a new reader, unique per call (e-mail and username), so runs never collide. */
export function newAccountDetails(label = 'reader'): NewAccount {
  const id = randomUUID().replace(/-/g, '').slice(0, 12);
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `e2e_${label}_${id}`.slice(0, 30),
    email: `e2e.${label}.${id}@example.com`,
    password: `Pw-${id}-correct horse`,
    // Own number per reader: the same number with the same device fingerprint (every e2e browser
    // shares one) is one person to the trial policy (docs/product/trial-policy.md).
    phoneNumber: `7400 ${String(Number.parseInt(id.slice(0, 8), 16) % 1_000_000).padStart(6, '0')}`,
  };
}

/** Writes need a same-origin Origin header (CSRF rule); the request's own baseURL gives it. */
function originOf(baseURL: string | undefined): Record<string, string> {
  return baseURL ? { Origin: new URL(baseURL).origin } : {};
}

/**
 * Registers and verifies an account through the API (the route a browser uses, without the screens),
 * for journeys that start with an existing account of their own.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  mailbox: Mailbox,
  baseURL: string | undefined,
  label?: string,
): Promise<NewAccount> {
  const account = newAccountDetails(label);
  const headers = originOf(baseURL);
  const registered = await request.post('/api/auth/register', {
    headers,
    data: {
      ...account,
      phoneNumber: `+44 ${account.phoneNumber}`,
      countryCode: 'GB',
      confirmPassword: account.password,
      deviceFingerprint: 'e2e',
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const { userId } = (await registered.json()) as { userId: string };
  const code = await mailbox.verificationCode(account.email);
  const verified = await request.post('/api/auth/verify-otp', { headers, data: { userId, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

/** Signs the page's browser context in through the API (the session cookie lands in the context). */
export async function signInThroughApi(
  page: Page,
  emailOrUsername: string,
  password: string,
  baseURL: string | undefined,
): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    headers: originOf(baseURL),
    data: { emailOrUsername, password },
  });
  expect(response.status(), `sign-in of ${emailOrUsername}`).toBe(200);
}

/** Fills and submits the sign-in form of /auth/login (the page must be on it). */
export async function submitSignIn(page: Page, emailOrUsername: string, password: string): Promise<void> {
  await page.getByLabel('Email or Username').fill(emailOrUsername);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Holds the browser's requests to `url` until the returned `release` is called, so a pending state
 * ('Signing in...', 'Creating Account...', 'Signing out...') stays on screen until the test has seen
 * it, however fast the server answers.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * The one toast on screen (docs/product/errors.md#toasts: at most one at a time): the list item of the notifications
 * region.
 */
export function currentToast(page: Page): Locator {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
}

/** Asserts the toast on screen: its title, optionally its description and variant. */
export async function expectToast(
  page: Page,
  expected: { title: string; description?: string | RegExp; variant?: 'default' | 'destructive' },
): Promise<void> {
  const toast = currentToast(page);
  await expect(toast.getByText(expected.title, { exact: true })).toBeVisible();
  if (expected.description !== undefined) {
    await expect(
      toast.getByText(expected.description, typeof expected.description === 'string' ? { exact: true } : undefined),
    ).toBeVisible();
  }
  if (expected.variant) await expect(toast).toHaveAttribute('data-variant', expected.variant);
}

export interface TimelineEntry {
  kind: 'url' | 'heading' | 'toast' | 'response';
  text: string;
  at: number;
}

/**
 * Records, in the page, when client-side navigations happen (history.pushState/replaceState), when
 * each fetch answer arrives ('response', text 'METHOD /path STATUS') and when each h1 text and toast
 * first appears, with Date.now() timestamps. The delays of docs/product/limits.md#constants (500 ms after sign-in, 1 s
 * after registration, 2 s after verification) are then measured in the page from the answer that starts them, not
 * through the test's polling. Call before the page loads; a full load starts a new timeline.
 */
export async function recordTimeline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Entry = { kind: string; text: string; at: number };
    const timeline: Entry[] = [];
    (window as unknown as { __e2eTimeline: Entry[] }).__e2eTimeline = timeline;
    const seen = new Set<string>();
    const add = (kind: string, text: string) => timeline.push({ kind, text, at: Date.now() });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method];
      history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
        original.apply(this, args);
        add('url', `${location.pathname}${location.search}`);
      };
    }
    const originalFetch = window.fetch;
    window.fetch = async function (this: unknown, ...args: Parameters<typeof fetch>) {
      const response = await originalFetch.apply(this, args);
      const request = new Request(args[0], args[1]);
      add('response', `${request.method} ${new URL(request.url).pathname} ${response.status}`);
      return response;
    };
    const scan = () => {
      const found: [string, string][] = [];
      for (const node of document.querySelectorAll('h1')) found.push(['heading', node.textContent?.trim() ?? '']);
      for (const node of document.querySelectorAll('li[data-variant]')) {
        found.push(['toast', node.textContent?.trim() ?? '']);
      }
      for (const [kind, text] of found) {
        const key = `${kind}:${text}`;
        if (!text || seen.has(key)) continue;
        seen.add(key);
        add(kind, text);
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export async function readTimeline(page: Page): Promise<TimelineEntry[]> {
  return page.evaluate(() => (window as unknown as { __e2eTimeline?: TimelineEntry[] }).__e2eTimeline ?? []);
}

/** Milliseconds from the first entry matching `from` to the first later entry matching `to`. */
export async function delayBetween(
  page: Page,
  from: { kind: TimelineEntry['kind']; text: string | RegExp },
  to: { kind: TimelineEntry['kind']; text: string | RegExp },
): Promise<number> {
  const matches = (entry: TimelineEntry, want: { kind: string; text: string | RegExp }) =>
    entry.kind === want.kind &&
    (typeof want.text === 'string' ? entry.text.startsWith(want.text) : want.text.test(entry.text));
  const timeline = await readTimeline(page);
  const start = timeline.find((entry) => matches(entry, from));
  const end = start && timeline.find((entry) => entry.at >= start.at && matches(entry, to));
  expect(start, `timeline has ${JSON.stringify(from)}: ${JSON.stringify(timeline)}`).toBeTruthy();
  expect(end, `timeline has ${JSON.stringify(to)} after it: ${JSON.stringify(timeline)}`).toBeTruthy();
  return end!.at - start!.at;
}
