/**
 * The reader's plan on /billing: plan and status, next charge or access end, a pending downgrade, and
 * the actions the status allows (upgrade now, downgrade at period end, cancel, resume). Trial and
 * free readers see their status and a way to choose a plan. Every action refetches the server state.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowDown, ArrowUp } from 'lucide-react';
import { formatMoney, type TPaidTier, type TSubscription } from '@shared/billing';
import { TIER_LABELS } from '@shared/tiers';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { plansQueryOptions } from '@web/features/billing/plan-queries';
import { cancelSubscription, changePlan, formatDate, refreshAfterPlanChange, resumeSubscription } from '../queries';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { PlanQuote } from './plan-quote';

export type TPlanState = 'none' | 'trial' | 'active' | 'cancelling' | 'past_due' | 'inactive';

export function planState(subscription: TSubscription, now = Date.now()): TPlanState {
  if (subscription.tier === 'free') return 'none';
  if (subscription.tier === 'trial') return 'trial';
  if (subscription.status === 'past_due') return 'past_due';
  if (subscription.status === 'cancelled' || subscription.cancelAtPeriodEnd) {
    const end = subscription.currentPeriodEnd ? Date.parse(subscription.currentPeriodEnd) : Number.NaN;
    return end > now ? 'cancelling' : 'inactive';
  }
  return subscription.status === 'active' ? 'active' : 'inactive';
}

const STATUS_LABELS: Record<TPlanState, string> = {
  none: 'No plan',
  trial: 'Free trial',
  active: 'Active',
  cancelling: 'Cancelled',
  past_due: 'Past due',
  inactive: 'Inactive',
};

function planLabel(tier: TPaidTier): string {
  return `${TIER_LABELS[tier]} Plan`;
}

/** A billing action: refresh everything the plan touches on success, a toast either way. */
function usePlanAction<TVariables>(
  action: (variables: TVariables) => Promise<unknown>,
  success: { title: string; description?: string },
  failureTitle: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      toast(success);
      await refreshAfterPlanChange(queryClient);
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: failureTitle,
        description: describeError(error) || 'Something went wrong. Please try again.',
      });
    },
  });
}

export function PlanSection({ subscription }: { subscription: TSubscription }) {
  const state = planState(subscription);
  const plans = useQuery(plansQueryOptions());
  const priceOf = (tier: TPaidTier) => plans.data?.find((plan) => plan.tier === tier);
  const periodEnd = formatDate(subscription.currentPeriodEnd);

  const cancel = usePlanAction(
    () => cancelSubscription(),
    { title: 'Subscription cancelled', description: periodEnd ? `You keep access until ${periodEnd}.` : undefined },
    'Subscription not cancelled',
  );
  const resume = usePlanAction(
    () => resumeSubscription(),
    { title: 'Subscription resumed', description: 'Your plan will renew as usual.' },
    'Subscription not resumed',
  );
  const change = usePlanAction((tier: TPaidTier) => changePlan(tier), { title: 'Plan changed' }, 'Plan not changed');

  const name = subscription.planName ?? (state === 'trial' ? 'Free Trial' : 'No plan');
  const paidTier = subscription.tier === 'basic' || subscription.tier === 'premium' ? subscription.tier : null;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-serif text-2xl font-bold">{name}</p>
        <Badge variant={state === 'active' ? 'default' : state === 'past_due' ? 'accent' : 'outline'}>
          {STATUS_LABELS[state]}
        </Badge>
      </div>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {state === 'active' && subscription.nextChargeAt && subscription.nextChargeAmount !== null ? (
          <Detail term="Next charge">
            {formatMoney(subscription.nextChargeAmount, subscription.currency)} on{' '}
            {formatDate(subscription.nextChargeAt)}
          </Detail>
        ) : null}
        {state === 'cancelling' ? <Detail term="Access until">{periodEnd}</Detail> : null}
        {state === 'trial' && subscription.trialEndsAt ? (
          <Detail term="Trial ends">{formatDate(subscription.trialEndsAt)}</Detail>
        ) : null}
        {state === 'past_due' && subscription.currentPeriodEnd ? (
          <Detail term="Period ended">{periodEnd}</Detail>
        ) : null}
      </dl>

      {subscription.pendingTier && state === 'active' ? (
        <p className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm">
          <ArrowDown className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Your plan changes to the {planLabel(subscription.pendingTier)} on {periodEnd}. You keep your current plan
            until then.
          </span>
        </p>
      ) : null}

      {state === 'cancelling' ? (
        <p className="rounded-lg bg-muted p-3 text-sm">
          Your subscription is cancelled — access until {periodEnd}. You won't be charged again. Resume before then to
          keep your plan.
        </p>
      ) : null}

      {state === 'past_due' ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>Your last payment didn't go through. Update your payment method to keep reading.</span>
        </p>
      ) : null}

      {state === 'trial' ? (
        <p className="text-sm text-muted-foreground">
          You're on the 7-day free trial. Choose a plan to keep reading after it ends.
        </p>
      ) : null}
      {state === 'none' || state === 'inactive' ? (
        <p className="text-sm text-muted-foreground">
          You don't have an active plan. Choose one to read the whole library.
        </p>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {state === 'trial' || state === 'none' || state === 'inactive' ? (
          <Button asChild>
            <Link to="/subscribe">Choose a plan</Link>
          </Button>
        ) : null}

        {state === 'active' && paidTier === 'basic' ? (
          <ConfirmDialog
            trigger={
              <Button type="button">
                <ArrowUp aria-hidden="true" />
                Upgrade to Premium
              </Button>
            }
            title="Upgrade to Premium?"
            cancelLabel="Go back"
            confirmLabel="Upgrade now"
            pendingLabel="Upgrading..."
            onConfirm={() => change.mutateAsync('premium')}
            keepOpenOnError
          >
            <p>Premium starts straight away: every book, with no picks needed.</p>
            <PlanQuote tier="premium" />
          </ConfirmDialog>
        ) : null}

        {state === 'active' && paidTier === 'premium' && !subscription.pendingTier ? (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline">
                <ArrowDown aria-hidden="true" />
                Switch to Basic
              </Button>
            }
            title="Switch to Basic at the end of this period?"
            cancelLabel="Go back"
            confirmLabel="Switch at period end"
            pendingLabel="Switching..."
            onConfirm={() => change.mutateAsync('basic')}
            keepOpenOnError
          >
            <p>
              You keep Premium until {periodEnd || 'the end of this billing period'}. Then your plan changes to Basic.
            </p>
            <p>
              Basic lets you pick up to 10 books per billing cycle
              {priceOf('basic') ? ` for ${priceOf('basic')?.price} ${priceOf('basic')?.period}` : ''}.
            </p>
            <PlanQuote tier="basic" />
          </ConfirmDialog>
        ) : null}

        {state === 'active' && paidTier && subscription.pendingTier ? (
          <Button type="button" variant="outline" onClick={() => change.mutate(paidTier)} disabled={change.isPending}>
            {change.isPending ? 'Saving...' : `Keep the ${planLabel(paidTier)}`}
          </Button>
        ) : null}

        {(state === 'active' || state === 'past_due') && paidTier ? (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline">
                Cancel subscription
              </Button>
            }
            title="Cancel your subscription?"
            cancelLabel="Keep my plan"
            confirmLabel="Cancel subscription"
            pendingLabel="Cancelling..."
            confirmVariant="destructive"
            onConfirm={() => cancel.mutateAsync(undefined)}
            keepOpenOnError
          >
            <p>
              You keep access to the {name} until {periodEnd || 'the end of this billing period'}, and you won't be
              charged again.
            </p>
            <p>You can resume any time before then.</p>
          </ConfirmDialog>
        ) : null}

        {state === 'cancelling' ? (
          <Button type="button" onClick={() => resume.mutate(undefined)} disabled={resume.isPending}>
            {resume.isPending ? 'Resuming...' : 'Resume subscription'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}
