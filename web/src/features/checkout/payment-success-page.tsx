/**
 * /payment-success?session_id=... (public): the outcome of a checkout, read from the server
 * (GET /api/billing/checkout/:id), never from the URL alone. A complete session refreshes the user
 * record, the entitlements and the billing reads so the header badge and guards see the new plan.
 * An open session without an error may still be confirming (a provider's webhook can lag), so it is
 * polled a few times before the page says the payment did not complete.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CircleCheck, CircleX, Info, RotateCw } from 'lucide-react';
import type { TCheckoutSession } from '@shared/billing';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { loginPathWithRedirect } from '@web/features/auth/redirects';
import { checkoutSessionQuery, refreshAfterPlanChange } from '@web/features/billing/queries';

export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_POLL_TRIES = 5;

export default function PaymentSuccessPage() {
  useDocumentTitle('Payment result');
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() ?? '';
  return (
    <div className="mx-auto w-full max-w-xl px-4 pb-16 pt-10 sm:px-6 md:pt-16">
      {sessionId ? <PaymentResult sessionId={sessionId} /> : <UnknownPayment />}
    </div>
  );
}

function isConfirming(session: TCheckoutSession | undefined, updates: number): boolean {
  return session?.status === 'open' && !session.lastError && updates < CONFIRM_POLL_TRIES;
}

function PaymentResult({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    ...checkoutSessionQuery(sessionId),
    refetchInterval: (query) => (isConfirming(query.state.data, query.state.dataUpdateCount) ? CONFIRM_POLL_MS : false),
  });
  const isComplete = session.data?.status === 'complete';
  const hasRefreshed = useRef(false);

  useEffect(() => {
    if (!isComplete || hasRefreshed.current) return;
    hasRefreshed.current = true;
    void refreshAfterPlanChange(queryClient);
  }, [isComplete, queryClient]);

  if (session.isPending) return <Spinner label="Confirming your payment..." className="py-16" />;

  if (session.isError) {
    const status = isApiError(session.error) ? session.error.status : 0;
    if (status === 401) {
      const here = `/payment-success?${new URLSearchParams({ session_id: sessionId }).toString()}`;
      return (
        <ResultPanel icon={<Info className="text-muted-foreground" />} title="Sign in to see your payment">
          <p>Your payment result is shown to the account that paid.</p>
          <Actions>
            <Button asChild>
              <Link to={loginPathWithRedirect(here)}>Sign in</Link>
            </Button>
          </Actions>
        </ResultPanel>
      );
    }
    if ([400, 403, 404].includes(status)) return <UnknownPayment />;
    return (
      <ResultPanel
        icon={<AlertTriangle className="text-destructive" />}
        title="We couldn't check your payment"
        role="alert"
      >
        <p>Please check your connection and try again. If you paid, your plan is safe: nothing is lost.</p>
        <Actions>
          <Button variant="outline" onClick={() => void session.refetch()} disabled={session.isFetching}>
            <RotateCw aria-hidden="true" className={session.isFetching ? 'animate-spin' : undefined} />
            {session.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </Actions>
      </ResultPanel>
    );
  }

  const data = session.data;
  if (data.status === 'complete') {
    return (
      <ResultPanel
        icon={<CircleCheck className="text-primary" />}
        title={`Payment successful — welcome to the ${data.planName}`}
      >
        <p>
          Your {data.planName} is active. A receipt is on its way to{' '}
          <span className="font-medium text-foreground">{data.customerEmail}</span>.
        </p>
        <Actions>
          <Button asChild>
            <Link to="/library">Go to My Library</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/bookstore">Browse the bookstore</Link>
          </Button>
        </Actions>
        <p className="mt-4 text-sm">
          <Link to="/billing" className="underline underline-offset-4">
            View billing and receipts
          </Link>
        </p>
      </ResultPanel>
    );
  }

  // Reading dataUpdatedAt subscribes this render to every poll, so the count below stays current.
  const updates = session.dataUpdatedAt > 0 ? countUpdates(queryClient, sessionId) : 0;
  if (isConfirming(data, updates)) {
    return <Spinner label="Confirming your payment..." className="py-16" />;
  }

  const retryPath =
    data.status === 'open' && data.provider === 'test'
      ? `/checkout/test/${encodeURIComponent(data.id)}`
      : `/subscribe?tier=${data.tier}`;
  return (
    <ResultPanel icon={<CircleX className="text-destructive" />} title="Payment not completed">
      <p>
        {data.status === 'expired'
          ? 'This checkout expired before a payment was made. No money was taken.'
          : data.lastError
            ? `${data.lastError} No money was taken.`
            : "We haven't received a payment for this checkout. No money was taken."}
      </p>
      <Actions>
        <Button asChild>
          <Link to={retryPath}>{data.status === 'expired' ? 'Start a new checkout' : 'Try the payment again'}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/subscribe">See the plans</Link>
        </Button>
      </Actions>
    </ResultPanel>
  );
}

function countUpdates(queryClient: ReturnType<typeof useQueryClient>, sessionId: string): number {
  return queryClient.getQueryState(checkoutSessionQuery(sessionId).queryKey)?.dataUpdateCount ?? 0;
}

function UnknownPayment() {
  return (
    <ResultPanel icon={<Info className="text-muted-foreground" />} title="No payment to show">
      <p>We couldn't find a payment for this link. If you were subscribing, choose a plan to start again.</p>
      <Actions>
        <Button asChild>
          <Link to="/subscribe">See the plans</Link>
        </Button>
      </Actions>
    </ResultPanel>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">{children}</div>;
}

function ResultPanel({
  icon,
  title,
  role,
  children,
}: {
  icon: ReactNode;
  title: string;
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <Card role={role} className="flex flex-col items-center p-8 text-center [&>svg]:size-12">
      {icon}
      <h1 className="mt-4 font-serif text-2xl font-bold">{title}</h1>
      <div className="mt-3 text-muted-foreground">{children}</div>
    </Card>
  );
}
