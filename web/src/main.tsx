/**
 * Entry point: fonts and styles, then the app inside StrictMode. If the page has no root element or
 * React cannot render at all, a plain message replaces the page (docs/product/errors.md#rendering-errors).
 */
import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/register-service-worker';
import { prepareBrowserDeviceForSignedInReader } from './app/prepare-browser-device';
import { createAppRouter } from './app/router';
import { currentUserQuery } from './features/auth/queries';
import { adoptServerSession } from './app/server-session';
import { queryClient } from './lib/query-client';
import { readInitialData } from './lib/initial-data';
import { seedFirstScreenQueries } from './app/seed-first-screen';
import { captureInstallPrompt } from './features/install/install-prompt';
import { revealAppNow } from './lib/first-screen';

const ROOT_MISSING_MESSAGE = 'Wonderful Books could not start because the page is incomplete. Please refresh the page.';
const START_FAILED_MESSAGE = 'Wonderful Books could not start. Please refresh the page.';

function showPlainError(message: string, container: HTMLElement = document.body): void {
  revealAppNow();
  const paragraph = document.createElement('p');
  paragraph.setAttribute('role', 'alert');
  paragraph.textContent = message;
  paragraph.style.cssText =
    'margin:2rem auto;max-width:36rem;padding:0 1rem;font:1rem/1.5 system-ui,sans-serif;color:#1c1917';
  container.replaceChildren(paragraph);
}

const rootElement = document.getElementById('root');
if (!rootElement) {
  showPlainError(ROOT_MISSING_MESSAGE);
} else {
  try {
    seedFirstScreenQueries(queryClient, readInitialData());
    // Who is signed in comes with the page: no GET /api/auth/user before the first screen.
    adoptServerSession(queryClient);
    captureInstallPrompt();
    const root = createRoot(rootElement, {
      // Errors outside every boundary unmount the app; leave a message instead of a blank page.
      onUncaughtError: (error) => {
        console.error(error);
        showPlainError(START_FAILED_MESSAGE, rootElement);
      },
    });
    // As a transition React renders the first screen in slices of a few milliseconds, yielding to the
    // browser in between, instead of one long task that blocks input on a slow phone
    // (docs/decisions/018-route-code-in-the-shell.md). The router (the route table matched against the address)
    // is built in a task after the one that evaluated the modules, so neither is long
    // (docs/decisions/020-app-starts-after-the-first-paint.md).
    setTimeout(() => {
      try {
        const router = createAppRouter();
        startTransition(() => {
          root.render(
            <StrictMode>
              <App router={router} queryClient={queryClient} />
            </StrictMode>,
          );
        });
      } catch (error) {
        console.error(error);
        showPlainError(START_FAILED_MESSAGE, rootElement);
      }
    }, 0);
    registerServiceWorker();
    prepareBrowserDeviceForSignedInReader(queryClient);
    // Offline licences are checked and renewed whenever online (docs/ARCHITECTURE.md#offline-devices-and-licences) by
    // the tab's offline engine, loaded a few seconds after start, in its own chunk, so the landing page does not carry
    // IndexedDB or licence code. A chunk that cannot load (offline before the worker cached it) only skips this round.
    window.setTimeout(() => {
      import('./features/offline/offline-engine').then(
        ({ offlineEngine }) =>
          offlineEngine.startLicenseMaintenance({
            signedInUserId: async () => (await queryClient.fetchQuery(currentUserQuery))?.id ?? null,
          }),
        () => undefined,
      );
    }, 3000);
  } catch (error) {
    console.error(error);
    showPlainError(START_FAILED_MESSAGE, rootElement);
  }
}
