/**
 * The back office's screens as the side navigation lists them (docs/product/routes-and-screens.md#back-office): path,
 * link label, page title and icon. The router (web/src/app/admin-routes.tsx) pairs each path with its screen; the
 * server answers every one of these paths with the shell (shared/spa-routes.ts).
 */
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  CreditCard,
  FolderTree,
  LayoutDashboard,
  Library,
  Mail,
  ScrollText,
  Search,
  Tags,
  Users,
} from 'lucide-react';

export interface AdminNavItem {
  path: string;
  label: string;
  /** The page's title (h1 and tab title). */
  title: string;
  icon: LucideIcon;
}

export interface AdminNavGroup {
  heading: string;
  items: AdminNavItem[];
}

export const ADMIN_NAV_GROUPS: AdminNavGroup[] = [
  {
    heading: 'Service',
    items: [
      { path: '/admin', label: 'Overview', title: 'Admin Dashboard', icon: LayoutDashboard },
      { path: '/admin/audit-log', label: 'Audit log', title: 'Audit Log', icon: ScrollText },
    ],
  },
  {
    heading: 'People',
    items: [
      { path: '/admin/users', label: 'Users', title: 'Users', icon: Users },
      { path: '/admin/loans', label: 'Loans', title: 'Loans', icon: Library },
      { path: '/admin/email-management', label: 'E-mail', title: 'Email Management', icon: Mail },
    ],
  },
  {
    heading: 'Money',
    items: [
      { path: '/admin/plans', label: 'Plans', title: 'Plans', icon: Tags },
      {
        path: '/admin/subscription-management',
        label: 'Subscriptions',
        title: 'Subscription Management',
        icon: CreditCard,
      },
      { path: '/admin/financial-reports', label: 'Reports', title: 'Financial Reports', icon: BarChart3 },
    ],
  },
  {
    heading: 'Catalogue',
    items: [
      {
        path: '/admin/bulk-categorization',
        label: 'Bulk categorisation',
        title: 'Bulk Categorisation',
        icon: FolderTree,
      },
      { path: '/admin/seo', label: 'SEO', title: 'SEO Management', icon: Search },
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
