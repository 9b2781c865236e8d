/** The 6-digit code that confirms a new account's e-mail address (docs/product/accounts.md#verification-codes). */
import { BRAND, greeting, renderEmail, shownCode, type TEmailTemplate } from './layout';

export function verificationCodeEmail(input: {
  firstName: string | null;
  code: string;
  expiresInMinutes: number;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Your ${BRAND} verification code`,
      preheader: `Your code is ${shownCode(context, input.code)}. It expires in ${input.expiresInMinutes} minutes.`,
      heading: 'Confirm your e-mail address',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'code',
          label: `Enter this code on the ${BRAND} verification page to finish creating your account:`,
          code: input.code,
        },
        {
          kind: 'paragraph',
          text: `The code expires in ${input.expiresInMinutes} minutes. Never share it with anyone: we will never ask you for it.`,
        },
        { kind: 'paragraph', text: 'If you did not create an account, you can ignore this e-mail.' },
      ],
    });
}
