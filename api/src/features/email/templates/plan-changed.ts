/** Sent when a reader changes plan: an upgrade applies at once, a downgrade at the period end. */
import { BRAND, formatEmailDate, greeting, renderEmail, type TEmailTemplate } from './layout';

export function planChangedEmail(input: {
  firstName: string | null;
  fromPlan: string;
  toPlan: string;
  effectiveAt: Date | null;
  immediate: boolean;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Your ${BRAND} plan is changing to ${input.toPlan}`,
      preheader: `From ${input.fromPlan} to ${input.toPlan}.`,
      heading: 'Your plan has changed',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: input.immediate
            ? `You are now on the ${input.toPlan} plan (before: ${input.fromPlan}). It applies straight away.`
            : `You will move from ${input.fromPlan} to ${input.toPlan}${input.effectiveAt ? ` on ${formatEmailDate(input.effectiveAt)}` : ' at the end of this billing period'}. Until then you keep ${input.fromPlan}.`,
        },
        { kind: 'button', label: 'View billing', url: `${context.publicUrl}/billing` },
      ],
    });
}
