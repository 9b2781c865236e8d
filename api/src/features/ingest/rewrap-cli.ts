/**
 * `npm run keys:rewrap`: after a KEK rotation (a new CONTENT_KEK, the old one moved to
 * CONTENT_KEK_RETIRED), moves every book content key onto the current KEK so the retired one can be
 * dropped. Idempotent; recorded in the audit log. Exit code 1 when some keys were wrapped by a KEK that
 * is no longer configured (they stay as they are, still unreadable, until that KEK is added back).
 */
import type { Db } from '../../db/client';
import type { TEnv } from '../../env';
import { recordAudit } from '../audit/audit.service';
import { contentKeyring, rewrapContentKeys } from '../content-access/content-crypto';
import type { TImportIo } from './import-cli';

export function runKeysRewrap(deps: { db: Db; env: TEnv; now: () => Date }, io: TImportIo): number {
  const keyring = contentKeyring(deps.env);
  const { rewrapped, unreadable } = rewrapContentKeys({ db: deps.db, keyring, now: deps.now() });
  recordAudit(deps, {
    action: 'content_keys.rewrap',
    resource: 'content_key',
    severity: unreadable > 0 ? 'warning' : 'info',
    details: { kekId: keyring.current.id, rewrapped, unreadable },
  });
  io.out(`Rewrapped ${rewrapped} content key${rewrapped === 1 ? '' : 's'} onto KEK ${keyring.current.id}.\n`);
  if (unreadable === 0) return 0;
  io.err(
    `${unreadable} content key${unreadable === 1 ? ' was' : 's were'} wrapped by a KEK that is not configured; ` +
      'add it to CONTENT_KEK_RETIRED as <id>:<base64url key> and run this again.\n',
  );
  return 1;
}
