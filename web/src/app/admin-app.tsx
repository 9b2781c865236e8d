/**
 * The whole back office as one lazy module (docs/product/routes-and-screens.md#back-office): the admin layout (side
 * navigation) and every screen of features/admin-shell/admin-nav.ts. The first bundle holds only the paths
 * (admin-routes.tsx); this module and each screen load when an admin opens the back office, after the route guard.
 * A screen not built yet shows the back office's own "not open yet" panel.
 */
import { lazy, type ReactElement } from 'react';
import { useMatches } from 'react-router-dom';
import AdminLayout from '@web/features/admin-shell/admin-layout';
import { ADMIN_DETAIL_PATHS, type AdminRouteHandle, type TAdminScreenPath } from './admin-routes';
import NotFoundPage from './not-found-page';

const AdminOverviewPage = lazy(() => import('@web/features/admin-overview/admin-overview-page'));
const SubscriptionManagementPage = lazy(() => import('@web/features/admin-subscriptions/subscription-management-page'));
const FinancialReportsPage = lazy(() => import('@web/features/admin-reports/financial-reports-page'));
const EmailManagementPage = lazy(() => import('@web/features/admin-email/email-management-page'));
const UsersPage = lazy(() => import('@web/features/admin-users/users-page'));
const UserDetailPage = lazy(() => import('@web/features/admin-users/user-detail-page'));
const PlansPage = lazy(() => import('@web/features/admin-plans/plans-page'));
const AdminLoansPage = lazy(() => import('@web/features/admin-loans/loans-page'));
const FeedbackTriagePage = lazy(() => import('@web/features/admin-feedback/feedback-triage-page'));
const AuditLogPage = lazy(() => import('@web/features/admin-audit/audit-log-page'));
const BooksPage = lazy(() => import('@web/features/admin-books/books-page'));
const BookEditorPage = lazy(() => import('@web/features/admin-books/book-editor-page'));
// Catalogue and site content (docs/product/site-content.md)
const BulkCategorizationPage = lazy(() => import('@web/features/admin-categories/bulk-categorization-page'));
const SeoPage = lazy(() => import('@web/features/admin-seo/seo-page'));

/** Every back-office screen by route path (admin-routes.tsx): a path without a screen does not compile. */
const ADMIN_SCREEN_ELEMENTS: Record<TAdminScreenPath, () => ReactElement> = {
  '/admin': () => <AdminOverviewPage />,
  '/admin/subscription-management': () => <SubscriptionManagementPage />,
  '/admin/financial-reports': () => <FinancialReportsPage />,
  '/admin/email-management': () => <EmailManagementPage />,
  '/admin/users': () => <UsersPage />,
  [ADMIN_DETAIL_PATHS.user]: () => <UserDetailPage />,
  '/admin/plans': () => <PlansPage />,
  '/admin/loans': () => <AdminLoansPage />,
  '/admin/audit-log': () => <AuditLogPage />,
  '/admin/feedback': () => <FeedbackTriagePage />,
  '/admin/books': () => <BooksPage />,
  [ADMIN_DETAIL_PATHS.book]: () => <BookEditorPage />,
  // Catalogue and site content
  '/admin/bulk-categorization': () => <BulkCategorizationPage />,
  '/admin/seo': () => <SeoPage />,
};

/** The screen of the matched back-office route (its path rides on the route's handle). */
function AdminScreen() {
  const path = (useMatches().at(-1)?.handle as AdminRouteHandle | undefined)?.adminPath ?? '/admin';
  const screen = ADMIN_SCREEN_ELEMENTS[path as TAdminScreenPath];
  return screen ? screen() : <NotFoundPage />;
}

export default function AdminApp() {
  return (
    <AdminLayout>
      <AdminScreen key={useMatches().at(-1)?.pathname} />
    </AdminLayout>
  );
}
