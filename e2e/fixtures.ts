/**
 * Shared end-to-end helpers: demo accounts created by the seed, and an axe-core check that injects the
 * library from node_modules (no CDN) and returns serious or critical violations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

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
  const file = path.join('.tmp/e2e-data', 'demo-accounts.json');
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
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The e2e `test`: Playwright's, plus an automatic guard that fails a test when the page throws an
 * uncaught error or logs console.error (DESIGN §7). Failed network loads are left out: the browser
 * logs them for deliberate 404s (the 'Page Not Found' route, an unknown book).
 */
export const test = base.extend<{ pageErrorGuard: void }>({
  pageErrorGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (message.text().startsWith('Failed to load resource')) return;
        errors.push(`console.error: ${message.text()}`);
      });
      await use();
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Waits until no CSS transition is running (the page fade-in, the header's opacity change). */
export async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/** The book record behind a slug, read from the public API. */
export async function bookBySlug(request: APIRequestContext, slug: string): Promise<{ id: string; title: string; author: string; description: string; tableOfContents: string[] }> {
  const response = await request.get(`/api/books/${slug}`);
  expect(response.ok(), `GET /api/books/${slug}`).toBe(true);
  return response.json();
}

/** True when the page is wider than the viewport (horizontal scrolling). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
