/**
 * The landing page's sections below the hero and the stats, in a chunk of their own that the page loads after its
 * first screen, drawn one per task: together they were most of the landing page's code, elements and its longest
 * task on a slow phone (docs/decisions/020-app-starts-after-the-first-paint.md). "View Pricing" draws them all at
 * once and then scrolls, whenever it was pressed.
 */
import { startTransition, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { CollectionSection } from './collection-section';
import { FeaturedSection } from './featured-section';
import { WhyChooseUs } from './why-choose-us';
import { PricingSection } from './pricing-section';
import { JoinBand } from './join-band';
import { scrollToPricing } from './hero-section';

export default function LowerSections({
  isAuthenticated,
  pricingRequests,
}: {
  isAuthenticated: boolean;
  /** How many times "View Pricing" was pressed: each press shows every section and scrolls to the pricing. */
  pricingRequests: number;
}) {
  const sections: ReactNode[] = [
    <CollectionSection key="collection" />,
    <FeaturedSection key="featured" />,
    <WhyChooseUs key="why" />,
    <PricingSection key="pricing" />,
    ...(isAuthenticated ? [] : [<JoinBand key="join" />]),
  ];
  const [drawn, setDrawn] = useState(0);
  const shown = pricingRequests > 0 ? sections.length : drawn;

  useEffect(() => {
    if (shown >= sections.length) return;
    const timer = setTimeout(() => startTransition(() => setDrawn((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, sections.length]);

  useLayoutEffect(() => {
    if (pricingRequests > 0) scrollToPricing();
  }, [pricingRequests]);

  // Until every section is there, a screen-high space keeps the footer below the fold, so nothing on screen moves.
  return <div className={shown < sections.length ? 'min-h-dvh' : undefined}>{sections.slice(0, shown)}</div>;
}
