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
  TRedirectResponse,
  TSubscription,
  TTestCardPayment,
  TTestCardPaymentResult,
} from '@shared/billing';
import { isApiError, readJson, sendJson } from '@web/lib/api';
import { refreshCurrentUser } from '@web/features/auth/queries';

export const BILLING_QUERY_KEY = ['billing'] as const;
export const SUBSCRIPTION_QUERY_KEY = ['billing', 'subscription'] as const;
export const INVOICES_QUERY_KEY = ['billing', 'invoices'] as const;
/** The quota panel's entitlements (selections feature); a plan change changes them. */
export const ENTITLEMENTS_QUERY_KEY = ['me', 'entitlements'] as const;

function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  return readJson<T>(fetch(url, { credentials: 'include', signal, headers: { Accept: 'application/json' } }));
}

export function checkoutSessionQuery(sessionId: string) {
  return queryOptions({
    queryKey: ['billing', 'checkout', sessionId] as const,
    queryFn: ({ signal }) =>
      getJson<TCheckoutSession>(`/api/billing/checkout/${encodeURIComponent(sessionId)}`, signal),
    staleTime: 0,
    // A missing, foreign or signed-out session is an answer, not a failure to retry.
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
  });
}

export const subscriptionQuery = queryOptions({
  queryKey: SUBSCRIPTION_QUERY_KEY,
  queryFn: ({ signal }) => getJson<TSubscription>('/api/billing/subscription', signal),
  staleTime: 0,
});

export const invoicesQuery = queryOptions({
  queryKey: INVOICES_QUERY_KEY,
  queryFn: ({ signal }) => getJson<TInvoiceList>('/api/billing/invoices', signal),
  staleTime: 0,
});

export function startCheckout(tier: TPaidTier): Promise<TRedirectResponse> {
  return sendJson<TRedirectResponse>('POST', '/api/billing/checkout', { tier });
}

export function payCheckout(sessionId: string, body: TTestCardPayment): Promise<TTestCardPaymentResult> {
  return sendJson<TTestCardPaymentResult>('POST', `/api/billing/checkout/${encodeURIComponent(sessionId)}/pay`, body);
}

export function changePlan(tier: TPaidTier): Promise<unknown> {
  return sendJson<unknown>('POST', '/api/billing/change-plan', { tier });
}

export function cancelSubscription(): Promise<unknown> {
  return sendJson<unknown>('POST', '/api/billing/cancel');
}

export function resumeSubscription(): Promise<unknown> {
  return sendJson<unknown>('POST', '/api/billing/resume');
}

export function openBillingPortal(): Promise<TRedirectResponse> {
  return sendJson<TRedirectResponse>('POST', '/api/billing/portal');
}

export function updatePaymentMethod(body: TTestCardPayment): Promise<unknown> {
  return sendJson<unknown>('POST', '/api/billing/payment-method', body);
}

/**
 * After anything that changes the plan (payment, plan change, cancel, resume): refetch the user record
 * (header badge, guards), the entitlements (quota panel) and every billing read.
 */
export async function refreshAfterPlanChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refreshCurrentUser(queryClient),
    queryClient.invalidateQueries({ queryKey: ENTITLEMENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
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
