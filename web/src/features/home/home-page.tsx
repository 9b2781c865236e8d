/**
 * The landing page (docs/product/routes-and-screens.md#landing-page) — also the signed-in home: the same sections, with
 * the hero's buttons chosen by sign-in state. While the current user is loading the visitor is treated as signed out,
 * so nothing flashes for the common signed-out case.
 */
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@web/features/auth/queries';
import { useSeo } from '../seo/use-seo';
import { homepageContentQueryOptions } from './queries';
import { HeroSection, scrollToPricing } from './components/hero-section';
import { StatsStrip } from './components/stats-strip';
import { CollectionSection } from './components/collection-section';
import { FeaturedSection } from './components/featured-section';
import { WhyChooseUs } from './components/why-choose-us';
import { PricingSection } from './components/pricing-section';
import { JoinBand } from './components/join-band';

/**
 * The sections below the hero and the stats are drawn one per task after the first screen: drawn and laid out at
 * once they made one long task on a slow phone (docs/decisions/020-app-starts-after-the-first-paint.md). Until then
 * a screen-high space holds the footer below the fold, so nothing on screen moves.
 */
function useSectionsShown(total: number): [shown: number, showAll: () => void] {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return [shown, () => flushSync(() => setShown(total))];
}

export default function HomePage() {
  useSeo('home');
  const { isAuthenticated, user } = useCurrentUser();
  const content = useQuery(homepageContentQueryOptions());
  const lowerSections: ReactNode[] = [
    <CollectionSection key="collection" />,
    <FeaturedSection key="featured" />,
    <WhyChooseUs key="why" />,
    <PricingSection key="pricing" />,
    ...(isAuthenticated ? [] : [<JoinBand key="join" />]),
  ];
  const [shownSections, showAllSections] = useSectionsShown(lowerSections.length);

  return (
    <div className="flex flex-col">
      <HeroSection
        content={content.data}
        isLoading={content.isPending}
        isAuthenticated={isAuthenticated}
        user={user ?? null}
        onViewPricing={() => {
          showAllSections();
          scrollToPricing();
        }}
      />
      <StatsStrip stats={content.data?.stats} isLoading={content.isPending} />
      {/*
        Below the fold on a phone. Not content-visibility: auto: with estimated sizes above it, "View Pricing"
        landed short of the pricing section once the skipped sections were drawn.
      */}
      <div className={shownSections < lowerSections.length ? 'min-h-dvh' : undefined}>
        {lowerSections.slice(0, shownSections)}
      </div>
    </div>
  );
}
