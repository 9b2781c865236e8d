/**
 * The landing page (docs/product/routes-and-screens.md#landing-page) — also the signed-in home: the same sections, with
 * the hero's buttons chosen by sign-in state. While the current user is loading the visitor is treated as signed out,
 * so nothing flashes for the common signed-out case.
 */
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '@web/features/auth/queries';
import { useSeo } from '../seo/use-seo';
import { homepageContentQueryOptions } from './queries';
import { HeroSection } from './components/hero-section';
import { StatsStrip } from './components/stats-strip';

const LowerSections = lazy(() => import('./components/lower-sections'));

export default function HomePage() {
  useSeo('home');
  const { isAuthenticated, user } = useCurrentUser();
  const content = useQuery(homepageContentQueryOptions());
  const [pricingRequests, setPricingRequests] = useState(0);

  return (
    <div className="flex flex-col">
      <HeroSection
        content={content.data}
        isLoading={content.isPending}
        isAuthenticated={isAuthenticated}
        user={user ?? null}
        onViewPricing={() => setPricingRequests((count) => count + 1)}
      />
      <StatsStrip stats={content.data?.stats} isLoading={content.isPending} />
      {/*
        Below the fold on a phone. Not content-visibility: auto: with estimated sizes above it, "View Pricing"
        landed short of the pricing section once the skipped sections were drawn.
      */}
      <Suspense fallback={<div className="min-h-dvh" />}>
        <LowerSections isAuthenticated={isAuthenticated} pricingRequests={pricingRequests} />
      </Suspense>
    </div>
  );
}
