/** Sent when a reader cancels: access continues until the paid period ends; they can resume until then. */
import { BRAND, formatEmailDate, greeting, renderEmail, type TEmailTemplate } from './layout';

export function subscriptionCancelledEmail(input: {
  firstName: string | null;
  planName: string;
  accessUntil: Date | null;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Your ${BRAND} subscription is cancelled`,
      preheader: 'Your subscription will not renew.',
      heading: 'Your subscription is cancelled',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: input.accessUntil
            ? `Your ${input.planName} plan will not renew. You can keep reading until ${formatEmailDate(input.accessUntil)}.`
            : `Your ${input.planName} plan will not renew.`,
        },
        {
          kind: 'paragraph',
          text: 'Changed your mind? You can resume your subscription from the billing page until then.',
        },
        { kind: 'button', label: 'Resume subscription', url: `${context.publicUrl}/billing` },
      ],
    });
}
