/**
 * /billing (signed in): the reader's plan and status, next charge, payment method, plan changes,
 * cancel and resume, and invoices with receipts. Reads GET /api/billing/subscription and
 * GET /api/billing/invoices; every change refetches them from the server. The selections feature's
 * quota panel (picks used, next reset, locks) sits under the plan for trial and paying readers.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { QuotaPanel } from '@web/features/selections/components/quota-panel';
import { TrialDeclinedNotice } from '@web/features/auth/components/trial-declined-notice';
import { InvoicesSection } from './components/invoices-section';
import { PaymentMethodSection } from './components/payment-method-section';
import { PlanSection } from './components/plan-section';
import { subscriptionQuery } from './queries';

export default function BillingPage() {
  useDocumentTitle('Billing');
  const subscription = useQuery(subscriptionQuery);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Billing</h1>
      <p className="mt-2 text-muted-foreground">Your plan, payments and receipts.</p>
      <TrialDeclinedNotice className="mt-6" />
      {subscription.isPending ? (
        <div role="status" className="mt-8 flex flex-col gap-6">
          <span className="sr-only">Loading your plan...</span>
          <Skeleton className="h-48 w-full rounded-xl" />
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
      ) : subscription.isError ? (
        <div
          role="alert"
          className="mt-8 flex flex-col items-center gap-4 rounded-xl border border-border bg-card p-8 text-center"
        >
          <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          <div>
            <p className="font-semibold">Your billing details could not be loaded.</p>
            <p className="mt-1 text-sm text-muted-foreground">Please check your connection and try again.</p>
          </div>
          <Button variant="outline" onClick={() => void subscription.refetch()} disabled={subscription.isFetching}>
            <RotateCw aria-hidden="true" className={subscription.isFetching ? 'animate-spin' : undefined} />
            {subscription.isFetching ? 'Retrying...' : 'Try again'}
          </Button>
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-6">
          <BillingSection id="billing-plan" title="Your plan">
            <PlanSection subscription={subscription.data} />
          </BillingSection>
          {subscription.data.tier !== 'free' ? <QuotaPanel className="p-5 sm:p-6" /> : null}
          {subscription.data.tier === 'basic' ||
          subscription.data.tier === 'premium' ||
          subscription.data.paymentMethod ? (
            <BillingSection id="billing-payment-method" title="Payment method">
              <PaymentMethodSection subscription={subscription.data} />
            </BillingSection>
          ) : null}
          <BillingSection id="billing-invoices" title="Invoices">
            <InvoicesSection />
          </BillingSection>
        </div>
      )}
    </div>
  );
}

function BillingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className="p-5 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </Card>
    </section>
  );
}
