/**
 * The install hint's place on the signed-in reader's own screens (/dashboard, /library: readers, who have downloads
 * to read offline), shown only when the browser offers installing or is iOS Safari outside the home-screen app. The
 * hint's code and its storage load only then.
 */
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@web/features/auth/queries';
import { useInstallOffer } from './use-install-offer';

const InstallHint = lazy(() => import('./install-hint'));

export function InstallHintSlot({ className }: { className?: string }) {
  const offer = useInstallOffer();
  const { isAuthenticated } = useCurrentUser();
  if (!isAuthenticated || (offer.kind !== 'prompt' && offer.kind !== 'ios')) return null;
  return (
    <Suspense fallback={null}>
      <InstallHint offer={offer} className={className} />
    </Suspense>
  );
}
