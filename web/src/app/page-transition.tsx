import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Fades each screen in when the path changes (docs/product/routes-and-screens.md#application-shell). The wrapper is
 * keyed on the path, and the fade is a CSS transition from @starting-style, so no JavaScript runs per frame; the global
 * prefers-reduced-motion rule in styles.css shortens it to nothing.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div
      key={pathname}
      data-page={pathname}
      className="transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none"
    >
      {children}
    </div>
  );
}
