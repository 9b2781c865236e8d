/**
 * The billing calls (shared/billing.ts contract): checkout sessions, the test-mode card payment, the
 * subscription, plan changes, cancel/resume, the billing portal, the saved card and invoices. Reads
 * are cached under ['billing', ...] so one prefix invalidation refreshes every billing screen after a
 * change; the server is the only source of plan and payment state.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  TCheckoutSession,
  TInvoiceList,
  TPaidTier,
  TPlanQuote,
  TRedirectResponse,
  TSubscription,
  TTestCardPayment,
  TTestCardPaymentResult,
} from '@shared/billing';
import { api, encodeParams, isApiError, readJson, withSignal } from '@web/lib/api';
import { refreshCurrentUser } from '@web/features/auth/queries';
import { selectionsKeys } from '@web/features/selections/queries';

export const billingKeys = {
  all: ['billing'] as const,
  subscription: ['billing', 'subscription'] as const,
  invoices: ['billing', 'invoices'] as const,
  checkout: (sessionId: string) => [...billingKeys.all, 'checkout', sessionId] as const,
  quote: (tier: TPaidTier) => [...billingKeys.all, 'quote', tier] as const,
};

/** What choosing `tier` costs today and next, computed by the server (GET /api/billing/quote). */
export function planQuoteQuery(tier: TPaidTier) {
  return queryOptions({
    queryKey: billingKeys.quote(tier),
    queryFn: ({ signal }) => readJson<TPlanQuote>(api.billing.quote.$get({ query: { tier } }, withSignal(signal))),
    // Proration moves with the clock: ask again each time a dialog opens.
    staleTime: 0,
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
  });
}

export function checkoutSessionQuery(sessionId: string) {
  return queryOptions({
    queryKey: billingKeys.checkout(sessionId),
    queryFn: ({ signal }) =>
      readJson<TCheckoutSession>(
        api.billing.checkout[':sessionId'].$get({ param: encodeParams({ sessionId }) }, withSignal(signal)),
      ),
    staleTime: 0,
    // A missing, foreign or signed-out session is an answer, not a failure to retry.
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
  });
}

export const subscriptionQuery = queryOptions({
  queryKey: billingKeys.subscription,
  queryFn: ({ signal }) => readJson<TSubscription>(api.billing.subscription.$get(undefined, withSignal(signal))),
  staleTime: 0,
});

export const invoicesQuery = queryOptions({
  queryKey: billingKeys.invoices,
  queryFn: ({ signal }) => readJson<TInvoiceList>(api.billing.invoices.$get(undefined, withSignal(signal))),
  staleTime: 0,
});

export function startCheckout(tier: TPaidTier): Promise<TRedirectResponse> {
  return readJson<TRedirectResponse>(api.billing.checkout.$post({ json: { tier } }));
}

export function payCheckout(sessionId: string, body: TTestCardPayment): Promise<TTestCardPaymentResult> {
  return readJson<TTestCardPaymentResult>(
    api.billing.checkout[':sessionId'].pay.$post({ param: encodeParams({ sessionId }), json: body }),
  );
}

export function changePlan(tier: TPaidTier): Promise<unknown> {
  return readJson<unknown>(api.billing['change-plan'].$post({ json: { tier } }));
}

export function cancelSubscription(): Promise<unknown> {
  return readJson<unknown>(api.billing.cancel.$post());
}

export function resumeSubscription(): Promise<unknown> {
  return readJson<unknown>(api.billing.resume.$post());
}

export function openBillingPortal(): Promise<TRedirectResponse> {
  return readJson<TRedirectResponse>(api.billing.portal.$post());
}

export function updatePaymentMethod(body: TTestCardPayment): Promise<unknown> {
  return readJson<unknown>(api.billing['payment-method'].$post({ json: body }));
}

/**
 * After anything that changes the plan (payment, plan change, cancel, resume): refetch the user record
 * (header badge, guards), the entitlements (quota panel) and every billing read.
 */
export async function refreshAfterPlanChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refreshCurrentUser(queryClient),
    queryClient.invalidateQueries({ queryKey: selectionsKeys.entitlements }),
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  ]);
}

/**
 * The in-app path of a URL on this origin (the test-mode checkout, /payment-success, the test
 * portal's /billing?payment-method=update), or null for another origin (Stripe).
 */
export function sameOriginPath(url: string): string | null {
  try {
    const target = new URL(url, window.location.href);
    if (target.origin !== window.location.origin) return null;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return null;
  }
}

/** Sends the browser to a provider URL: in-app navigation when same-origin, a full page load otherwise. */
export function followProviderUrl(url: string, navigate: (path: string) => unknown): void {
  const path = sameOriginPath(url);
  if (path) void navigate(path);
  else window.location.assign(url);
}

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** A date in the reader's locale ("3 March 2025"), or '' for a missing or bad value. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}
