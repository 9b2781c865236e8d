/**
 * Chooses the payments provider from configuration: Stripe when STRIPE_SECRET_KEY is set (env.ts then
 * requires the webhook secret and both price ids), otherwise the embedded test-mode provider, which in
 * production only with ALLOW_SIMULATED_PAYMENTS=true (its checkout upgrades any account for free). The test
 * provider's webhook secret is BILLING_WEBHOOK_SECRET or, when unset, one generated once into
 * <DATA_DIR>/billing-webhook-secret (mode 0600, docs/ARCHITECTURE.md#conventions).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { TEnv } from '../../env';
import type { PaymentsProvider } from './payments';
import { createStripePaymentsProvider } from './stripe-provider';
import { createSimulatedPaymentsProvider } from './simulated-provider';

export type { PaymentsProvider } from './payments';

export function loadOrCreateWebhookSecret(dataDir: string): string {
  const file = path.join(dataDir, 'billing-webhook-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = `wbsec_${randomBytes(32).toString('base64url')}`;
  // 'wx' never overwrites a secret another worker wrote first; re-read in that case.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

export function createPaymentsProvider(options: { env: TEnv; db: Db; now: () => Date }): PaymentsProvider {
  const { env } = options;
  if (env.stripe)
    return createStripePaymentsProvider({ ...env.stripe, publicUrl: env.publicUrl }, undefined, options.now);
  // env.ts refuses this configuration already; the adapter refuses too, so no other caller can get free plans.
  if (env.NODE_ENV === 'production' && !env.ALLOW_SIMULATED_PAYMENTS)
    throw new Error('Production needs Stripe (STRIPE_*) or ALLOW_SIMULATED_PAYMENTS=true for the test checkout');
  return createSimulatedPaymentsProvider({
    db: options.db,
    now: options.now,
    webhookSecret: env.BILLING_WEBHOOK_SECRET ?? loadOrCreateWebhookSecret(env.DATA_DIR),
  });
}
