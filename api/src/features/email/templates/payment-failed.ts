/** Sent when a charge fails: access continues during the grace period; update the card to keep reading. */
import { formatMoney } from '@shared/billing';
import { BRAND, formatEmailDate, greeting, renderEmail, type TEmailTemplate } from './layout';

export function paymentFailedEmail(input: {
  firstName: string | null;
  planName: string;
  amountDue: number | null;
  currency: string;
  graceEndsAt: Date | null;
}): TEmailTemplate {
  const amount = input.amountDue === null ? null : formatMoney(input.amountDue, input.currency);
  return (context) =>
    renderEmail({
      subject: `Your ${BRAND} payment failed`,
      preheader: 'We could not take your subscription payment.',
      heading: 'Your payment failed',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: `We could not take the payment${amount ? ` of ${amount}` : ''} for your ${input.planName} plan.`,
        },
        {
          kind: 'paragraph',
          text: input.graceEndsAt
            ? `You can keep reading until ${formatEmailDate(input.graceEndsAt)}. Please update your payment method before then to keep your plan.`
            : 'Please update your payment method to keep your plan.',
        },
        { kind: 'button', label: 'Update payment method', url: `${context.publicUrl}/billing?payment-method=update` },
      ],
    });
}
