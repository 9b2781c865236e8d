import { FirstScreenHandOff } from '@web/lib/first-screen';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ErrorBoundary } from './error-boundary';
import { FeedbackLauncher } from '@web/features/feedback/feedback-launcher';
import { Footer } from './footer';
import { Header } from './header';
import { PageTransition } from './page-transition';
import { RouteFallback } from './route-fallback';
import { ScrollToTopButton } from './scroll-to-top-button';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/**
 * The shell around every screen (docs/product/routes-and-screens.md#application-shell): skip link, sticky header, the
 * routed screen (lazy, behind the error boundary and the 'Loading...' spinner), footer, scroll-to-top, and the feedback control for signed-in readers.
 * ScrollRestoration scrolls to the top on new navigations and restores positions on back/forward.
 */
export function RootLayout() {
  return (
    <>
      <SkipLink />
      <div className="flex min-h-dvh flex-col">
        <Header />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
          <ErrorBoundary>
            <Suspense fallback={<RouteFallback />}>
              <PageTransition>
                <Outlet />
              </PageTransition>
              <FirstScreenHandOff />
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
      <ScrollToTopButton />
      <FeedbackLauncher />
      <ScrollRestoration />
    </>
  );
}
