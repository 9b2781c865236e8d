/**
 * Sent instead of a verification code when someone registers with an address that already has an
 * account: the registration form answers alike either way, so only the address's owner learns it.
 */
import { BRAND, greeting, renderEmail, type TEmailTemplate } from './layout';

export function alreadyRegisteredEmail(input: {
  firstName: string | null;
  signInUrl: string;
  resetUrl: string;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `You already have a ${BRAND} account`,
      preheader: 'Someone tried to create an account with this address. Sign in or reset your password instead.',
      heading: 'You already have an account',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: `Someone tried to create a new ${BRAND} account with this e-mail address, which already has one. If it was you, sign in instead:`,
        },
        { kind: 'button', label: 'Sign in', url: input.signInUrl },
        { kind: 'paragraph', text: `Forgotten your password? Choose a new one here: ${input.resetUrl}` },
        { kind: 'paragraph', text: 'If it was not you, you can ignore this e-mail: nothing has changed.' },
      ],
    });
}
