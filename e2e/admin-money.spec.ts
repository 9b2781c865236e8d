/**
 * The back office's money screens against the real API and the demo seed: an admin refunds part of a reader's
 * invoice and sees it on the invoice and in the financial reports; sends a campaign to the readers who opted in and
 * sees it in the outbox; cancels another while it is being sent; exports the filtered subscriptions as CSV; and each
 * screen passes axe at desktop and phone widths.
 */
import fs from 'node:fs';
import { demoAccount, expect, seriousAxeViolations, signInThroughApi, test, waitForTransitions } from './fixtures';

const SCREENS = [
  { path: '/admin', heading: 'Admin Dashboard' },
  { path: '/admin/subscription-management', heading: 'Subscription Management' },
  { path: '/admin/financial-reports', heading: 'Financial Reports' },
  { path: '/admin/email-management', heading: 'Email Management' },
] as const;

test.describe('back office: money', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    const admin = demoAccount('admin');
    await signInThroughApi(page, admin.email, admin.password, baseURL);
  });

  test('refund part of an invoice and see it on the invoice and in the reports', async ({ page }) => {
    const reader = demoAccount('user', 'basic');
    await page.goto('/admin/subscription-management');
    await page.getByLabel('Search').fill(reader.email);
    const row = page.getByRole('row').filter({ hasText: reader.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /Manage/ }).click();

    const detail = page.getByRole('region', { name: 'Selected subscription' });
    await expect(detail.getByRole('heading', { level: 2 })).toBeVisible();
    const invoiceRow = detail
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /Refund/ }) })
      .first();
    const invoiceNumber = ((await invoiceRow.getByRole('cell').first().textContent()) ?? '').trim();
    await invoiceRow.getByRole('button', { name: /Refund/ }).click();

    const dialog = page.getByRole('dialog', { name: `Refund invoice ${invoiceNumber}` });
    await dialog.getByLabel('Amount (£)').fill('1.25');
    await dialog.getByLabel('Reason (optional)').fill('E2E goodwill');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();

    const refunded = detail.getByRole('row').filter({ hasText: invoiceNumber });
    await expect(refunded).toContainText('£1.25');
    await expect(refunded).toContainText('Partly refunded');
    await expect(detail.getByText('Admin refunded an invoice')).toBeVisible();

    await page.goto('/admin/financial-reports');
    const refunds = page.getByRole('table', { name: 'Refunds' });
    const line = refunds.getByRole('row').filter({ hasText: invoiceNumber });
    await expect(line).toContainText('E2E goodwill');
    await expect(line).toContainText('£1.25');
    await expect(page.getByRole('table', { name: 'Revenue by month' })).toBeVisible();
  });

  test('send a campaign to opted-in readers and see it in the outbox', async ({ page }) => {
    const subject = `Spring picks ${Date.now()}`;
    await page.goto('/admin/email-management');
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await expect(page.getByText(/readers? (has|have) opted in to marketing e-mail/)).toBeVisible();
    const audience = Number(
      ((await page.getByText(/opted in to marketing e-mail/).textContent()) ?? '').match(/[\d,]+/)![0].replace(',', ''),
    );
    expect(audience).toBeGreaterThan(0);

    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Twelve new books arrived this month.\n\nHappy reading!');
    await page.getByRole('button', { name: 'Send campaign' }).click();
    await page
      .getByRole('dialog', { name: 'Send this campaign?' })
      .getByRole('button', { name: `Send to ${audience} readers` })
      .click();

    // The campaign's own entry (the toast announcing it mentions the subject too).
    const campaign = page.getByRole('listitem').filter({ hasText: subject, has: page.getByRole('progressbar') });
    await expect(campaign).toBeVisible();
    await expect(campaign.getByText(/[1-9]\d* sent/)).toBeVisible({ timeout: 15_000 });

    await page.getByRole('tab', { name: 'Outbox and log' }).click();
    await page.getByLabel('Type').fill('marketing_campaign');
    await expect(page.getByRole('row').filter({ hasText: subject }).first()).toBeVisible();
  });

  test('export the filtered subscriptions as CSV', async ({ page }) => {
    await page.goto('/admin/subscription-management');
    await page.getByLabel('Status').selectOption({ label: 'Renewing' });
    const shown = page.getByRole('table', { name: 'Subscriptions' }).getByRole('row');
    await expect(shown.filter({ hasText: 'Renewing' }).first()).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'user_id,email,name,plan,status,provider,renews_or_ends,trial_ends,pending_plan,mrr,currency',
    );
    expect(lines.length).toBeGreaterThan(1);
    // The filter the screen shows is the filter of the file: every row is a renewing subscription.
    for (const line of lines.slice(1)) expect(line).toMatch(/,(basic|premium),renewing,/);
  });

  test('cancel a campaign while it is being sent: the rest is never sent', async ({ page }) => {
    const subject = `Cancelled picks ${Date.now()}`;
    await page.goto('/admin/email-management');
    await page.getByRole('tab', { name: 'Campaigns' }).click();
    await expect(page.getByText(/opted in to marketing e-mail/)).toBeVisible();
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('This one is called off.');
    await page.getByRole('button', { name: 'Send campaign' }).click();
    await page
      .getByRole('dialog', { name: 'Send this campaign?' })
      .getByRole('button', { name: /^Send to \d+ readers$/ })
      .click();

    const campaign = page.getByRole('listitem').filter({ hasText: subject, has: page.getByRole('progressbar') });
    await expect(campaign.getByText('Sending', { exact: true })).toBeVisible();
    await campaign.getByRole('button', { name: /Cancel campaign/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this campaign?' });
    await expect(confirm.getByRole('button', { name: 'Keep sending' })).toBeFocused();
    expect(await seriousAxeViolations(page), 'the cancel confirmation').toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel campaign' }).click();
    await expect(confirm).toBeHidden();
    await expect(campaign.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(campaign.getByText(/[1-9]\d* not sent \(cancelled\)/)).toBeVisible();
    await expect(campaign.getByRole('button', { name: /Cancel campaign/ })).toHaveCount(0);
    expect(await seriousAxeViolations(page), 'the cancelled campaign').toEqual([]);

    // Nothing more goes out for it: its counts stay as they were at the cancel while the sender keeps running.
    const counts = async () => {
      const { items } = (await (await page.request.get('/api/admin/email/campaigns')).json()) as {
        items: { subject: string; sentCount: number; cancelledCount: number; audienceCount: number }[];
      };
      return items.find((item) => item.subject === subject)!;
    };
    const atCancel = await counts();
    await page.waitForTimeout(3_000);
    expect(await counts()).toEqual(atCancel);
    expect(atCancel.sentCount + atCancel.cancelledCount).toBeLessThanOrEqual(atCancel.audienceCount);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`every money screen at ${viewport.width} px: renders, no serious axe violations`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await waitForTransitions(page);
        const name = screen.path.replaceAll('/', '-').replace(/^-/, '') || 'admin';
        await page.screenshot({ path: `.tmp/screenshots/${name}-${viewport.width}.png`, fullPage: true });
        expect(await seriousAxeViolations(page), `${screen.path} at ${viewport.width} px`).toEqual([]);
      }
    });
  }
});
