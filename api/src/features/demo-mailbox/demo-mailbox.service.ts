/**
 * The demo mailbox (docs/product/accounts.md#demo-mailbox): in demo mode the local outbox also delivers every message,
 * live, into a folder of this machine (`TEnv.mailDropDir`, one `<epoch ms>-<uuid>.json` file per message written by
 * adapters/mailer/mailer.ts). This service reads that folder back for the mailbox page, like a mail catcher. It
 * exists only in demo mode; the routes also answer only requests from this machine. Nothing else in the API shows
 * what these files hold: the admin outbox keeps its redacted copy (docs/product/operations.md#e-mail-secrets).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TMailboxList, TMailboxMessage, TMailboxSummary } from '@shared/demo-mailbox';
import { MAILBOX_MESSAGE_ID_PATTERN } from '@shared/demo-mailbox.schemas';
import { isDemoMode, type TEnv } from '../../env';
import { notFound } from '../../lib/app-error';

/** The newest messages are what a reader looks for; an old demo folder can hold thousands. */
const MAILBOX_LIST_LIMIT = 100;

type TMailboxEnv = Pick<TEnv, 'NODE_ENV' | 'DEMO_SEED' | 'mailDropDir'>;

/** The folder the mailbox reads, or null when this server has no demo mailbox (production, SMTP, not demo). */
export function demoMailboxFolder(env: TMailboxEnv): string | null {
  return isDemoMode(env) && env.mailDropDir ? env.mailDropDir : null;
}

interface TStoredMessage {
  to?: unknown;
  subject?: unknown;
  text?: unknown;
  html?: unknown;
}

function readStored(folder: string, id: string): TMailboxMessage | null {
  let stored: TStoredMessage;
  try {
    stored = JSON.parse(fs.readFileSync(path.join(folder, `${id}.json`), 'utf8')) as TStoredMessage;
  } catch {
    // Missing, unreadable or half-written: not a message of this mailbox.
    return null;
  }
  return {
    id,
    to: typeof stored.to === 'string' ? stored.to : '',
    subject: typeof stored.subject === 'string' ? stored.subject : '(no subject)',
    receivedAt: new Date(Number(id.slice(0, 13))).toISOString(),
    text: typeof stored.text === 'string' ? stored.text : '',
    html: typeof stored.html === 'string' ? stored.html : '',
  };
}

function messageIds(folder: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return []; // nothing delivered yet: the folder is made with the first message
  }
  return names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((id) => MAILBOX_MESSAGE_ID_PATTERN.test(id))
    .sort()
    .reverse();
}

/** Newest first; `to` keeps the messages to that address (case-insensitive). */
export function listDemoMailbox(options: { folder: string; to?: string }): TMailboxList {
  const wanted = options.to?.toLowerCase() || null;
  const items: TMailboxSummary[] = [];
  for (const id of messageIds(options.folder)) {
    const message = readStored(options.folder, id);
    if (!message || (wanted && message.to.toLowerCase() !== wanted)) continue;
    items.push({ id: message.id, to: message.to, subject: message.subject, receivedAt: message.receivedAt });
    if (items.length >= MAILBOX_LIST_LIMIT) break;
  }
  return { items };
}

export function readDemoMailboxMessage(options: { folder: string; id: string }): TMailboxMessage {
  const message = MAILBOX_MESSAGE_ID_PATTERN.test(options.id) ? readStored(options.folder, options.id) : null;
  if (!message) throw notFound('Message');
  return message;
}
