/**
 * The compact pick control on a bookstore card (loaded lazily by BookCard, only for signed-in trial and
 * Basic readers): 'Picked' linking to the reader, or 'Pick' with the same confirmation as the book
 * page. Nothing shows when the tier does not allow the book, picks are used up, or the answer is not
 * in yet, so the grid stays quiet.
 */
import { Link } from 'react-router-dom';
import { Check } from 'lucide-react';
import type { TBookTier } from '@shared/tiers';
import { readerPath } from '@web/lib/paths';
import { useEntitlements } from '../queries';
import { findSelection, isPickingTier, picksRemaining, tierAllows } from '../format';
import { ChooseBookButton } from './choose-book-button';

export default function CardChooseAction({
  bookId,
  title,
  requiredTier,
}: {
  bookId: string;
  title: string;
  requiredTier: TBookTier;
}) {
  const { data: entitlements } = useEntitlements();
  if (!entitlements || !isPickingTier(entitlements.tier) || !tierAllows(entitlements.tier, requiredTier)) return null;
  if (findSelection(entitlements, bookId)) {
    return (
      <Link
        to={readerPath(bookId)}
        aria-label={`Picked: read ${title} now`}
        className="relative z-10 inline-flex h-8 items-center gap-1 self-start rounded-full bg-secondary px-3 text-xs font-medium text-secondary-foreground hover:bg-secondary/80"
      >
        <Check className="size-3.5" aria-hidden="true" />
        Picked · Read
      </Link>
    );
  }
  if (picksRemaining(entitlements) <= 0) return null;
  return (
    <ChooseBookButton
      bookId={bookId}
      title={title}
      entitlements={entitlements}
      size="sm"
      label="Pick"
      className="relative z-10 h-8 self-start px-3 text-xs"
    />
  );
}
