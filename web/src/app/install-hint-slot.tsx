/**
 * Where the install hint goes in the shell: under the header, for signed-in readers (who have downloads to read
 * offline), only when the browser offers installing or is iOS Safari outside the home-screen app. The hint's code
 * and its storage load only then.
 */
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '@web/features/auth/queries';
import { useInstallOffer } from './install-prompt';

const InstallHint = lazy(() => import('./install-hint'));

export function InstallHintSlot() {
  const offer = useInstallOffer();
  const { isAuthenticated } = useCurrentUser();
  if (!isAuthenticated || (offer.kind !== 'prompt' && offer.kind !== 'ios')) return null;
  return (
    <Suspense fallback={null}>
      <InstallHint offer={offer} />
    </Suspense>
  );
}
