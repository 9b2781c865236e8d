/**
 * Security notice sent to the OLD address when an account's e-mail changes, so the owner hears
 * about it even if someone else made the change and now controls the new address.
 */
import { BRAND, formatEmailDate, greeting, renderEmail, type TEmailTemplate } from './layout';

export function emailChangedEmail(input: {
  firstName: string | null;
  oldEmail: string;
  newEmail: string;
  changedAt: Date;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Your ${BRAND} e-mail address was changed`,
      preheader: 'The e-mail address of your account was changed.',
      heading: 'Your e-mail address was changed',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        { kind: 'paragraph', text: `The e-mail address of your ${BRAND} account was changed.` },
        {
          kind: 'facts',
          rows: [
            ['Old address', input.oldEmail],
            ['New address', input.newEmail],
            ['When', formatEmailDate(input.changedAt)],
          ],
        },
        {
          kind: 'paragraph',
          text: 'If you made this change, there is nothing more to do. If you did not, reset your password straight away and contact us by replying to this e-mail.',
        },
        { kind: 'button', label: 'Reset my password', url: `${context.publicUrl}/auth/forgot-password` },
      ],
    });
}
