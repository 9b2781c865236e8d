/**
 * /checkout/test/:sessionId (signed in): the hosted checkout page of the embedded test-mode payment
 * provider (docs/product/decisions.md#9). It behaves like a payment provider's page: an order summary, a card
 * form, decline messages shown inline, and on success the provider's redirect to /payment-success.
 * No real payment is ever taken; the test cards are listed for testers.
 */
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertCircle, AlertTriangle, CircleCheck, Clock, CreditCard, FlaskConical, Lock, RotateCw } from 'lucide-react';
import { TEST_CARDS, formatMoney, type TCheckoutSession, type TTestCardPayment } from '@shared/billing';
import { ZTestCardPayment } from '@shared/billing.schemas';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { describeError, isApiError } from '@web/lib/api';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { checkoutSessionQuery, followProviderUrl, payCheckout, sameOriginPath } from '@web/features/billing/queries';
import { CARD_FIELDS, CardFields, EMPTY_CARD, testCardValues, type TCardForm } from '@web/components/forms/card-fields';
import { useCurrentUser } from '@web/features/auth/queries';

export const TEST_MODE_LABEL = 'Test mode — no real payment';

const TEST_CARD_ROWS: { number: string; result: string }[] = [
  { number: TEST_CARDS.succeeds, result: 'Payment succeeds' },
  { number: TEST_CARDS.declined, result: 'Card declined' },
  { number: TEST_CARDS.insufficientFunds, result: 'Insufficient funds' },
];

export function paymentSuccessPath(sessionId: string): string {
  return `/payment-success?${new URLSearchParams({ session_id: sessionId }).toString()}`;
}

export default function SimulatedCheckoutPage() {
  useDocumentTitle('Checkout');
  const { sessionId = '' } = useParams();
  const session = useQuery(checkoutSessionQuery(sessionId));

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pb-16 pt-6 sm:px-6 md:pt-10">
      <p className="mb-6 flex items-center justify-center gap-2 rounded-lg border border-dashed border-amber-500/70 bg-amber-50 px-4 py-2 text-center text-sm font-semibold text-amber-900">
        <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
        {TEST_MODE_LABEL}
      </p>
      {session.isPending ? (
        <CheckoutSkeleton />
      ) : session.isError ? (
        isApiError(session.error) && [400, 401, 403, 404].includes(session.error.status) ? (
          <StatusPanel icon={<AlertTriangle className="text-destructive" />} title="Checkout not found">
            <p>This checkout link is not valid for your account. Start again from the plans.</p>
            <Button asChild className="mt-4">
              <Link to="/subscribe">See the plans</Link>
            </Button>
          </StatusPanel>
        ) : (
          <StatusPanel
            icon={<AlertTriangle className="text-destructive" />}
            title="The checkout could not be loaded"
            role="alert"
          >
            <p>Please check your connection and try again.</p>
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => void session.refetch()}
              disabled={session.isFetching}
            >
              <RotateCw aria-hidden="true" className={session.isFetching ? 'animate-spin' : undefined} />
              {session.isFetching ? 'Retrying...' : 'Try again'}
            </Button>
          </StatusPanel>
        )
      ) : session.data.status === 'complete' ? (
        <StatusPanel icon={<CircleCheck className="text-primary" />} title="This checkout is already paid">
          <p>Your payment for the {session.data.planName} went through.</p>
          <Button asChild className="mt-4">
            <Link to={paymentSuccessPath(session.data.id)}>See your payment result</Link>
          </Button>
        </StatusPanel>
      ) : session.data.status === 'expired' ? (
        <StatusPanel icon={<Clock className="text-muted-foreground" />} title="This checkout has expired">
          <p>No payment was taken. Start a new checkout to subscribe to the {session.data.planName}.</p>
          <Button asChild className="mt-4">
            <Link to={`/subscribe?tier=${session.data.tier}`}>Start again</Link>
          </Button>
        </StatusPanel>
      ) : (
        <OpenCheckout session={session.data} onStale={() => void session.refetch()} />
      )}
    </div>
  );
}

function OpenCheckout({ session, onStale }: { session: TCheckoutSession; onStale: () => void }) {
  const navigate = useNavigate();
  const price = formatMoney(session.amount, session.currency);
  const [failure, setFailure] = useState<string | null>(session.lastError);
  const { user } = useCurrentUser();
  const cardholder = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || 'Test Reader';
  const form = useForm<TCardForm, unknown, TTestCardPayment>({
    resolver: zodResolver(ZTestCardPayment),
    defaultValues: EMPTY_CARD,
  });

  const pay = useMutation({
    mutationFn: (body: TTestCardPayment) => payCheckout(session.id, body),
    onMutate: () => setFailure(null),
    onSuccess: (result) => {
      if (result.outcome === 'succeeded') {
        followProviderUrl(result.redirectUrl ?? paymentSuccessPath(session.id), navigate);
        return;
      }
      setFailure(result.message || 'Your card was declined.');
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, CARD_FIELDS) > 0) return;
      setFailure(describeError(error) || 'Something went wrong. Please try again.');
      // The session may have been paid or expired meanwhile (another tab): show its real state.
      if (isApiError(error) && (error.status === 409 || error.status === 410)) onStale();
    },
  });

  const cancelPath = sameOriginPath(session.cancelUrl);
  // Stays busy after a success while the browser goes to the result page.
  const isBusy = pay.isPending || pay.data?.outcome === 'succeeded';

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex flex-col gap-6">
        <section aria-labelledby="order-title">
          <Card className="p-5 sm:p-6">
            <h2 id="order-title" className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">
              Order summary
            </h2>
            <p className="mt-3 font-serif text-2xl font-bold">{session.planName}</p>
            <p className="mt-1">
              <span className="text-2xl font-semibold">{price}</span>{' '}
              <span className="text-muted-foreground">{session.period}</span>
            </p>
            <dl className="mt-4 grid gap-1 text-sm">
              <dt className="text-muted-foreground">Billed to</dt>
              <dd className="break-all font-medium">{session.customerEmail}</dd>
            </dl>
            <p className="mt-4 text-xs text-muted-foreground">
              Renews every month until you cancel. Cancel any time in Billing.
            </p>
          </Card>
        </section>
        <section
          aria-labelledby="test-cards-title"
          className="rounded-xl border border-dashed border-border bg-muted/50 p-5 text-sm"
        >
          <h2 id="test-cards-title" className="font-semibold">
            Test cards
          </h2>
          <p className="mt-1 text-muted-foreground">Use any future expiry date, any 3-digit CVC and any name.</p>
          <ul className="mt-3 flex flex-col gap-2">
            {TEST_CARD_ROWS.map((card) => (
              <li key={card.number} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-mono">{card.number}</span>
                  <span className="block text-xs text-muted-foreground">{card.result}</span>
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Use test card ${card.number}`}
                  onClick={() => {
                    // Every field, so one tap makes a payable form (docs/product/plans-and-picks.md#test-checkout).
                    const values = testCardValues(card.number, form.getValues('nameOnCard'), cardholder);
                    for (const field of CARD_FIELDS)
                      form.setValue(field, values[field], {
                        shouldDirty: true,
                        shouldValidate: form.formState.isSubmitted,
                      });
                  }}
                >
                  Use
                </Button>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="pay-title">
        <Card className="p-5 sm:p-6">
          <h1 id="pay-title" className="flex items-center gap-2 text-xl font-semibold">
            <CreditCard className="size-5" aria-hidden="true" />
            Pay with card
          </h1>
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => pay.mutate(values))}
            className="mt-5 flex flex-col gap-4"
          >
            {failure ? (
              <div
                role="alert"
                className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
              >
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{failure}</span>
              </div>
            ) : null}
            <fieldset disabled={isBusy} className="contents">
              <CardFields form={form} idPrefix="checkout" />
            </fieldset>
            <Button type="submit" size="lg" className="mt-2 w-full" disabled={isBusy}>
              <Lock aria-hidden="true" />
              {isBusy ? 'Processing...' : `Pay ${price}`}
            </Button>
          </form>
          <p className="mt-4 text-center text-sm">
            {cancelPath ? (
              <Link to={cancelPath} className="text-muted-foreground underline-offset-4 hover:underline">
                Cancel and go back
              </Link>
            ) : (
              <a href={session.cancelUrl} className="text-muted-foreground underline-offset-4 hover:underline">
                Cancel and go back
              </a>
            )}
          </p>
        </Card>
      </section>
    </div>
  );
}

function StatusPanel({
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
    <Card role={role} className="mx-auto flex max-w-lg flex-col items-center p-8 text-center [&>svg]:size-10">
      {icon}
      <h1 className="mt-3 text-xl font-semibold">{title}</h1>
      <div className="mt-2 text-muted-foreground">{children}</div>
    </Card>
  );
}

function CheckoutSkeleton() {
  return (
    <div role="status" className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <span className="sr-only">Loading checkout...</span>
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-80 w-full rounded-xl" />
    </div>
  );
}
