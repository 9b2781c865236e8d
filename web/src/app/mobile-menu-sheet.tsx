import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import type { TCurrentUser } from '@shared/auth';
import { SubscriptionBadge } from '@web/components/subscription-badge';
import { Avatar, initialsOf } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { useEffectiveTier } from '@web/features/selections/queries';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@web/components/ui/sheet';
import { cn } from '@web/lib/cn';
import {
  ADMIN_MENU_LINKS,
  MOBILE_MENU_ID,
  MOBILE_MENU_LINKS,
  MODERATION_LINK,
  SUPER_ADMIN_MENU_LINK,
  canModerate,
  canSeeAdmin,
  canSeeSuperAdmin,
  type NavLinkItem,
} from './navigation';
import { useLogout } from './use-logout';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-11 items-center rounded-md px-3 text-base font-medium transition-colors',
    isActive ? 'bg-secondary text-secondary-foreground' : 'text-foreground hover:bg-muted',
  );

function MenuLinks({ links }: { links: NavLinkItem[] }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/' || link.to === '/admin'} className={linkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export interface MobileMenuSheetProps {
  user: TCurrentUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the sheet closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The side sheet of the mobile menu (docs/product/routes-and-screens.md#navigation); loaded the first time the menu
 * opens.
 */
export default function MobileMenuSheet({ user, open, onOpenChange, triggerRef }: MobileMenuSheetProps) {
  const links = MOBILE_MENU_LINKS.filter((link) => !link.isPersonal || user);
  const isAdmin = canSeeAdmin(user?.role);
  const isSuperAdmin = canSeeSuperAdmin(user?.role);
  const isModerator = canModerate(user?.role);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id={MOBILE_MENU_ID}
        side="right"
        closeLabel="Close menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription className="sr-only">Pages of Wonderful Books and your account.</SheetDescription>
        </SheetHeader>

        {user ? <UserSummary user={user} /> : null}

        <nav aria-label="Mobile" className="flex flex-col gap-4 p-3">
          <MenuLinks links={links} />
          {isModerator ? (
            <section aria-labelledby="mobile-menu-community" className="border-t border-border pt-3">
              <h2
                id="mobile-menu-community"
                className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
              >
                Community
              </h2>
              <MenuLinks links={[MODERATION_LINK]} />
            </section>
          ) : null}
          {isAdmin ? (
            <section aria-labelledby="mobile-menu-admin" className="border-t border-border pt-3">
              <h2
                id="mobile-menu-admin"
                className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
              >
                Admin
              </h2>
              <MenuLinks links={isSuperAdmin ? [...ADMIN_MENU_LINKS, SUPER_ADMIN_MENU_LINK] : ADMIN_MENU_LINKS} />
            </section>
          ) : null}
        </nav>

        <div className="mt-auto border-t border-border p-4">{user ? <SignOutButton /> : <SignedOutActions />}</div>
      </SheetContent>
    </Sheet>
  );
}

function UserSummary({ user }: { user: TCurrentUser }) {
  const badgeTier = useEffectiveTier(user);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || user.email;
  return (
    <Link
      to="/profile"
      className="mx-3 mt-3 flex items-center gap-3 rounded-lg border border-border p-3 hover:bg-muted"
    >
      <Avatar
        className="size-10 text-sm"
        imageUrl={user.profileImageUrl}
        initials={initialsOf(user.firstName, user.lastName, user.email)}
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-sm text-muted-foreground">View profile</span>
      </span>
      <SubscriptionBadge tier={badgeTier} />
    </Link>
  );
}

function SignOutButton() {
  const logout = useLogout();
  return (
    <Button variant="outline" className="h-11 w-full" onClick={() => logout.mutate()} disabled={logout.isPending}>
      <LogOut aria-hidden="true" />
      {logout.isPending ? 'Signing out...' : 'Sign Out'}
    </Button>
  );
}

function SignedOutActions() {
  return (
    <div className="flex flex-col gap-2">
      <Button asChild className="h-11">
        <Link to="/auth/login">Sign In</Link>
      </Button>
      <Button asChild variant="outline" className="h-11">
        <Link to="/auth/register">Register</Link>
      </Button>
    </div>
  );
}
