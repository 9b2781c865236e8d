/** The dashboard's review card figures (docs/product/highlights.md#review-cards): cards due now and the streak. */
import { Link } from 'react-router-dom';
import { GraduationCap } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useReviewDeck } from '../use-review-deck';

export function ReviewWidget({ className }: { className?: string }) {
  const deck = useReviewDeck();
  if (deck.isLoading || deck.deck.cards.length === 0) return null;
  const due = deck.due.length;
  return (
    <section
      aria-labelledby="review-title"
      className={`flex flex-wrap items-center gap-4 rounded-xl border border-border bg-card p-4 shadow-sm ${className ?? ''}`}
    >
      <GraduationCap className="size-6 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="review-title" className="font-serif text-lg font-semibold">
          Review cards
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="review-widget">
          {due === 1 ? '1 card due' : `${due} cards due`} · streak {deck.streak === 1 ? '1 day' : `${deck.streak} days`}
        </p>
      </div>
      <Button asChild variant={due > 0 ? 'default' : 'outline'}>
        <Link to="/review">{due > 0 ? 'Start review' : 'Open review'}</Link>
      </Button>
    </section>
  );
}
