/**
 * The install hint (docs/product/routes-and-screens.md#install-the-app): a slim card on the reader's dashboard and
 * library that offers to
 * install the app, with the browser's own prompt where there is one ('Install') and the Share → 'Add to Home Screen'
 * steps in iOS Safari. Shown until the reader closes it or installs the app, then never again on this browser
 * (storage/install-hint.ts). Loaded on demand by InstallHintSlot, so screens without an offer carry no storage code.
 */
import { useEffect, useState } from 'react';
import { Download, Share, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { readInstallHintState, rememberInstallHintClosed } from '@web/storage/install-hint';
import { forgetInstallPrompt } from './install-prompt';
import type { TInstallOffer } from './use-install-offer';

export const INSTALL_HINT_TITLE = 'Install Wonderful Books';

type TVisibility = 'checking' | 'shown' | 'closed';

export default function InstallHint({
  offer,
  className,
}: {
  offer: Extract<TInstallOffer, { kind: 'prompt' | 'ios' }>;
  className?: string;
}) {
  const [visibility, setVisibility] = useState<TVisibility>('checking');

  useEffect(() => {
    let isCurrent = true;
    readInstallHintState().then(
      (state) => {
        if (isCurrent) setVisibility(state ? 'closed' : 'shown');
      },
      // Storage unavailable (private mode): better no hint than one that comes back on every page.
      () => {
        if (isCurrent) setVisibility('closed');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  if (visibility !== 'shown') return null;

  const close = (reason: 'dismissed' | 'installed') => {
    setVisibility('closed');
    void rememberInstallHintClosed(reason).catch(() => undefined);
  };

  const install = async () => {
    if (offer.kind !== 'prompt') return;
    await offer.event.prompt();
    const { outcome } = await offer.event.userChoice;
    forgetInstallPrompt();
    close(outcome === 'accepted' ? 'installed' : 'dismissed');
  };

  return (
    <aside aria-labelledby="install-hint-title" className={className}>
      <div className="relative flex flex-col gap-3 rounded-xl border border-border bg-card p-4 pr-12 shadow-sm sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className="mt-0.5 text-primary [&_svg]:size-5" aria-hidden="true">
            {offer.kind === 'ios' ? <Share /> : <Download />}
          </span>
          <div className="min-w-0">
            <h2 id="install-hint-title" className="font-semibold">
              {INSTALL_HINT_TITLE}
            </h2>
            {offer.kind === 'ios' ? (
              <p className="text-sm text-muted-foreground">
                Tap <Share className="inline size-4 align-text-bottom" aria-hidden="true" /> Share in Safari, then “Add
                to Home Screen”: the app opens full screen and your downloaded books read offline.
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">
                Open it from your home screen or dock like any app; your downloaded books read offline.
              </p>
            )}
          </div>
        </div>
        <div className="flex gap-2 pl-8 sm:pl-0">
          {offer.kind === 'prompt' && (
            <Button size="sm" className="h-10" onClick={() => void install()}>
              Install
            </Button>
          )}
          <Button size="sm" variant="outline" className="h-10" onClick={() => close('dismissed')}>
            {offer.kind === 'ios' ? 'Got it' : 'Not now'}
          </Button>
        </div>
        <button
          type="button"
          aria-label="Close the install hint"
          onClick={() => close('dismissed')}
          className="absolute right-2 top-2 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
