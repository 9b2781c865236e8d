/**
 * The demo mailbox's answers (docs/product/accounts.md#demo-mailbox): the mail this machine's demo server delivered,
 * as the recipient received it. Only a demo server answers, and only to requests from the machine itself.
 */

/** One delivered message in the list (no body). */
export interface TMailboxSummary {
  id: string;
  to: string;
  subject: string;
  receivedAt: string;
}

export interface TMailboxList {
  items: TMailboxSummary[];
}

/** One delivered message with its bodies, codes and links live. */
export interface TMailboxMessage extends TMailboxSummary {
  text: string;
  html: string;
}

/** The web path of the mailbox page; `to` filters it to one address. */
export const DEMO_MAILBOX_PATH = '/demo/mailbox';

export function demoMailboxPath(to?: string | null): string {
  return to ? `${DEMO_MAILBOX_PATH}?to=${encodeURIComponent(to)}` : DEMO_MAILBOX_PATH;
}
