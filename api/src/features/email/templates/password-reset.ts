/** The link that lets a reader choose a new password (docs/product/accounts.md#passwords). */
import { BRAND, greeting, renderEmail, type TEmailTemplate } from './layout';

export function passwordResetEmail(input: {
  firstName: string | null;
  resetUrl: string;
  expiresInMinutes: number;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Reset your ${BRAND} password`,
      preheader: `Choose a new password. The link works for ${input.expiresInMinutes} minutes.`,
      heading: 'Reset your password',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: `Someone asked to reset the password of your ${BRAND} account. If it was you, choose a new password:`,
        },
        { kind: 'button', label: 'Choose a new password', url: input.resetUrl, secret: true },
        {
          kind: 'paragraph',
          text: `The link works once and expires in ${input.expiresInMinutes} minutes. Resetting your password signs you out on every device.`,
        },
        {
          kind: 'paragraph',
          text: 'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
        },
      ],
    });
}
