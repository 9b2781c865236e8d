/** Sent when the team answers a reader's feedback (docs/product/feedback.md#the-teams-response). */
import { greeting, renderEmail, type TEmailTemplate } from './layout';

export function feedbackResponseEmail(input: {
  firstName: string | null;
  title: string;
  response: string;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `We have replied to your feedback: ${input.title}`,
      preheader: 'The Wonderful Books team has answered your feedback.',
      heading: 'The team has replied',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        { kind: 'facts', rows: [['Your feedback', input.title]] },
        { kind: 'paragraph', text: input.response },
        { kind: 'button', label: 'See your feedback', url: `${context.publicUrl}/feedback` },
      ],
    });
}
