/**
 * The back office's routes (docs/product/routes-and-screens.md#back-office): every screen of the side navigation
 * (features/admin-shell/admin-nav.ts) with its lazy screen, all inside the admin layout and behind the 'admin' guard.
 * A screen not built yet shows the back office's own "not open yet" panel.
 */
import { lazy, type ReactElement } from 'react';
import { ADMIN_NAV_ITEMS } from '@web/features/admin-shell/admin-nav';
import type { TRouteAccess } from './planned-areas';

const AdminPlannedScreen = lazy(() => import('@web/features/admin-shell/admin-page'));
export const AdminLayout = lazy(() => import('@web/features/admin-shell/admin-layout'));
const AdminOverviewPage = lazy(() => import('@web/features/admin-overview/admin-overview-page'));
const SubscriptionManagementPage = lazy(() => import('@web/features/admin-subscriptions/subscription-management-page'));
const FinancialReportsPage = lazy(() => import('@web/features/admin-reports/financial-reports-page'));
const EmailManagementPage = lazy(() => import('@web/features/admin-email/email-management-page'));

const UsersPage = lazy(() => import('@web/features/admin-users/users-page'));
const UserDetailPage = lazy(() => import('@web/features/admin-users/user-detail-page'));
const PlansPage = lazy(() => import('@web/features/admin-plans/plans-page'));
const AdminLoansPage = lazy(() => import('@web/features/admin-loans/loans-page'));
const AuditLogPage = lazy(() => import('@web/features/admin-audit/audit-log-page'));
const BooksPage = lazy(() => import('@web/features/admin-books/books-page'));
const BookEditorPage = lazy(() => import('@web/features/admin-books/book-editor-page'));

/** Built back-office screens by path; the others fall back to the planned panel. */
const BUILT_ADMIN_SCREENS: Record<string, ReactElement> = {
  '/admin': <AdminOverviewPage />,
  '/admin/subscription-management': <SubscriptionManagementPage />,
  '/admin/financial-reports': <FinancialReportsPage />,
  '/admin/email-management': <EmailManagementPage />,
  '/admin/users': <UsersPage />,
  '/admin/plans': <PlansPage />,
  '/admin/loans': <AdminLoansPage />,
  '/admin/audit-log': <AuditLogPage />,
  '/admin/books': <BooksPage />,
};

export interface AdminScreen {
  path: string;
  access: TRouteAccess;
  element: ReactElement;
}

export const ADMIN_SCREENS: AdminScreen[] = [
  ...ADMIN_NAV_ITEMS.map(
    (item): AdminScreen => ({
      path: item.path,
      access: 'admin',
      element: BUILT_ADMIN_SCREENS[item.path] ?? <AdminPlannedScreen path={item.path} />,
    }),
  ),
  // Detail screens reached from a list, not from the navigation.
  { path: '/admin/users/:id', access: 'admin', element: <UserDetailPage /> },
  { path: '/admin/books/:id', access: 'admin', element: <BookEditorPage /> },
];
