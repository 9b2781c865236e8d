import { Link } from 'react-router-dom';
import { START_TRIAL_STATE } from '@web/features/auth/redirects';
import { useQuery } from '@tanstack/react-query';
import type { TPlan } from '@shared/catalogue';
import { Button } from '@web/components/ui/button';
import { plansQueryOptions } from '@web/features/billing/plan-queries';
import { PLAN_GRID, PlanCard } from '../../subscribe/components/plan-card';
import { PlanQueryState } from '../../subscribe/components/plan-query-state';
import { Section, SectionHeader } from './section-header';

/**
 * Pricing buttons (docs/product/routes-and-screens.md#landing-page): the trial signs in; Basic and Premium open
 * /subscribe with the tier.
 */
export function landingPlanAction(plan: TPlan): { to: string; label: string } {
  if (plan.tier === 'trial') return { to: '/auth/login', label: 'Start Free Trial' };
  return { to: `/subscribe?tier=${plan.tier}`, label: `Choose ${plan.name}` };
}

export function PricingSection() {
  const plans = useQuery(plansQueryOptions());

  return (
    <Section id="pricing" labelledBy="pricing-title" isFocusTarget className="bg-muted/50">
      <SectionHeader id="pricing-title" eyebrow="Pricing" title="Simple plans, no surprises">
        Start with a 7-day free trial. Upgrade, change or cancel whenever you like.
      </SectionHeader>
      <PlanQueryState plans={plans}>
        {(items) => (
          <ul className={PLAN_GRID}>
            {items.map((plan) => {
              const action = landingPlanAction(plan);
              return (
                <li key={plan.id}>
                  <PlanCard
                    plan={plan}
                    action={
                      <Button asChild variant={plan.badge ? 'default' : 'outline'} size="lg">
                        <Link
                          to={action.to}
                          state={plan.tier === 'trial' ? START_TRIAL_STATE : undefined}
                          aria-label={`${action.label}: ${plan.name}`}
                        >
                          {action.label}
                        </Link>
                      </Button>
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </PlanQueryState>
    </Section>
  );
}
