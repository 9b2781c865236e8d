/**
 * One reader's subscription in the back office (docs/product/admin-money.md#subscriptions): what they have, the
 * actions an admin can take (each confirmed first), their invoices with refunds, and the history of changes.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { z } from 'zod';
import {
  SUBSCRIPTION_STATE_LABELS,
  type TAdminInvoice,
  type TAdminSubscriptionDetail,
} from '@shared/admin-subscriptions';
import { formatMoney } from '@shared/billing';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DialogPanel } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import {
  cancelSubscription,
  extendTrial,
  invalidateMoney,
  refundInvoice,
  resumeSubscription,
  subscriptionDetailQuery,
} from './queries';

const date = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso)) : '–';
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function useAction(userId: string) {
  const queryClient = useQueryClient();
  return async (work: () => Promise<TAdminSubscriptionDetail>, success: string) => {
    try {
      const detail = await work();
      queryClient.setQueryData(subscriptionDetailQuery(userId).queryKey, detail);
      await invalidateMoney(queryClient);
      toast({ title: success });
    } catch (error) {
      toast({ title: 'The change was not made', description: (error as Error).message, variant: 'destructive' });
      throw error;
    }
  };
}

const ZExtendForm = z.object({
  days: z.coerce
    .number({ message: 'Days must be a whole number from 1 to 90' })
    .int('Days must be a whole number from 1 to 90')
    .min(1, 'Days must be a whole number from 1 to 90')
    .max(90, 'Days must be a whole number from 1 to 90'),
});

function ExtendTrialForm({ userId, trialEndsAt }: { userId: string; trialEndsAt: string | null }) {
  const run = useAction(userId);
  const form = useForm<z.input<typeof ZExtendForm>, unknown, z.output<typeof ZExtendForm>>({
    resolver: zodResolver(ZExtendForm),
    defaultValues: { days: 7 },
  });
  const [pendingDays, setPendingDays] = useState<number | null>(null);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      noValidate
      onSubmit={form.handleSubmit((values) => setPendingDays(values.days))}
    >
      <FormField id="extend-days" label="Extend the trial by (days)" error={form.formState.errors.days?.message}>
        {(a11y) => <Input type="number" min={1} max={90} className="w-28" {...a11y} {...form.register('days')} />}
      </FormField>
      <Button type="submit" variant="outline">
        Extend trial
      </Button>
      <Dialog.Root open={pendingDays !== null} onOpenChange={(open) => !open && setPendingDays(null)}>
        <DialogPanel title="Extend the trial?">
          <Dialog.Description className="mt-3 text-sm text-muted-foreground">
            The trial ends {date(trialEndsAt)} now. It will end {pendingDays} days later (counted from today if it has
            already ended). The reader is not charged.
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setPendingDays(null)}>
              Cancel
            </Button>
            <Button
              onClick={() =>
                run(() => extendTrial(userId, pendingDays ?? 0), `Trial extended by ${pendingDays} days`)
                  .then(() => setPendingDays(null))
                  .catch(() => setPendingDays(null))
              }
            >
              Extend by {pendingDays} days
            </Button>
          </div>
        </DialogPanel>
      </Dialog.Root>
    </form>
  );
}

const AMOUNT_MESSAGE = 'Enter an amount such as 2.50';
const ZRefundForm = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, AMOUNT_MESSAGE)
    .refine((value) => Number(value) > 0, AMOUNT_MESSAGE),
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters'),
});
type TRefundForm = z.infer<typeof ZRefundForm>;

function RefundDialog({ userId, invoice }: { userId: string; invoice: TAdminInvoice }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const left = invoice.amountPaid - invoice.amountRefunded;
  const form = useForm<TRefundForm>({
    resolver: zodResolver(ZRefundForm),
    defaultValues: { amount: (left / 100).toFixed(2), reason: '' },
  });
  const refund = useMutation({
    mutationFn: (values: TRefundForm) =>
      refundInvoice(invoice.id, Math.round(Number(values.amount) * 100), values.reason || undefined),
    onSuccess: async (detail, values) => {
      queryClient.setQueryData(subscriptionDetailQuery(userId).queryKey, detail);
      await invalidateMoney(queryClient);
      toast({ title: `Refunded ${formatMoney(Math.round(Number(values.amount) * 100), invoice.currency)}` });
      setOpen(false);
    },
    onError: (error) => {
      // The server's field message (e.g. more than is left) goes on the amount; anything else is a toast.
      if (applyServerFieldErrors<{ amount: string; reason: string }>(error, form.setError, ['amount']) === 0)
        toast({ title: 'The refund was not made', description: error.message, variant: 'destructive' });
    },
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (refund.isPending) return;
        setOpen(next);
        if (next) form.reset({ amount: (left / 100).toFixed(2), reason: '' });
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          Refund<span className="sr-only"> invoice {invoice.number}</span>
        </Button>
      </Dialog.Trigger>
      <DialogPanel title={`Refund invoice ${invoice.number}`} closeDisabled={refund.isPending}>
        <Dialog.Description className="mt-3 text-sm text-muted-foreground">
          Paid {formatMoney(invoice.amountPaid, invoice.currency)}
          {invoice.amountRefunded > 0
            ? `, already refunded ${formatMoney(invoice.amountRefunded, invoice.currency)}`
            : ''}
          . Up to {formatMoney(left, invoice.currency)} can go back to the reader's card. A refund cannot be undone; the
          subscription itself does not change.
        </Dialog.Description>
        <form
          className="mt-4 flex flex-col gap-3"
          noValidate
          onSubmit={form.handleSubmit((values) => refund.mutate(values))}
        >
          <FormField id="refund-amount" label="Amount (£)" error={form.formState.errors.amount?.message}>
            {(a11y) => <Input inputMode="decimal" {...a11y} {...form.register('amount')} />}
          </FormField>
          <FormField id="refund-reason" label="Reason (optional)" error={form.formState.errors.reason?.message}>
            {(a11y) => <Input {...a11y} {...form.register('reason')} />}
          </FormField>
          <div className="mt-2 flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={refund.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              {refund.isPending ? 'Refunding...' : 'Refund'}
            </Button>
          </div>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}

export function SubscriptionDetail({ userId }: { userId: string }) {
  const detail = useQuery(subscriptionDetailQuery(userId));
  const run = useAction(userId);
  if (detail.isError)
    return (
      <ErrorPanel title="This subscription could not be loaded" error={detail.error} onRetry={() => detail.refetch()} />
    );
  if (!detail.data) return <Skeleton className="h-64 w-full" />;
  const { account, subscription, invoices, history, state } = detail.data;
  const live = subscription && subscription.status !== 'canceled';
  const name = account.name ?? account.email;

  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">{name}</h2>
            <p className="text-sm text-muted-foreground">{account.email}</p>
          </div>
          <Badge variant={state === 'past_due' ? 'accent' : 'secondary'}>{SUBSCRIPTION_STATE_LABELS[state]}</Badge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Plan</dt>
            <dd className="font-medium capitalize">{subscription?.tier ?? account.tier}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">MRR</dt>
            <dd className="font-medium">{formatMoney(detail.data.mrr, detail.data.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{subscription?.cancelAtPeriodEnd ? 'Access until' : 'Renews'}</dt>
            <dd className="font-medium">{live ? date(subscription.currentPeriodEnd) : '–'}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Trial ends</dt>
            <dd className="font-medium">{date(account.trialEndsAt)}</dd>
          </div>
          {subscription?.pendingTier && (
            <div>
              <dt className="text-muted-foreground">Changes to</dt>
              <dd className="font-medium capitalize">{subscription.pendingTier} at the period end</dd>
            </div>
          )}
          {subscription?.card && (
            <div>
              <dt className="text-muted-foreground">Card</dt>
              <dd className="font-medium">
                {subscription.card.brand} ending {subscription.card.last4}
              </dd>
            </div>
          )}
        </dl>
        <div className="mt-4 flex flex-wrap items-end gap-2">
          {live && !subscription.cancelAtPeriodEnd && (
            <ConfirmDialog
              trigger={<Button variant="outline">Cancel at period end</Button>}
              title="Cancel at the end of the period?"
              confirmLabel="Cancel at period end"
              pendingLabel="Cancelling..."
              onConfirm={() =>
                run(() => cancelSubscription(userId, 'period_end'), 'The subscription will end at the period end')
              }
            >
              <p>
                {name} keeps access until {date(subscription.currentPeriodEnd)} and is not charged again. You can resume
                it until then.
              </p>
            </ConfirmDialog>
          )}
          {live && subscription.cancelAtPeriodEnd && (
            <ConfirmDialog
              trigger={<Button variant="outline">Resume</Button>}
              title="Resume the subscription?"
              confirmLabel="Resume"
              pendingLabel="Resuming..."
              onConfirm={() => run(() => resumeSubscription(userId), 'The subscription renews again')}
            >
              <p>It renews on {date(subscription.currentPeriodEnd)} at the plan's price.</p>
            </ConfirmDialog>
          )}
          {live && (
            <ConfirmDialog
              trigger={<Button variant="destructive">Cancel now</Button>}
              title="End the subscription now?"
              confirmLabel="End it now"
              pendingLabel="Ending..."
              confirmVariant="destructive"
              onConfirm={() => run(() => cancelSubscription(userId, 'now'), 'The subscription has ended')}
            >
              <p>
                {name} loses access at once. Nothing is refunded automatically: refund the last invoice below if the
                unused time should be paid back. This cannot be undone; the reader can subscribe again.
              </p>
            </ConfirmDialog>
          )}
          {account.tier === 'trial' && <ExtendTrialForm userId={userId} trialEndsAt={account.trialEndsAt} />}
        </div>
      </Card>

      <Card className="p-4">
        <h3 className="text-base font-semibold">Invoices</h3>
        {invoices.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <div className="relative mt-2 overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Invoices of {name}</caption>
              <thead className="bg-muted/60 text-left">
                <tr>
                  {['Number', 'Issued', 'Description', 'Paid', 'Refunded', 'Status', ''].map((header) => (
                    <th key={header} scope="col" className="whitespace-nowrap border-b border-border px-3 py-2">
                      {header || <span className="sr-only">Actions</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {invoices.map((invoice) => (
                  <tr key={invoice.id} className="border-b border-border last:border-0">
                    <td className="whitespace-nowrap px-3 py-1.5 font-mono text-xs">{invoice.number}</td>
                    <td className="whitespace-nowrap px-3 py-1.5">{date(invoice.issuedAt)}</td>
                    <td className="px-3 py-1.5">{invoice.description}</td>
                    <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">
                      {formatMoney(invoice.amountPaid, invoice.currency)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-1.5 tabular-nums">
                      {invoice.amountRefunded > 0 ? formatMoney(invoice.amountRefunded, invoice.currency) : '–'}
                    </td>
                    <td className="px-3 py-1.5 capitalize">
                      {invoice.amountRefunded >= invoice.amountPaid && invoice.amountPaid > 0
                        ? 'Refunded'
                        : invoice.amountRefunded > 0
                          ? 'Partly refunded'
                          : invoice.status}
                    </td>
                    <td className="px-3 py-1.5 text-right">
                      {invoice.canRefund && <RefundDialog userId={userId} invoice={invoice} />}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <Card className="p-4">
        <h3 className="text-base font-semibold">History</h3>
        {history.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Nothing has happened yet.</p>
        ) : (
          <ol className="mt-2 divide-y divide-border text-sm">
            {history.map((entry) => (
              <li
                key={`${entry.at}-${entry.title}-${entry.detail}`}
                className="flex flex-wrap justify-between gap-2 py-2"
              >
                <span>
                  <span className="font-medium">{entry.title}</span>
                  {entry.detail && <span className="text-muted-foreground"> · {entry.detail}</span>}
                </span>
                <time dateTime={entry.at} className="text-muted-foreground">
                  {dateTime(entry.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
