/**
 * The route table of docs/product/routes-and-screens.md#route-table. Every screen is its own lazy chunk so the first
 * load carries only the shell. Screens live in features/ (default exports); the back office's are one lazy module
 * (admin-app.tsx). Every route carries the access rule of the table (route-access.ts), and the route guard
 * (route-guard.tsx) wraps the guarded ones.
 */
import { lazy, useEffect, type ReactElement } from 'react';
import { createBrowserRouter, matchPath, useMatches, type RouteObject } from 'react-router-dom';
import { showQueuedFlashToast } from '@web/features/auth/flash-toast';
import { queryClient } from '@web/lib/query-client';
import { ErrorScreen } from './error-screen';
import { RootLayout } from './layout';
import type { TRouteAccess } from './route-access';
import { ADMIN_SCREENS, type AdminRouteHandle } from './admin-routes';
import { RouteGuard, decideAccess, isGuarded } from './route-guard';

const HomePage = lazy(() => import('@web/features/home/home-page'));
const BookstorePage = lazy(() => import('@web/features/catalogue/bookstore-page'));
const BookDetailPage = lazy(() => import('@web/features/catalogue/book-detail-page'));
const ModerationPage = lazy(() => import('@web/features/reviews/moderation-page'));
const ChallengesPage = lazy(() => import('@web/features/challenges/challenges-page'));
const ChallengePage = lazy(() => import('@web/features/challenges/challenge-page'));
const SubscribePage = lazy(() => import('@web/features/subscribe/subscribe-page'));
const LoginPage = lazy(() => import('@web/features/auth/login-page'));
const RegisterPage = lazy(() => import('@web/features/auth/register-page'));
const VerifyEmailPage = lazy(() => import('@web/features/auth/verify-email-page'));
const ForgotPasswordPage = lazy(() => import('@web/features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@web/features/auth/reset-password-page'));
const UnlockAccountPage = lazy(() => import('@web/features/auth/unlock-account-page'));
const EmailVerifiedPage = lazy(() => import('@web/features/auth/email-verified-page'));
const EmergencyLoginPage = lazy(() => import('@web/features/auth/emergency-login-page'));
const UnsubscribePage = lazy(() => import('@web/features/email/unsubscribe-page'));
const ProfilePage = lazy(() => import('@web/features/profile/profile-page'));
const LibraryPage = lazy(() => import('@web/features/library/library-page'));
const AssistantPage = lazy(() => import('@web/features/assistant/assistant-page'));
const DashboardPage = lazy(() => import('@web/features/dashboard/dashboard-page'));
const LoansPage = lazy(() => import('@web/features/loans/loans-page'));
const BillingPage = lazy(() => import('@web/features/billing/billing-page'));
const DevicesPage = lazy(() => import('@web/features/devices/devices-page'));
const OfflinePage = lazy(() => import('@web/features/offline/offline-page'));
const HighlightsPage = lazy(() => import('@web/features/highlights/highlights-page'));
const ReviewPage = lazy(() => import('@web/features/highlights/review-page'));
const SimulatedCheckoutPage = lazy(() => import('@web/features/checkout/simulated-checkout-page'));
const PaymentSuccessPage = lazy(() => import('@web/features/checkout/payment-success-page'));
const importReaderPage = () => import('@web/features/reader/reader-page');
const ReaderPage = lazy(importReaderPage);
const PreviewPage = lazy(() => import('@web/features/reader/preview-page'));
const FeedbackPage = lazy(() => import('@web/features/feedback/feedback-page'));
// The footer's support and company pages (docs/product/site-content.md#static-pages): one module, one screen per key.
const SitePage = lazy(() => import('@web/features/site-pages/site-page'));
const DemoMailboxPage = lazy(() => import('@web/features/demo-mailbox/demo-mailbox-page'));
// Operations and diagnostics (docs/product/operations.md).
const HealthDashboardPage = lazy(() => import('@web/features/health/health-dashboard-page'));
const SystemSettingsPage = lazy(() => import('@web/features/system-settings/system-settings-page'));
const SuperAdminPage = lazy(() => import('@web/features/super-admin/super-admin-page'));
const TestingQaPage = lazy(() => import('@web/features/diagnostics/testing-qa-page'));
const AccessibilityTestPage = lazy(() => import('@web/features/diagnostics/accessibility-test-page'));
const RouteProtectionDemoPage = lazy(() => import('@web/features/diagnostics/route-protection-demo-page'));
const AdminApp = lazy(() => import('./admin-app'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/** Three paths show the same book-detail screen (docs/product/routes-and-screens.md#route-table). */
export const BOOK_DETAIL_PATHS = ['/book/:id', '/books/:id', '/book-detail/:id'] as const;

export interface AppScreen {
  path: string;
  access: TRouteAccess;
  element: ReactElement;
  /** Starts fetching what the screen needs as soon as its path matches, before the route guard's checks end. */
  preload?: () => void;
}

/**
 * The reader's code, pdf.js and its worker are fetched in parallel with the route guard's requests
 * (current user, entitlements), not one after the other; a failure surfaces when the screen loads them.
 */
function preloadReader(): void {
  // Imported here, not at the top: the landing page's code must carry none of pdf.js's loader.
  import('@web/features/reader/pdf/load-pdfjs').then(({ loadPdfjs }) => loadPdfjs()).catch(() => undefined);
  // The book itself, from the data the reader page carries, as soon as the screen's code has arrived and
  // before React has rendered anything (docs/decisions/021-reader-open-path.md).
  importReaderPage().then(
    ({ startEarlyBookOpen }) => startEarlyBookOpen(queryClient, window.location),
    () => undefined,
  );
}

/**
 * Built screens with their access rule from docs/product/routes-and-screens.md#route-table (planned areas carry theirs
 * in route-access.ts).
 */
export const APP_SCREENS: AppScreen[] = [
  { path: '/bookstore', access: 'public', element: <BookstorePage /> },
  ...BOOK_DETAIL_PATHS.map((path): AppScreen => ({ path, access: 'public', element: <BookDetailPage /> })),
  { path: '/subscribe', access: 'public', element: <SubscribePage /> },
  { path: '/challenges', access: 'public', element: <ChallengesPage /> },
  { path: '/challenges/:id', access: 'public', element: <ChallengePage /> },
  { path: '/auth/login', access: 'public', element: <LoginPage /> },
  { path: '/auth/register', access: 'public', element: <RegisterPage /> },
  { path: '/auth/verify-email', access: 'public', element: <VerifyEmailPage /> },
  { path: '/auth/forgot-password', access: 'public', element: <ForgotPasswordPage /> },
  { path: '/auth/reset-password', access: 'public', element: <ResetPasswordPage /> },
  { path: '/auth/unlock', access: 'public', element: <UnlockAccountPage /> },
  { path: '/email-verified', access: 'public', element: <EmailVerifiedPage /> },
  { path: '/unsubscribe', access: 'public', element: <UnsubscribePage /> },
  { path: '/emergency-login', access: 'public', element: <EmergencyLoginPage /> },
  // Demo mode on this machine only; elsewhere the API answers 404 and the page shows 'Page Not Found'.
  { path: '/demo/mailbox', access: 'public', element: <DemoMailboxPage /> },
  { path: '/profile', access: 'signed-in', element: <ProfilePage /> },
  { path: '/library', access: 'signed-in', element: <LibraryPage /> },
  { path: '/library/assistant/:bookId', access: 'subscriber', element: <AssistantPage /> },
  { path: '/dashboard', access: 'signed-in', element: <DashboardPage /> },
  { path: '/loans', access: 'signed-in', element: <LoansPage /> },
  { path: '/billing', access: 'signed-in', element: <BillingPage /> },
  { path: '/devices', access: 'signed-in', element: <DevicesPage /> },
  { path: '/offline', access: 'signed-in', element: <OfflinePage /> },
  { path: '/highlights', access: 'signed-in', element: <HighlightsPage /> },
  { path: '/review', access: 'signed-in', element: <ReviewPage /> },
  { path: '/moderation', access: 'signed-in', element: <ModerationPage /> },
  // Not in the route table of docs/product/routes-and-screens.md#route-table: the reader's feedback (docs/product/feedback.md).
  { path: '/feedback', access: 'signed-in', element: <FeedbackPage /> },
  { path: '/checkout/test/:sessionId', access: 'signed-in', element: <SimulatedCheckoutPage /> },
  { path: '/payment-success', access: 'public', element: <PaymentSuccessPage /> },
  { path: '/reader/:bookId', access: 'subscriber', element: <ReaderPage />, preload: preloadReader },
  { path: '/read/:bookId', access: 'subscriber', element: <ReaderPage />, preload: preloadReader },
  // Not in the route table of docs/product/routes-and-screens.md#route-table: the public preview of a book's first
  // pages, opened from its detail page.
  { path: '/book/:id/preview', access: 'public', element: <PreviewPage /> },
  // Operations and diagnostics (docs/product/operations.md; docs/product/decisions.md#5).
  { path: '/health-dashboard', access: 'diagnostics', element: <HealthDashboardPage /> },
  { path: '/system-settings', access: 'super-admin', element: <SystemSettingsPage /> },
  { path: '/super-admin', access: 'super-admin', element: <SuperAdminPage /> },
  // The diagnostics get the real route table and the guard's own decision (they cannot import the app shell).
  {
    path: '/testing-qa',
    access: 'diagnostics',
    element: <TestingQaPage routeTable={() => routeAccessTable()} decide={decideAccess} />,
  },
  {
    path: '/accessibility-test',
    access: 'diagnostics',
    element: <AccessibilityTestPage routeTable={() => routeAccessTable()} />,
  },
  {
    path: '/route-protection-demo',
    access: 'diagnostics',
    element: <RouteProtectionDemoPage routeTable={() => routeAccessTable()} decide={decideAccess} />,
  },
  // Not in the route table: the footer's support and company pages (docs/product/site-content.md#static-pages).
  { path: '/help', access: 'public', element: <SitePage pageKey="help" /> },
  { path: '/about', access: 'public', element: <SitePage pageKey="about" /> },
  { path: '/contact', access: 'public', element: <SitePage pageKey="contact" /> },
  { path: '/privacy', access: 'public', element: <SitePage pageKey="privacy" /> },
  { path: '/terms', access: 'public', element: <SitePage pageKey="terms" /> },
];

/** Every routed path with its access rule: built screens and planned areas. */
export function routeAccessTable(): { path: string; access: TRouteAccess }[] {
  return [...APP_SCREENS, ...ADMIN_SCREENS].map(({ path, access }) => ({ path, access }));
}

function guarded(access: TRouteAccess, element: ReactElement): ReactElement {
  return isGuarded(access) ? <RouteGuard access={access}>{element}</RouteGuard> : element;
}

/** Starts the screen's downloads as soon as its path matches, while the route guard still checks access. */
function Preloading({ preload, children }: { preload: () => void; children: ReactElement }) {
  useEffect(() => preload(), [preload]);
  return children;
}

/** The back office behind the guard of the matched screen: admins everywhere, moderators on the feedback triage. */
function AdminGuard() {
  const access = (useMatches().at(-1)?.handle as AdminRouteHandle | undefined)?.access ?? 'admin';
  return <RouteGuard access={access}>{<AdminApp />}</RouteGuard>;
}

/** A back-office child route draws nothing itself: the back-office module reads its handle and draws the screen. */
function NamedByHandle() {
  return null;
}

/** The shell, plus a toast queued by the page before a full redirect (logout, account deletion). */
function AppRoot() {
  useEffect(() => showQueuedFlashToast(), []);
  return <RootLayout />;
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <AppRoot />,
      // Errors in the shell itself (header, layout); screen errors stop at the layout's boundary.
      errorElement: <ErrorScreen />,
      children: [
        { index: true, element: <HomePage /> },
        ...APP_SCREENS.map(({ path, access, element, preload }) => ({
          path,
          element: preload ? (
            <Preloading preload={preload}>{guarded(access, element)}</Preloading>
          ) : (
            guarded(access, element)
          ),
        })),
        // The back office: one guarded lazy module (layout and every screen); each child route only names its screen.
        {
          element: <AdminGuard />,
          children: ADMIN_SCREENS.map((screen) => ({
            path: screen.path,
            handle: { adminPath: screen.path, access: screen.access } satisfies AdminRouteHandle,
            Component: NamedByHandle,
          })),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter() {
  // The first screen's downloads start now, not after React's first render has committed.
  const first = APP_SCREENS.find((screen) => screen.preload && matchPath(screen.path, window.location.pathname));
  first?.preload?.();
  return createBrowserRouter(createAppRoutes());
}
