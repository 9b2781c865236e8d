import { Suspense, lazy, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Menu } from 'lucide-react';
import type { TCurrentUser } from '@shared/auth';
import { Button } from '@web/components/ui/button';
import { MOBILE_MENU_ID } from './navigation';

// The sheet (Radix Dialog, focus trap, scroll lock) is fetched on first use, not with the first page.
const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(loadSheet);

/**
 * The menu button below md and its side sheet (docs/product/routes-and-screens.md#navigation). The sheet is open only
 * for the location it was opened at, so any navigation (a link in it, the back button, a redirect) closes it.
 */
export function MobileMenu({ user }: { user: TCurrentUser | null }) {
  const location = useLocation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [openedAtKey, setOpenedAtKey] = useState<string | null>(null);
  const [hasOpened, setHasOpened] = useState(false);
  const isOpen = openedAtKey === location.key;

  const setOpen = (open: boolean) => {
    if (open) setHasOpened(true);
    setOpenedAtKey(open ? location.key : null);
  };

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="size-11 md:hidden [&_svg]:size-6"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? MOBILE_MENU_ID : undefined}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => setOpen(!isOpen)}
      >
        <Menu aria-hidden="true" />
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <MobileMenuSheet user={user} open={isOpen} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
