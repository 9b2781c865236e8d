/** Sent 2 days before the free trial ends and on its last day (trial reminders category). */
import { BRAND, formatEmailDate, greeting, renderEmail, type TEmailTemplate } from './layout';

export function trialEndingEmail(input: {
  firstName: string | null;
  trialEndsAt: Date;
  daysLeft: number;
}): TEmailTemplate {
  const when = input.daysLeft <= 0 ? 'today' : input.daysLeft === 1 ? 'tomorrow' : `in ${input.daysLeft} days`;
  return (context) =>
    renderEmail({
      subject: `Your ${BRAND} free trial ends ${when}`,
      preheader: `Your free trial ends ${formatEmailDate(input.trialEndsAt)}.`,
      heading: `Your free trial ends ${when}`,
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: `Your free trial ends ${formatEmailDate(input.trialEndsAt)}. Choose Basic or Premium to keep reading your books.`,
        },
        { kind: 'button', label: 'Choose a plan', url: `${context.publicUrl}/subscribe` },
      ],
    });
}
