/** Fixtures of the billing contract for the checkout, payment-result and billing tests. */
import type { TCheckoutSession, TInvoice, TSubscription } from '@shared/billing';
import { api, apiHref } from '@web/lib/api';

export const SESSION_ID = '8a4f1c2e-3b5d-4e6f-9a7b-1c2d3e4f5a6b';

export function makeSession(overrides: Partial<TCheckoutSession> = {}): TCheckoutSession {
  return {
    id: SESSION_ID,
    provider: 'test',
    tier: 'basic',
    planName: 'Basic Plan',
    amount: 599,
    currency: 'GBP',
    period: 'per month',
    customerEmail: 'ada@example.com',
    status: 'open',
    lastError: null,
    successUrl: `/payment-success?session_id=${SESSION_ID}`,
    cancelUrl: '/subscribe?tier=basic',
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<TSubscription> = {}): TSubscription {
  return {
    provider: 'test',
    tier: 'basic',
    status: 'active',
    planName: 'Basic Plan',
    currentPeriodEnd: '2025-04-03T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    nextChargeAt: '2025-04-03T10:00:00.000Z',
    nextChargeAmount: 599,
    currency: 'GBP',
    pendingTier: null,
    paymentMethod: { brand: 'visa', last4: '4242' },
    trialEndsAt: null,
    ...overrides,
  };
}

export function makeInvoice(overrides: Partial<TInvoice> = {}): TInvoice {
  const id = overrides.id ?? '0f0e0d0c-0b0a-4908-8706-050403020100';
  return {
    id,
    number: 'WB-0001',
    description: 'Basic Plan (3 Mar – 3 Apr 2025)',
    tier: 'basic',
    amountRefunded: 0,
    amountDue: 599,
    amountPaid: 599,
    currency: 'GBP',
    status: 'paid',
    periodStart: '2025-03-03T10:00:00.000Z',
    periodEnd: '2025-04-03T10:00:00.000Z',
    issuedAt: '2025-03-03T10:00:00.000Z',
    paidAt: '2025-03-03T10:00:05.000Z',
    receiptUrl: apiHref(api.billing.invoices[':id'].receipt.$path({ param: { id } })),
    ...overrides,
  };
}
