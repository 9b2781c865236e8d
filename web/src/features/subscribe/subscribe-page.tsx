/**
 * /subscribe?tier=basic|premium: the plans, with the chosen paid plan highlighted and summarised.
 * The choice lives in the URL so links from the landing page and book pages arrive pre-selected.
 * Signed-in readers without a paid plan continue to payment from the summary (POST
 * /api/billing/checkout, then the provider's checkout page); readers who already pay are sent to
 * Billing for plan changes; signed-out visitors sign in (and come back here) or register first.
 */
import { PlanQuote } from '@web/features/billing/components/plan-quote';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AlertCircle, Check, CircleCheck, Info, Lock } from 'lucide-react';
import type { TPlan } from '@shared/catalogue';
import type { TCurrentUser } from '@shared/auth';
import { hasValidAccess } from '@shared/access';
import { Button } from '@web/components/ui/button';
import { describeError, isApiError } from '@web/lib/api';
import { useCurrentUser } from '@web/features/auth/queries';
import { TrialDeclinedNotice } from '@web/features/auth/components/trial-declined-notice';
import { loginPathWithRedirect } from '@web/features/auth/redirects';
import { followProviderUrl, formatDate, startCheckout } from '@web/features/billing/queries';
import { useSeo } from '../seo/use-seo';
import { effectiveTier } from '../catalogue/book-access';
import { PLAN_GRID, PlanCard } from './components/plan-card';
import { PlanQueryState } from './components/plan-query-state';
import { plansQueryOptions } from '@web/features/billing/plan-queries';

export type TPaidTier = 'basic' | 'premium';

export function parseTierParam(value: string | null): TPaidTier | null {
  return value === 'basic' || value === 'premium' ? value : null;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export default function SubscribePage() {
  useSeo('subscribe');
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedTier = parseTierParam(searchParams.get('tier'));
  const plans = useQuery(plansQueryOptions());
  const { user, isAuthenticated } = useCurrentUser();

  const cardRefs = useRef(new Map<string, HTMLDivElement>());
  const summaryRef = useRef<HTMLElement>(null);
  const scrollTarget = useRef<'card' | 'summary'>('card');

  const selectedPlan = plans.data?.find((plan) => plan.tier === selectedTier) ?? null;

  // Arriving with ?tier brings that card into view; choosing a plan here brings the summary into view.
  useEffect(() => {
    if (!selectedPlan) return;
    const behavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const node = scrollTarget.current === 'summary' ? summaryRef.current : cardRefs.current.get(selectedPlan.tier);
    node?.scrollIntoView?.({ behavior, block: 'nearest' });
  }, [selectedPlan]);

  function selectTier(tier: TPaidTier) {
    scrollTarget.current = 'summary';
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tier', tier);
        return next;
      },
      { preventScrollReset: true },
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pb-16 pt-8 sm:px-6 md:pt-12 lg:px-8">
      <header className="mx-auto mb-10 flex max-w-2xl flex-col items-center gap-3 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">Plans</p>
        <h1 className="font-serif text-3xl font-bold tracking-tight md:text-5xl">Choose your plan</h1>
        <p className="text-muted-foreground md:text-lg">
          Start with a 7-day free trial, or pick the plan that fits how much you read.
        </p>
        <TrialDeclinedNotice className="mt-2 text-left" />
      </header>

      <PlanQueryState plans={plans}>
        {(items) => (
          <>
            <ul className={PLAN_GRID} aria-label="Plans">
              {items.map((plan) => {
                const isSelected = plan.tier === selectedTier;
                return (
                  <li key={plan.id}>
                    <PlanCard
                      ref={(node) => {
                        if (node) cardRefs.current.set(plan.tier, node);
                        else cardRefs.current.delete(plan.tier);
                      }}
                      plan={plan}
                      headingLevel={2}
                      isSelected={isSelected}
                      action={<PlanAction plan={plan} user={user} isSelected={isSelected} onSelect={selectTier} />}
                    />
                  </li>
                );
              })}
            </ul>

            <section
              ref={summaryRef}
              aria-labelledby="summary-title"
              aria-live="polite"
              className="mx-auto mt-12 max-w-2xl scroll-mt-24 rounded-xl border border-border bg-card p-6 shadow-sm md:p-8"
            >
              {selectedPlan ? (
                <PlanSummary plan={selectedPlan} user={user} isAuthenticated={isAuthenticated} />
              ) : (
                <>
                  <h2 id="summary-title" className="font-serif text-xl font-semibold">
                    Plan summary
                  </h2>
                  <p className="mt-2 text-muted-foreground">
                    Choose Basic or Premium above to see a summary of what's included.
                  </p>
                </>
              )}
            </section>
          </>
        )}
      </PlanQueryState>
    </div>
  );
}

/** The paid tier a signed-in reader already has (active, cancelled until the period end, or past due). */
export function currentPaidTier(user: TCurrentUser | null, now = new Date()): TPaidTier | null {
  if (!user || (user.subscriptionTier !== 'basic' && user.subscriptionTier !== 'premium')) return null;
  return hasValidAccess(user, now) || user.subscriptionStatus === 'past_due' ? user.subscriptionTier : null;
}

function PlanAction({
  plan,
  user,
  isSelected,
  onSelect,
}: {
  plan: TPlan;
  user: TCurrentUser | null;
  isSelected: boolean;
  onSelect: (tier: TPaidTier) => void;
}) {
  if (plan.tier === 'trial') {
    if (!user) {
      return (
        <Button asChild variant="outline" size="lg">
          <Link to="/auth/register">Start Free Trial</Link>
        </Button>
      );
    }
    const isOnTrial = effectiveTier(user) === 'trial';
    return (
      <div className="flex flex-col gap-2 text-center">
        <Button variant="outline" size="lg" disabled>
          {isOnTrial ? 'Your current plan' : 'For new accounts'}
        </Button>
        <p className="text-xs text-muted-foreground">{trialStatus(user, isOnTrial)}</p>
      </div>
    );
  }
  const tier = plan.tier;
  if (currentPaidTier(user) === tier) {
    return (
      <div className="flex flex-col gap-2 text-center">
        <Button variant="outline" size="lg" disabled>
          Your current plan
        </Button>
        <Link to="/billing" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Manage in Billing
        </Link>
      </div>
    );
  }
  return (
    <Button
      type="button"
      size="lg"
      variant={isSelected ? 'default' : plan.badge ? 'default' : 'outline'}
      aria-pressed={isSelected}
      onClick={() => onSelect(tier)}
    >
      {isSelected ? (
        <>
          <Check aria-hidden="true" />
          {plan.name} selected
        </>
      ) : (
        `Choose ${plan.name}`
      )}
    </Button>
  );
}

function trialStatus(user: TCurrentUser, isOnTrial: boolean): string {
  if (isOnTrial) {
    const ends = formatDate(user.trialEndsAt ?? user.freeTrialEndedAt);
    return ends ? `Your free trial ends on ${ends}.` : 'You are on the free trial.';
  }
  if (user.subscriptionTier === 'trial' || user.freeTrialEndedAt || user.trialEndsAt)
    return 'Your free trial has ended.';
  // The notice above the plans says why this account has none (docs/product/trial-policy.md).
  if (user.trialDeclined) return 'This account does not include a free trial.';
  return 'The free trial comes with every new account.';
}

function PlanSummary({
  plan,
  user,
  isAuthenticated,
}: {
  plan: TPlan;
  user: TCurrentUser | null;
  isAuthenticated: boolean;
}) {
  const paidTier = currentPaidTier(user);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">Plan summary</p>
        <h2 id="summary-title" className="font-serif text-2xl font-bold">
          {plan.name}
        </h2>
        <p className="text-lg">
          <span className="font-semibold">{plan.price}</span>{' '}
          <span className="text-muted-foreground">{plan.period}</span>
        </p>
      </div>

      <div>
        <h3 className="mb-2 font-semibold">What's included</h3>
        <ul className="space-y-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>

      {!isAuthenticated || !user ? (
        <div className="flex flex-col gap-3 rounded-lg bg-muted p-4">
          <p className="flex items-start gap-2 text-sm">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>You will be asked to sign in or create an account first.</span>
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild>
              <Link to="/auth/register">Create an account</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={loginPathWithRedirect(`/subscribe?tier=${plan.tier}`)}>Sign in</Link>
            </Button>
          </div>
        </div>
      ) : paidTier === plan.tier ? (
        <div className="flex flex-col gap-3 rounded-lg bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">This is your current plan.</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild variant="outline">
              <Link to="/library">Go to My Library</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/billing">Go to Billing</Link>
            </Button>
          </div>
        </div>
      ) : paidTier ? (
        <div className="flex flex-col gap-3 rounded-lg bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            You already have a plan. Change plans in Billing: an upgrade starts at once, a downgrade at the end of your
            billing period.
          </p>
          <Button asChild>
            <Link to="/billing">Go to Billing</Link>
          </Button>
        </div>
      ) : plan.tier === 'basic' || plan.tier === 'premium' ? (
        <ContinueToPayment tier={plan.tier} />
      ) : null}
    </div>
  );
}

function ContinueToPayment({ tier }: { tier: TPaidTier }) {
  const navigate = useNavigate();
  const checkout = useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => followProviderUrl(url, navigate),
  });
  const error = checkout.error;
  const isAlreadyOnPlan = isApiError(error) && error.status === 409;
  // Stays pending while a full-page redirect to another origin loads.
  const isBusy = checkout.isPending || checkout.isSuccess;
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-muted p-4">
      <PlanQuote tier={tier} className="bg-background" />
      {error ? (
        <div role="alert" className="flex items-start gap-2 text-sm font-medium text-destructive">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {describeError(error) || 'The checkout could not be started. Please try again.'}
            {isAlreadyOnPlan ? (
              <>
                {' '}
                <Link to="/billing" className="underline underline-offset-4">
                  Go to Billing
                </Link>
              </>
            ) : null}
          </span>
        </div>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">You'll pay securely on the next page. Cancel any time.</p>
        <Button type="button" size="lg" onClick={() => checkout.mutate(tier)} disabled={isBusy}>
          <Lock aria-hidden="true" />
          {isBusy ? 'Starting checkout...' : 'Continue to payment'}
        </Button>
      </div>
    </div>
  );
}
