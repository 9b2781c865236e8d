/**
 * The back office's frame (docs/product/routes-and-screens.md#back-office): a side navigation of every back-office
 * screen beside the routed screen. Desktop first: a sticky column from 1024 px; narrower, the same links become one
 * horizontally scrolling row above the screen so a phone can still reach everything. Plain links in document order,
 * so Tab walks them and the current one carries aria-current="page".
 */
import { Suspense, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { cn } from '@web/lib/cn';
import { Spinner } from '@web/components/ui/spinner';
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  BookOpen,
  CreditCard,
  FolderTree,
  LayoutDashboard,
  Library,
  Mail,
  MessageSquare,
  ScrollText,
  Search,
  Tags,
  Users,
} from 'lucide-react';
import { ADMIN_ROLES } from '@shared/permissions';
import { useCurrentUser } from '@web/features/auth/queries';
import { ADMIN_NAV_GROUPS } from './admin-nav';

const ICONS: Record<string, LucideIcon> = {
  '/admin': LayoutDashboard,
  '/admin/audit-log': ScrollText,
  '/admin/users': Users,
  '/admin/loans': Library,
  '/admin/email-management': Mail,
  '/admin/feedback': MessageSquare,
  '/admin/plans': Tags,
  '/admin/subscription-management': CreditCard,
  '/admin/financial-reports': BarChart3,
  '/admin/books': BookOpen,
  '/admin/bulk-categorization': FolderTree,
  '/admin/seo': Search,
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
  );

export function AdminNavigation() {
  const { user } = useCurrentUser();
  // A moderator reaches only the feedback triage; the server refuses the rest whatever this list shows.
  const isAdmin = ADMIN_ROLES.includes(user?.role ?? 'user');
  const groups = ADMIN_NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => isAdmin || item.moderatorsToo),
  })).filter((group) => group.items.length > 0);
  return (
    <nav aria-label="Back office" className="lg:sticky lg:top-20">
      <p className="hidden px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground lg:block">
        Back office
      </p>
      <div className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:gap-0 lg:overflow-visible lg:pb-0">
        {groups.map((group) => (
          <div key={group.heading} className="flex shrink-0 lg:block">
            <h2 className="hidden px-3 pb-1 pt-4 text-xs font-semibold text-muted-foreground lg:block">
              {group.heading}
            </h2>
            <ul className="flex gap-1 lg:flex-col lg:gap-0.5">
              {group.items.map((item) => {
                const Icon = ICONS[item.path] ?? LayoutDashboard;
                return (
                  <li key={item.path} className="shrink-0">
                    <NavLink to={item.path} end className={linkClass}>
                      <Icon className="size-4" aria-hidden="true" />
                      {item.label}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-[1600px] flex-col gap-4 px-3 pb-16 pt-4 sm:px-6 lg:flex-row lg:gap-8 lg:pt-8">
      <aside className="border-b border-border lg:w-56 lg:shrink-0 lg:border-b-0 lg:border-r lg:pr-4">
        <AdminNavigation />
      </aside>
      <div className="min-w-0 flex-1">
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner label="Loading..." />
            </div>
          }
        >
          {children}
        </Suspense>
      </div>
    </div>
  );
}
