import { ArrowUp } from 'lucide-react';
import { SCROLL_TOP_THRESHOLD_PX } from '@shared/limits';
import { prefersReducedMotion } from '@web/lib/motion';
import { useScrolledPast } from '@web/lib/use-scrolled-past';

/**
 * Floating button that appears after 300 px of scrolling (docs/product/routes-and-screens.md#application-shell) and
 * returns to the top.
 */
export function ScrollToTopButton() {
  const isVisible = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  if (!isVisible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      title="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
      className="fixed bottom-6 right-4 z-30 inline-flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-[opacity,translate] duration-200 hover:bg-primary/90 starting:translate-y-2 starting:opacity-0 sm:right-6"
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
