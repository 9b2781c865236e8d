/** Sent when failed sign-ins lock an account: the owner can lift the lock with one click. */
import { BRAND, greeting, renderEmail, type TEmailTemplate } from './layout';

export function accountLockedEmail(input: {
  firstName: string | null;
  unlockUrl: string;
  resetUrl: string;
  expiresInMinutes: number;
}): TEmailTemplate {
  return (context) =>
    renderEmail({
      subject: `Sign-in to your ${BRAND} account was paused`,
      preheader: 'Several wrong passwords were tried. If it was you, unlock your account with one click.',
      heading: 'Sign-in paused after wrong passwords',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        {
          kind: 'paragraph',
          text: `Several wrong passwords were tried for your ${BRAND} account, so signing in from new devices is paused for a while. Devices you have signed in from before still work.`,
        },
        { kind: 'button', label: 'Unlock my account', url: input.unlockUrl, secret: true },
        {
          kind: 'paragraph',
          text: `The link works once and expires in ${input.expiresInMinutes} minutes. If it was not you, your password was not guessed; to be safe you can choose a new one: ${input.resetUrl}`,
        },
      ],
    });
}
