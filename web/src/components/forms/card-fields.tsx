/**
 * The card form fields of the test-mode provider (card number, MM/YY, CVC, name on card), used by the
 * hosted checkout page and by the billing page's 'Update payment method' dialog. Validation is the
 * shared ZTestCardPayment schema; the inputs only help typing (spacing the number, adding the slash).
 */
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { TTestCardPayment } from '@shared/billing';
import type { ZTestCardPayment } from '@shared/billing.schemas';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/forms/form-field';

export type TCardForm = z.input<typeof ZTestCardPayment>;
export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'nameOnCard'] as const;
export const EMPTY_CARD: TCardForm = { cardNumber: '', expiry: '', cvc: '', nameOnCard: '' };

/**
 * A test card's whole form: its number, an expiry three years ahead, CVC 123 and the name already typed (else the
 * reader's). The test cards ignore everything but the number (docs/product/plans-and-picks.md#test-checkout).
 */
export function testCardValues(
  cardNumber: string,
  typedName: string,
  fallbackName: string,
  now = new Date(),
): TCardForm {
  const year = String((now.getUTCFullYear() + 3) % 100).padStart(2, '0');
  return {
    cardNumber: formatCardNumber(cardNumber),
    expiry: `12/${year}`,
    cvc: '123',
    nameOnCard: typedName.trim() || fallbackName,
  };
}

/** "4242424242424242" → "4242 4242 4242 4242" (digits only, at most 19). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1229" → "12/29"; the slash appears once the year starts, so deleting it works. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function CardFields({
  form,
  idPrefix,
}: {
  form: UseFormReturn<TCardForm, unknown, TTestCardPayment>;
  idPrefix: string;
}) {
  const { errors } = form.formState;
  const cardNumber = form.register('cardNumber');
  const expiry = form.register('expiry');
  const cvc = form.register('cvc');
  return (
    <div className="flex flex-col gap-4">
      <FormField id={`${idPrefix}-card-number`} label="Card number" error={errors.cardNumber?.message}>
        {(a11y) => (
          <Input
            {...a11y}
            {...cardNumber}
            onChange={(event) => {
              event.target.value = formatCardNumber(event.target.value);
              return cardNumber.onChange(event);
            }}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id={`${idPrefix}-expiry`} label="Expiry (MM/YY)" error={errors.expiry?.message}>
          {(a11y) => (
            <Input
              {...a11y}
              {...expiry}
              onChange={(event) => {
                event.target.value = formatExpiry(event.target.value);
                return expiry.onChange(event);
              }}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
            />
          )}
        </FormField>
        <FormField id={`${idPrefix}-cvc`} label="CVC" error={errors.cvc?.message}>
          {(a11y) => (
            <Input
              {...a11y}
              {...cvc}
              onChange={(event) => {
                event.target.value = event.target.value.replace(/\D/g, '').slice(0, 4);
                return cvc.onChange(event);
              }}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
            />
          )}
        </FormField>
      </div>
      <FormField id={`${idPrefix}-name`} label="Name on card" error={errors.nameOnCard?.message}>
        {(a11y) => <Input {...a11y} {...form.register('nameOnCard')} autoComplete="cc-name" />}
      </FormField>
    </div>
  );
}
