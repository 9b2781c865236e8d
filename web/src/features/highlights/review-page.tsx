/**
 * /review (signed in; docs/product/highlights.md#review-cards): today's review session. The cards due
 * when the session starts are shown one at a time: the question (the highlighted text, or the note),
 * then the answer on "Show answer" (space), then one of four ratings (keys 1–4 or the buttons). A card
 * rated "Again" comes back at the end of the session. Works offline: the deck is kept on this device
 * and each rating waits in the outbox (use-review-deck.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { GraduationCap } from 'lucide-react';
import type { TReviewRating } from '@shared/highlights.schemas';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { StatePanel } from '@web/components/state-panel';
import { readerPath } from '@web/lib/paths';
import { useDocumentTitle } from '@web/lib/use-document-title';
import type { TDeckCard } from './overlay';
import { useQuoteCopyGuard } from './use-quote-copy-guard';
import { useReviewDeck } from './use-review-deck';

export const REVIEW_RATINGS_UI: { rating: TReviewRating; label: string; hint: string }[] = [
  { rating: 1, label: 'Again', hint: 'I did not remember it' },
  { rating: 2, label: 'Hard', hint: 'I remembered it with effort' },
  { rating: 3, label: 'Good', hint: 'I remembered it' },
  { rating: 4, label: 'Easy', hint: 'I knew it at once' },
];

/** The first third of a passage's words (at least three), the question of a quote card. */
export function passageOpening(quote: string): string {
  const words = quote.split(/\s+/).filter(Boolean);
  const shown = Math.max(3, Math.ceil(words.length / 3));
  return shown >= words.length ? quote : `${words.slice(0, shown).join(' ')} …`;
}

const streakText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

export default function ReviewPage() {
  useDocumentTitle('Review');
  const deck = useReviewDeck();
  // The session's cards are fixed when the deck first loads; later changes to the deck do not reshuffle them.
  const [queue, setQueue] = useState<TDeckCard[] | null>(null);
  const [isRevealed, setIsRevealed] = useState(false);
  const [reviewed, setReviewed] = useState(0);
  const revealRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (queue === null && !deck.isLoading) setQueue(deck.due);
  }, [queue, deck.isLoading, deck.due]);

  const current = queue?.[0] ?? null;

  const actions = useMemo(
    () => ({
      reveal: () => setIsRevealed(true),
      rate: (rating: TReviewRating) => {
        if (!current) return;
        deck.rate(current.card.id, rating);
        setReviewed((count) => count + 1);
        setIsRevealed(false);
        setQueue((items) => {
          const [first, ...rest] = items ?? [];
          return rating === 1 && first ? [...rest, first] : rest;
        });
      },
    }),
    [current, deck],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!current || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (!isRevealed && (event.key === ' ' || event.key === 'Enter')) {
        event.preventDefault();
        actions.reveal();
      } else if (isRevealed && ['1', '2', '3', '4'].includes(event.key)) {
        event.preventDefault();
        actions.rate(Number(event.key) as TReviewRating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, isRevealed, actions]);

  useEffect(() => {
    if (current && !isRevealed) revealRef.current?.focus({ preventScroll: true });
  }, [current, isRevealed]);
  // The last rating button goes with the last card: focus moves to the way on, not to the top of the page.
  const nextStepRef = useRef<HTMLAnchorElement>(null);
  const isFinished = queue !== null && !current && reviewed > 0;
  useEffect(() => {
    if (isFinished) nextStepRef.current?.focus({ preventScroll: true });
  }, [isFinished]);

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Review</h1>
      <p className="mt-2 text-muted-foreground" data-testid="review-summary">
        {queue === null
          ? 'Your cards from your highlights and notes.'
          : `${queue.length} to go · ${reviewed} reviewed · streak ${streakText(deck.streak)}`}
      </p>
      <div className="mt-6">
        {queue === null ? (
          deck.isError ? (
            <StatePanel icon={<GraduationCap />} title="Your cards could not be loaded" role="alert">
              Connect once so this browser can keep your cards for offline review.
            </StatePanel>
          ) : (
            <Spinner label="Loading your cards..." className="py-12" />
          )
        ) : !current ? (
          <StatePanel
            icon={<GraduationCap />}
            title={reviewed > 0 ? 'All done for today' : 'Nothing to review'}
            action={
              <Button asChild variant="outline">
                <Link ref={nextStepRef} to="/highlights">
                  Your highlights
                </Link>
              </Button>
            }
          >
            {deck.deck.cards.length === 0
              ? 'Make a review card from a highlight or note in the reader, and it is due here at once.'
              : 'Your next cards are due later. Come back tomorrow to keep your streak.'}
          </StatePanel>
        ) : (
          <ReviewCard
            item={current}
            isRevealed={isRevealed}
            revealRef={revealRef}
            onReveal={actions.reveal}
            onRate={actions.rate}
          />
        )}
      </div>
    </div>
  );
}

function ReviewCard({
  item,
  isRevealed,
  revealRef,
  onReveal,
  onRate,
}: {
  item: TDeckCard;
  isRevealed: boolean;
  revealRef: React.RefObject<HTMLButtonElement | null>;
  onReveal: () => void;
  onRate: (rating: TReviewRating) => void;
}) {
  const { card, highlight } = item;
  const articleRef = useRef<HTMLElement>(null);
  useQuoteCopyGuard(articleRef, highlight.bookId);
  const isNoteCard = card.kind === 'note' && !!highlight.note;
  const question = isNoteCard ? highlight.note! : passageOpening(highlight.quote);
  const answer = isNoteCard
    ? highlight.quote
    : highlight.quote + (highlight.note ? `\n\nYour note: ${highlight.note}` : '');
  return (
    <article
      ref={articleRef}
      aria-labelledby="review-question"
      className="rounded-xl border border-border bg-card p-5 shadow-sm"
    >
      <p className="text-sm text-muted-foreground">
        {highlight.bookTitle} · page {highlight.page} ·{' '}
        {isNoteCard ? 'Your note: what did the book say?' : 'How does this passage go on?'}
      </p>
      <blockquote
        id="review-question"
        className="mt-3 whitespace-pre-wrap font-serif text-lg"
        data-testid="review-question"
      >
        {question}
      </blockquote>
      {isRevealed ? (
        <>
          <div className="mt-4 border-t border-border pt-4" data-testid="review-answer">
            <p className="whitespace-pre-wrap">{answer}</p>
            <Link
              className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
              to={`${readerPath(highlight.bookId)}?page=${highlight.page}`}
            >
              Open page {highlight.page} in the reader
            </Link>
          </div>
          <fieldset className="mt-5">
            <legend className="text-sm font-medium">
              How well did you remember it? <span className="pointer-coarse:hidden">(keys 1–4)</span>
            </legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {REVIEW_RATINGS_UI.map(({ rating, label, hint }) => (
                <Button
                  key={rating}
                  type="button"
                  variant={rating === 3 ? 'default' : 'outline'}
                  className="h-14 flex-col gap-0"
                  onClick={() => onRate(rating)}
                  aria-keyshortcuts={String(rating)}
                  title={hint}
                >
                  <span>{label}</span>
                  <span className="text-xs font-normal opacity-80">{rating}</span>
                </Button>
              ))}
            </div>
          </fieldset>
        </>
      ) : (
        <Button ref={revealRef} type="button" className="mt-5 h-12 w-full" onClick={onReveal} aria-keyshortcuts="Space">
          Show answer {/* The key is a hint for keyboards; a touch screen has none to press. */}
          <span className="pointer-coarse:hidden">(space)</span>
        </Button>
      )}
    </article>
  );
}
