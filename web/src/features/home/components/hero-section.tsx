import { Link } from 'react-router-dom';
import { START_TRIAL_STATE } from '@web/features/auth/redirects';
import { ArrowRight, BookOpen, Library } from 'lucide-react';
import type { THomepageContent } from '@shared/content';
import type { TCurrentUser } from '@shared/auth';
import { effectiveTier, trialDaysLeft } from '@shared/entitlement';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { SearchBox } from '../../search/deferred-search-box';
import { bookstorePath } from '@web/lib/paths';

export const POPULAR_SEARCHES = ['Leadership', 'Personal Growth', 'Business', 'Psychology'] as const;

/** Shown only when the 'homepage' record cannot be read, so the page still has its h1. */
const FALLBACK = {
  heroTitle: 'Wonderful Books',
  heroSubtitle: 'Self-improvement and educational books to read online on any device, with your place kept.',
};

export function scrollToPricing() {
  const target = document.getElementById('pricing');
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Move focus too, so keyboard and screen-reader users land where the page scrolled to.
  target.focus({ preventScroll: true });
}

/**
 * What the hero says to a signed-in reader instead of the marketing line (docs/product/accounts.md#greetings): their
 * real state, from the server's record, never "your 7-day trial starts today" to someone with a plan.
 */
export function signedInHeroLine(user: TCurrentUser, now = Date.now()): string {
  const tier = effectiveTier(user, now);
  if (tier === 'premium') return 'Your Premium plan opens every book in the library. Pick up where you left off.';
  if (tier === 'basic') return 'Your Basic plan: pick up to 10 books each billing cycle, and read them offline too.';
  if (tier === 'trial') {
    const days = trialDaysLeft(user, now);
    return `Your free trial has ${days === 1 ? '1 day' : `${days} days`} left: pick up to 3 books and read them in full.`;
  }
  return 'You have no active plan at the moment. Previews are free; choose a plan to read whole books.';
}

export function HeroSection({
  content,
  isLoading,
  isAuthenticated,
  user = null,
  onViewPricing = scrollToPricing,
}: {
  content: THomepageContent | null | undefined;
  isLoading: boolean;
  isAuthenticated: boolean;
  user?: TCurrentUser | null;
  /** "View Pricing": scrolls to the pricing section (the page may first have to draw it). */
  onViewPricing?: () => void;
}) {
  const loaded = content ?? (isLoading ? null : FALLBACK);
  const text = loaded && user && isAuthenticated ? { ...loaded, heroSubtitle: signedInHeroLine(user) } : loaded;
  return (
    <section
      aria-labelledby="hero-title"
      className="relative border-b border-border bg-gradient-to-b from-secondary/70 via-background to-background"
    >
      {/* The glow is clipped on its own layer so the search suggestions can overflow the hero. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
        <div className="absolute -right-24 -top-24 size-96 rounded-full bg-accent/10 blur-3xl" />
      </div>
      <div className="relative mx-auto flex w-full max-w-4xl flex-col items-center gap-6 px-4 pb-16 pt-14 text-center sm:px-6 md:pb-24 md:pt-24">
        {text ? (
          <>
            <h1
              id="hero-title"
              className="font-serif text-4xl font-bold leading-tight tracking-tight text-balance sm:text-5xl md:text-6xl"
            >
              {text.heroTitle}
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground text-pretty md:text-xl">{text.heroSubtitle}</p>
          </>
        ) : (
          <div className="flex w-full flex-col items-center gap-4" role="status">
            <span className="sr-only">Loading...</span>
            <h1 id="hero-title" className="sr-only">
              {FALLBACK.heroTitle}
            </h1>
            <Skeleton className="h-12 w-11/12 max-w-2xl md:h-16" />
            <Skeleton className="h-6 w-3/4 max-w-xl" />
          </div>
        )}

        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          {isAuthenticated ? (
            <>
              <Button asChild size="lg">
                <Link to="/library">
                  <Library aria-hidden="true" />
                  My Library
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/bookstore">
                  <BookOpen aria-hidden="true" />
                  Browse Books
                </Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild size="lg" variant="accent">
                <Link to="/auth/login" state={START_TRIAL_STATE}>
                  Start 7-Day Trial
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button size="lg" variant="outline" type="button" onClick={onViewPricing}>
                View Pricing
              </Button>
            </>
          )}
        </div>

        <div className="mt-2 w-full max-w-2xl">
          <SearchBox size="lg" />
          <div className="mt-4 flex flex-wrap items-center justify-center gap-2">
            <span className="text-sm text-muted-foreground" id="popular-searches-label">
              Popular searches:
            </span>
            <ul className="flex flex-wrap justify-center gap-2" aria-labelledby="popular-searches-label">
              {POPULAR_SEARCHES.map((chip) => (
                <li key={chip}>
                  <Link
                    to={bookstorePath({ search: chip })}
                    className="inline-flex h-8 items-center rounded-full border border-border bg-card px-3 text-sm font-medium transition-colors hover:border-primary hover:bg-secondary"
                  >
                    {chip}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}
