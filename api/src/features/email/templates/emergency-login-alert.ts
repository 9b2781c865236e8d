/** Tells every super admin that the break-glass emergency login was used (docs/product/decisions.md#4). */
import { BRAND, formatEmailDate, greeting, renderEmail, type TEmailTemplate } from './layout';

export function emergencyLoginAlertEmail(input: {
  firstName: string | null;
  accountEmail: string;
  ipAddress: string | null;
  at: Date;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Security alert: emergency sign-in to ${BRAND}`,
      preheader: `The emergency login was used for ${input.accountEmail}.`,
      heading: 'The emergency login was used',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: `Someone signed in to ${BRAND} through the emergency login. Every super admin receives this alert.`,
        },
        {
          kind: 'facts',
          rows: [
            ['Account', input.accountEmail],
            ['IP address', input.ipAddress ?? 'unknown'],
            ['When', formatEmailDate(input.at)],
          ],
        },
        {
          kind: 'paragraph',
          text: 'If nobody on your team expected this, change the emergency login password at once and review the audit log.',
        },
        { kind: 'button', label: 'Open the audit log', url: `${context.publicUrl}/super-admin` },
      ],
    });
}
