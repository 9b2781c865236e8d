/**
 * The selection part of a book's call to action for trial and Basic readers whose tier allows the book:
 * already picked → 'Picked' and 'Read now'; otherwise 'Pick this book' with the picks used
 * (docs/product/plans-and-picks.md#words-for-picks).
 */
import { Link } from 'react-router-dom';
import { BookOpen, Check } from 'lucide-react';
import type { TEntitlements } from '@shared/selections';
import { Button } from '@web/components/ui/button';
import { readerPath } from '@web/lib/paths';
import { findSelection, formatDate, picksRemaining, picksUsedText } from '../format';
import { ChooseBookButton } from './choose-book-button';

export function BookChoice({
  bookId,
  title,
  entitlements,
}: {
  bookId: string;
  title: string;
  entitlements: TEntitlements;
}) {
  const selection = findSelection(entitlements, bookId);
  if (selection) {
    const lockEnd = formatDate(selection.lockedUntil);
    return (
      <>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button asChild size="lg" className="sm:self-start">
            <Link to={readerPath(bookId)}>
              <BookOpen aria-hidden="true" />
              Read now
            </Link>
          </Button>
          <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground sm:self-center">
            <Check className="size-4" aria-hidden="true" />
            Picked
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          {lockEnd && !selection.canRemove ? `Locked until ${lockEnd}. ` : ''}
          {picksUsedText(entitlements)}.
        </p>
      </>
    );
  }
  const isExhausted = picksRemaining(entitlements) <= 0;
  return (
    <>
      <ChooseBookButton bookId={bookId} title={title} entitlements={entitlements} className="sm:self-start" />
      <p className="text-sm text-muted-foreground">
        {picksUsedText(entitlements)}.{' '}
        {isExhausted
          ? entitlements.tier === 'trial'
            ? 'Subscribe to pick more books.'
            : 'You can pick again when your picks reset.'
          : entitlements.tier === 'basic'
            ? 'Each pick is locked for 30 days.'
            : 'Pick a book to read it in full during your trial.'}
      </p>
      {isExhausted && entitlements.tier === 'trial' ? (
        <Button asChild variant="outline" className="sm:self-start">
          <Link to="/subscribe">See plans</Link>
        </Button>
      ) : null}
    </>
  );
}
