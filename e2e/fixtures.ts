/**
 * Shared end-to-end helpers: demo accounts created by the seed, and an axe-core check that injects the
 * library from node_modules (no CDN) and returns serious or critical violations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

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
