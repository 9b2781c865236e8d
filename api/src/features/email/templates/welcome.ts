/** Sent once an account is ready (after verification, or at sign-up when verification is off). */
import { BRAND, greeting, renderEmail, type TEmailTemplate } from './layout';

export function welcomeEmail(input: { firstName: string | null; trialDays: number }): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Welcome to ${BRAND}`,
      preheader: `Your account is ready. Your ${input.trialDays}-day free trial starts now.`,
      heading: `Welcome to ${BRAND}`,
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: `Your account is ready. During your ${input.trialDays}-day free trial you can pick 3 books from the catalogue and read them online.`,
        },
        { kind: 'button', label: 'Start reading', url: `${context.publicUrl}/dashboard` },
        { kind: 'paragraph', text: 'Happy reading!' },
      ],
    });
}
