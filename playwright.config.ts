/**
 * End-to-end tests in headless Debian Chromium (docs/ARCHITECTURE.md#tests). The app runs from the production build on
 * its own port with a fresh data folder and the demo seed, exactly as `npm start` serves it.
 */
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = '.tmp/e2e-data';
export const E2E_MAIL_DIR = '.tmp/e2e-mail';

function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(`Chromium not found at ${candidate}. Install Debian's chromium or set CHROMIUM_PATH.`);
  }
  return candidate;
}

const SITE_WIDE_SPECS = ['**/admin-site.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: SITE_WIDE_SPECS,
    },
    // Specs that change what every visitor sees (the homepage record, SEO tags, footer pages) run after the others,
    // so no other spec meets their edits half-way.
    {
      name: 'site-wide',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: SITE_WIDE_SPECS,
      dependencies: ['desktop'],
    },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (built first when dist/ is missing or stale).
    command: `rm -rf ${E2E_DATA_DIR} ${E2E_MAIL_DIR} && node scripts/start.mjs`,
    url: `http://localhost:${port}/api/health/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      // Delivered mail (live codes and links) lands here for e2e/fixtures.ts's mailbox.
      MAIL_DROP_DIR: E2E_MAIL_DIR,
      DEMO_SEED: 'true',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Each test sends its own simulated client address in X-Forwarded-For (e2e/fixtures.ts), so the
      // per-IP sign-in and sign-up limits apply per test rather than to the whole suite.
      TRUST_PROXY: '1',
      // e2e runs every journey from one machine and one browser build, so every registration carries
      // the same device fingerprint: far past the volume at which the trial policy takes a source for
      // automation and declines trials (docs/product/trial-policy.md). The API tests cover those
      // thresholds at their real values.
      TRIAL_MAX_PER_FINGERPRINT: '1000',
      TRIAL_MAX_PER_IP: '1000',
      SIGNUP_MAX_ATTEMPTS_PER_IP: '1000',
      SIGNUP_MAX_ATTEMPTS_PER_FINGERPRINT: '1000',
    },
  },
});
