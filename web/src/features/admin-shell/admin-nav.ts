/**
 * The back office's screens as the side navigation lists them (docs/product/routes-and-screens.md#back-office): path,
 * link label and page title. The back-office module (web/src/app/admin-app.tsx) pairs each path with its screen and the
 * first bundle knows only the paths (web/src/app/admin-routes.tsx); the server answers every one of these paths with
 * the shell (shared/spa-routes.ts). Icons live with the layout (admin-layout.tsx).
 */
export interface AdminNavItem {
  path: string;
  label: string;
  /** The page's title (h1 and tab title). */
  title: string;
  /** Moderators may open it too (web/src/app/admin-routes.tsx FEEDBACK_TRIAGE_PATHS; a test keeps them in step). */
  moderatorsToo?: boolean;
}

export interface AdminNavGroup {
  heading: string;
  items: AdminNavItem[];
}

export const ADMIN_NAV_GROUPS: AdminNavGroup[] = [
  {
    heading: 'Service',
    items: [
      { path: '/admin', label: 'Overview', title: 'Admin Dashboard' },
      { path: '/admin/audit-log', label: 'Audit log', title: 'Audit Log' },
    ],
  },
  {
    heading: 'People',
    items: [
      { path: '/admin/users', label: 'Users', title: 'Users' },
      { path: '/admin/loans', label: 'Loans', title: 'Loans' },
      { path: '/admin/email-management', label: 'E-mail', title: 'Email Management' },
      { path: '/admin/feedback', label: 'Feedback', title: 'Feedback Triage', moderatorsToo: true },
    ],
  },
  {
    heading: 'Money',
    items: [
      { path: '/admin/plans', label: 'Plans', title: 'Plans' },
      {
        path: '/admin/subscription-management',
        label: 'Subscriptions',
        title: 'Subscription Management',
      },
      { path: '/admin/financial-reports', label: 'Reports', title: 'Financial Reports' },
    ],
  },
  {
    heading: 'Catalogue',
    items: [
      { path: '/admin/books', label: 'Books', title: 'Books' },
      {
        path: '/admin/bulk-categorization',
        label: 'Bulk categorisation',
        title: 'Bulk Categorisation',
      },
      { path: '/admin/seo', label: 'SEO', title: 'SEO Management' },
    ],
  },
];

export const ADMIN_NAV_ITEMS: AdminNavItem[] = ADMIN_NAV_GROUPS.flatMap((group) => group.items);

/** The nav item of a back-office path (its title and icon). */
export function adminNavItem(path: string): AdminNavItem {
  const item = ADMIN_NAV_ITEMS.find((candidate) => candidate.path === path);
  if (!item) throw new Error(`No back-office screen at ${path}`);
  return item;
}
