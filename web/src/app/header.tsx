import { Link, NavLink } from 'react-router-dom';
import { trialDaysLeft } from '@shared/entitlement';
import { Crown, Gavel, LogOut, ShieldCheck } from 'lucide-react';
import type { TCurrentUser } from '@shared/auth';
import { HEADER_OPAQUE_THRESHOLD_PX } from '@shared/limits';
import { LogoMark } from '@web/components/logo-mark';
import { SubscriptionBadge } from '@web/components/subscription-badge';
import { Avatar, initialsOf } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/features/auth/queries';
import { useEffectiveTier } from '@web/features/selections/queries';
import { cn } from '@web/lib/cn';
import { useScrolledPast } from '@web/lib/use-scrolled-past';
import { MobileMenu } from './mobile-menu';
import { HEADER_LINKS, MODERATION_LINK, canModerate, canSeeAdmin, canSeeSuperAdmin } from './navigation';
import { useLogout } from './use-logout';

const iconLinkClass =
  'inline-flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground';

export function BrandLink() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-md font-serif text-lg font-bold tracking-tight text-primary"
    >
      <LogoMark />
      {/* Between md and lg the full nav needs the room; the name stays for screen readers. */}
      <span className="md:max-lg:sr-only">Wonderful Books</span>
    </Link>
  );
}

/**
 * The sticky site header (docs/product/routes-and-screens.md#navigation). Role and plan come only from the server's
 * user record (useCurrentUser); below md the links move into the mobile side menu.
 */
export function Header() {
  const { user, isLoading, isAuthenticated } = useCurrentUser();
  const isScrolled = useScrolledPast(HEADER_OPAQUE_THRESHOLD_PX);
  const signedInUser = isAuthenticated ? user : null;
  const links = HEADER_LINKS.filter((link) => !link.isPersonal || signedInUser);

  return (
    <header
      data-scrolled={isScrolled ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-40 w-full border-b backdrop-blur transition-[background-color,box-shadow,border-color] duration-200',
        isScrolled ? 'border-border bg-background/95 shadow-md' : 'border-transparent bg-background/70',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <BrandLink />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === '/'}
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-10 items-center rounded-md px-2.5 text-sm font-medium transition-colors lg:px-3',
                      isActive
                        ? 'bg-secondary text-secondary-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex min-w-0 items-center gap-1.5 lg:gap-2">
          {isLoading ? (
            <Skeleton className="h-8 w-24" />
          ) : signedInUser ? (
            <SignedInControls user={signedInUser} />
          ) : (
            <SignedOutControls />
          )}
          <MobileMenu user={signedInUser} />
        </div>
      </div>
    </header>
  );
}

function SignedOutControls() {
  return (
    <>
      <Button asChild variant="ghost" className="hidden sm:inline-flex">
        <Link to="/auth/register">Register</Link>
      </Button>
      <Button asChild className="h-11 md:h-10">
        <Link to="/auth/login">Sign In</Link>
      </Button>
    </>
  );
}

function SignedInControls({ user }: { user: TCurrentUser }) {
  const logout = useLogout();
  const badgeTier = useEffectiveTier(user);
  const daysLeft = trialDaysLeft(user, Date.now());
  const firstName = user.firstName?.trim() || user.username || 'Account';
  return (
    <>
      <SubscriptionBadge tier={badgeTier} trialDaysLeft={daysLeft} />
      {canModerate(user.role) ? (
        <Link
          to={MODERATION_LINK.to}
          aria-label="Moderation queue"
          title="Moderation queue"
          className={cn(iconLinkClass, 'hidden md:inline-flex')}
        >
          <Gavel className="size-5" aria-hidden="true" />
        </Link>
      ) : null}
      {canSeeAdmin(user.role) ? (
        <Link
          to="/admin"
          aria-label="Admin dashboard"
          title="Admin dashboard"
          className={cn(iconLinkClass, 'hidden md:inline-flex')}
        >
          <ShieldCheck className="size-5" aria-hidden="true" />
        </Link>
      ) : null}
      {canSeeSuperAdmin(user.role) ? (
        <Link
          to="/super-admin"
          aria-label="Super admin tools"
          title="Super admin tools"
          className={cn(iconLinkClass, 'hidden md:inline-flex')}
        >
          <Crown className="size-5" aria-hidden="true" />
        </Link>
      ) : null}
      <Link
        to="/profile"
        className="hidden h-10 items-center gap-2 rounded-md px-1.5 text-sm font-medium transition-colors hover:bg-muted md:inline-flex lg:px-2"
      >
        <Avatar imageUrl={user.profileImageUrl} initials={initialsOf(user.firstName, user.lastName, user.email)} />
        {/* Visually hidden between md and lg where the row is tight; still the link's name. */}
        <span className="max-w-[10rem] truncate max-lg:sr-only">{firstName}</span>
      </Link>
      <Button
        variant="ghost"
        size="sm"
        className="hidden h-10 md:inline-flex"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
      >
        <LogOut aria-hidden="true" />
        <span className="max-lg:sr-only">{logout.isPending ? 'Logging out...' : 'Log out'}</span>
      </Button>
    </>
  );
}
