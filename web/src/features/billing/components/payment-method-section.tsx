/**
 * The saved card on /billing and 'Update payment method'. POST /api/billing/portal answers the
 * provider's portal URL: Stripe's (another origin: a full page load) or, in test mode,
 * /billing?payment-method=update, which opens the card dialog here (POST /api/billing/payment-method).
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as Dialog from '@radix-ui/react-dialog';
import { CreditCard } from 'lucide-react';
import type { TSubscription, TTestCardPayment } from '@shared/billing';
import { ZTestCardPayment } from '@shared/billing.schemas';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { Button } from '@web/components/ui/button';
import { describeError } from '@web/lib/api';
import { infoToast, toast } from '@web/lib/toast';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { CARD_FIELDS, CardFields, EMPTY_CARD, type TCardForm } from '@web/components/forms/card-fields';
import { billingKeys, followProviderUrl, openBillingPortal, updatePaymentMethod } from '../queries';

export const PAYMENT_METHOD_PARAM = 'payment-method';

export function PaymentMethodSection({ subscription }: { subscription: TSubscription }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const isUpdating = searchParams.get(PAYMENT_METHOD_PARAM) === 'update';
  const card = subscription.paymentMethod;

  const portal = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => followProviderUrl(url, navigate),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Payment method',
        description: describeError(error) || 'The payment settings could not be opened. Please try again.',
      }),
  });

  function closeDialog() {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(PAYMENT_METHOD_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-3">
        <CreditCard className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
        {card ? (
          <span className="font-medium">
            <span className="capitalize">{card.brand}</span> •••• {card.last4}
          </span>
        ) : (
          <span className="text-muted-foreground">No card on file</span>
        )}
      </p>
      <Button type="button" variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
        {portal.isPending ? 'Opening...' : 'Update payment method'}
      </Button>
      <UpdateCardDialog open={isUpdating} onClose={closeDialog} />
    </div>
  );
}

function UpdateCardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TCardForm, unknown, TTestCardPayment>({
    resolver: zodResolver(ZTestCardPayment),
    defaultValues: EMPTY_CARD,
  });
  const save = useMutation({
    mutationFn: updatePaymentMethod,
    onSuccess: async () => {
      infoToast({ title: 'Payment method updated', description: 'Your new card will be used for the next charge.' });
      form.reset(EMPTY_CARD);
      onClose();
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, CARD_FIELDS) > 0) return;
      form.setError('root.server', {
        type: 'server',
        message: describeError(error) || 'Your card could not be saved. Please try again.',
      });
    },
  });
  const rootError = form.formState.errors.root?.server?.message;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next || save.isPending) return;
        form.reset(EMPTY_CARD);
        onClose();
      }}
    >
      <DialogPanel title="Update payment method">
        <Dialog.Description className="mt-2 text-sm text-muted-foreground">
          The new card replaces the saved one and is used from your next charge. Test mode: no real payment is taken.
        </Dialog.Description>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          className="mt-5 flex flex-col gap-4"
        >
          {rootError ? (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
            >
              {rootError}
            </p>
          ) : null}
          <fieldset disabled={save.isPending} className="contents">
            <CardFields form={form} idPrefix="update-card" />
          </fieldset>
          <DialogFormActions
            className="mt-2"
            isPending={save.isPending}
            submitLabel="Save card"
            pendingLabel="Saving..."
          />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
