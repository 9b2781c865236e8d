/**
 * /admin/plans: every plan with an edit form (docs/product/back-office.md#plans). The rules and messages are the API's
 * (shared/admin-plans.ts); a price change says, before saving, that current subscribers pay it from their next
 * renewal. Saving refreshes the public plans, so /subscribe and the landing pricing show the edit at once.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_PLAN_MESSAGES, type TAdminPlan, type TAdminPlanUpdate } from '@shared/admin-plans';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { formatMoney } from '@web/features/admin-shell/filter-controls';
import { subscribeKeys } from '@web/features/billing/plan-queries';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { adminPlansQueryOptions, plansAdminKeys, updatePlan } from './queries';

/** The form's own view: money in pounds and pence as typed, features one per line. */
const ZPlanForm = z.object({
  name: z.string().trim().min(1, ADMIN_PLAN_MESSAGES.nameEmpty),
  price: z.string().trim().min(1, ADMIN_PLAN_MESSAGES.priceEmpty),
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'Enter the amount in pounds, such as 5.99'),
  currency: z
    .string()
    .trim()
    .min(1, ADMIN_PLAN_MESSAGES.currencyEmpty)
    .regex(/^[A-Za-z]{3}$/, ADMIN_PLAN_MESSAGES.currencyCode),
  period: z.string().trim().min(1, ADMIN_PLAN_MESSAGES.periodEmpty),
  description: z.string().trim(),
  bookLimit: z.coerce
    .number({ message: ADMIN_PLAN_MESSAGES.bookLimit })
    .int(ADMIN_PLAN_MESSAGES.bookLimit)
    .min(-1, ADMIN_PLAN_MESSAGES.bookLimit),
  displayOrder: z.coerce
    .number({ message: ADMIN_PLAN_MESSAGES.displayOrder })
    .int(ADMIN_PLAN_MESSAGES.displayOrder)
    .min(1, ADMIN_PLAN_MESSAGES.displayOrder),
  features: z.string(),
  badge: z.string().trim(),
  isActive: z.boolean(),
  stripePriceId: z.string().trim(),
});
type TPlanFormInput = z.input<typeof ZPlanForm>;
type TPlanForm = z.output<typeof ZPlanForm>;

const toPence = (amount: string) => Math.round(Number(amount) * 100);

function formValues(plan: TAdminPlan): TPlanFormInput {
  return {
    name: plan.name,
    price: plan.price,
    amount: (plan.priceAmount / 100).toFixed(2),
    currency: plan.currency,
    period: plan.period,
    description: plan.description ?? '',
    bookLimit: plan.bookLimit,
    displayOrder: plan.displayOrder,
    features: plan.features.join('\n'),
    badge: plan.badge ?? '',
    isActive: plan.isActive,
    stripePriceId: plan.stripePriceId ?? '',
  };
}

function toChanges(plan: TAdminPlan, values: TPlanForm): TAdminPlanUpdate {
  const next: TAdminPlanUpdate = {
    name: values.name,
    price: values.price,
    priceAmount: toPence(values.amount),
    currency: values.currency.toUpperCase(),
    period: values.period,
    description: values.description || null,
    bookLimit: values.bookLimit,
    displayOrder: values.displayOrder,
    features: values.features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    badge: values.badge || null,
    isActive: values.isActive,
    stripePriceId: values.stripePriceId || null,
  };
  return Object.fromEntries(
    Object.entries(next).filter(
      ([field, value]) => JSON.stringify(value) !== JSON.stringify(plan[field as keyof TAdminPlan] ?? null),
    ),
  ) as TAdminPlanUpdate;
}

const FIELDS = [
  'name',
  'price',
  'currency',
  'period',
  'description',
  'bookLimit',
  'displayOrder',
  'features',
  'badge',
  'stripePriceId',
] as const;

function PlanCard({ plan }: { plan: TAdminPlan }) {
  const queryClient = useQueryClient();
  const form = useForm<TPlanFormInput, unknown, TPlanForm>({
    resolver: zodResolver(ZPlanForm),
    defaultValues: formValues(plan),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const amount = form.watch('amount');
  const currency = form.watch('currency');
  const priceChanges =
    /^\d+(\.\d{1,2})?$/.test(String(amount)) &&
    (toPence(String(amount)) !== plan.priceAmount || String(currency).toUpperCase() !== plan.currency);
  const prefix = `plan-${plan.tier}`;

  async function submit(values: TPlanForm) {
    const changes = toChanges(plan, values);
    if (Object.keys(changes).length === 0) return;
    try {
      const saved = await updatePlan(plan.id, changes);
      form.reset(formValues(saved));
      toast({ title: `${saved.name} saved`, description: 'The store shows the change now.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: plansAdminKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscribeKeys.plans }),
      ]);
    } catch (error) {
      const mapped = applyServerFieldErrors(error, form.setError, FIELDS);
      if (mapped === 0)
        toast({ title: 'Could not save the plan', description: describeError(error), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby={`${prefix}-title`} className="rounded-lg border border-border bg-card p-4">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${prefix}-title`} className="font-serif text-xl font-semibold">
          {plan.name}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="outline">{plan.tier}</Badge>
          {formatMoney(plan.priceAmount, plan.currency)} {plan.period} · {plan.subscribers}{' '}
          {plan.subscribers === 1 ? 'subscriber' : 'subscribers'}
          {plan.isActive ? null : <Badge variant="secondary">Hidden</Badge>}
        </div>
      </div>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
        <FormField id={`${prefix}-name`} label="Name" error={errors.name?.message}>
          {(a11y) => <Input {...a11y} {...form.register('name')} />}
        </FormField>
        <FormField id={`${prefix}-price`} label="Price as shown" error={errors.price?.message} hint="e.g. £5.99">
          {(a11y) => <Input {...a11y} {...form.register('price')} />}
        </FormField>
        <FormField id={`${prefix}-amount`} label="Amount charged" error={errors.amount?.message} hint="In pounds">
          {(a11y) => <Input inputMode="decimal" {...a11y} {...form.register('amount')} />}
        </FormField>
        <FormField id={`${prefix}-currency`} label="Currency" error={errors.currency?.message}>
          {(a11y) => <Input maxLength={3} {...a11y} {...form.register('currency')} />}
        </FormField>
        <FormField id={`${prefix}-period`} label="Period" error={errors.period?.message}>
          {(a11y) => <Input {...a11y} {...form.register('period')} />}
        </FormField>
        <FormField
          id={`${prefix}-limit`}
          label="Book limit"
          error={errors.bookLimit?.message}
          hint="-1 means unlimited"
        >
          {(a11y) => <Input type="number" min={-1} {...a11y} {...form.register('bookLimit')} />}
        </FormField>
        <FormField id={`${prefix}-order`} label="Display order" error={errors.displayOrder?.message}>
          {(a11y) => <Input type="number" min={1} {...a11y} {...form.register('displayOrder')} />}
        </FormField>
        <FormField id={`${prefix}-badge`} label="Badge" error={errors.badge?.message} hint="e.g. MOST POPULAR">
          {(a11y) => <Input {...a11y} {...form.register('badge')} />}
        </FormField>
        <FormField
          id={`${prefix}-description`}
          label="Description"
          error={errors.description?.message}
          className="md:col-span-2"
        >
          {(a11y) => <Input {...a11y} {...form.register('description')} />}
        </FormField>
        <FormField
          id={`${prefix}-stripe`}
          label="Stripe price id"
          error={errors.stripePriceId?.message}
          hint="Used only when Stripe is configured"
          className="md:col-span-2"
        >
          {(a11y) => <Input {...a11y} {...form.register('stripePriceId')} />}
        </FormField>
        <FormField
          id={`${prefix}-features`}
          label="Features"
          error={errors.features?.message}
          hint="One per line, in the order shown"
          className="md:col-span-2 xl:col-span-3"
        >
          {(a11y) => (
            <textarea
              rows={5}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm"
              {...a11y}
              {...form.register('features')}
            />
          )}
        </FormField>
        <label className="flex items-center gap-2 self-start pt-7 text-sm">
          <input type="checkbox" className="size-4 accent-primary" {...form.register('isActive')} />
          Shown in the store
        </label>
        <div className="flex flex-col gap-2 md:col-span-2 xl:col-span-4">
          {priceChanges && (
            <p role="status" className="rounded-md border border-accent bg-accent/10 p-3 text-sm">
              The new amount applies to{' '}
              {plan.subscribers === 1 ? 'the 1 current subscriber' : `the ${plan.subscribers} current subscribers`} from
              their next renewal, and to new subscribers at once. Nobody is charged now.
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button
              type="button"
              variant="ghost"
              disabled={!isDirty || isSubmitting}
              onClick={() => form.reset(formValues(plan))}
            >
              Undo changes
            </Button>
            <Button type="submit" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving...' : `Save ${plan.name}`}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

export default function PlansPage() {
  const plans = useQuery(adminPlansQueryOptions);
  return (
    <section>
      <AdminPageHeader
        path="/admin/plans"
        description="Prices, pick limits and what each plan lists. The store and the pick rules follow a saved change at once."
      />
      {plans.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">Loading the plans...</span>
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : plans.isError ? (
        <ErrorPanel title="We couldn't load the plans." error={plans.error} onRetry={() => void plans.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          {plans.data.items.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      )}
    </section>
  );
}
