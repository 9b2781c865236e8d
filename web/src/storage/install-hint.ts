/**
 * Whether this browser's reader dismissed the install hint (docs/product/routes-and-screens.md#install-the-app), kept
 * in the `meta` table under one key so the hint never comes back once closed or once the app is installed. Written
 * by the hint's 'Not now' and close buttons and by the browser's 'appinstalled' event.
 */
import { getDb } from './db';

const INSTALL_HINT_KEY = 'install-hint';

export type TInstallHintState = { dismissedAt: number; reason: 'dismissed' | 'installed' };

export async function readInstallHintState(): Promise<TInstallHintState | null> {
  const entry = await getDb().meta.get(INSTALL_HINT_KEY);
  const value = entry?.value as Partial<TInstallHintState> | undefined;
  return typeof value?.dismissedAt === 'number' && (value.reason === 'dismissed' || value.reason === 'installed')
    ? { dismissedAt: value.dismissedAt, reason: value.reason }
    : null;
}

export async function rememberInstallHintClosed(reason: TInstallHintState['reason'], now = Date.now()): Promise<void> {
  await getDb().meta.put({ key: INSTALL_HINT_KEY, value: { dismissedAt: now, reason } satisfies TInstallHintState });
}
