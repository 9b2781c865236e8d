/**
 * 'Choose this book': a trial or Basic reader spends one pick on a book (POST /api/selections) after a
 * confirmation that says what the pick costs and, for Basic, that it is locked for 30 days. The
 * server decides; a refusal shows its message.
 */
import { forwardRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookmarkPlus } from 'lucide-react';
import type { TEntitlements } from '@shared/selections';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { describeError } from '@web/lib/api';
import { infoToast, toast } from '@web/lib/toast';
import { SELECTION_DEPENDENT_KEYS, selectBook } from '../queries';
import { estimatedLockEnd, formatDate, picksRemaining } from '../format';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';

/** The one word for a chosen book is "pick" (docs/product/plans-and-picks.md#words-for-picks). */
export const PICK_THIS_BOOK = 'Pick this book';
export const CHOOSE_FAILED_TITLE = "Couldn't pick this book";

export function useChooseBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId }: { bookId: string; title: string }) => selectBook(bookId),
    onSuccess: (_selection, { title }) => {
      infoToast({ title: 'Book picked', description: `“${title}” is one of your picks now. Enjoy reading!` });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: CHOOSE_FAILED_TITLE,
        description: describeError(error) || 'Something went wrong. Please try again.',
      });
    },
    // A refusal can also mean the counts changed elsewhere: refresh either way.
    onSettled: () =>
      Promise.all(SELECTION_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** What a pick costs, in the dialog. */
export function ChooseConfirmText({ entitlements, now = Date.now() }: { entitlements: TEntitlements; now?: number }) {
  const { tier, picksUsed, picksLimit } = entitlements;
  const after = picksUsed + 1;
  if (tier === 'basic') {
    return (
      <>
        <p>
          This uses one of your {picksLimit} picks this cycle ({after} of {picksLimit} used after this).
        </p>
        <p className="rounded-md border border-accent/40 bg-accent/10 p-3 text-foreground">
          <strong>This pick is locked for 30 days.</strong> You cannot remove it or swap it for another book until{' '}
          <strong>{formatDate(estimatedLockEnd(now))}</strong>.
        </p>
      </>
    );
  }
  return (
    <>
      <p>
        This uses one of your {picksLimit} trial picks ({after} of {picksLimit} used after this).
      </p>
      <p>You can read it online for the rest of your trial. Picks you use are not given back if you remove a book.</p>
    </>
  );
}

const ChooseTrigger = forwardRef<HTMLButtonElement, ButtonProps>((props, ref) => (
  <Button ref={ref} {...props}>
    <BookmarkPlus aria-hidden="true" />
    {props.children}
  </Button>
));
ChooseTrigger.displayName = 'ChooseTrigger';

export function ChooseBookButton({
  bookId,
  title,
  entitlements,
  size = 'lg',
  className,
  label = PICK_THIS_BOOK,
}: {
  bookId: string;
  title: string;
  entitlements: TEntitlements;
  size?: ButtonProps['size'];
  className?: string;
  label?: string;
}) {
  const choose = useChooseBook();
  const isExhausted = picksRemaining(entitlements) <= 0;
  return (
    <ConfirmDialog
      trigger={
        <ChooseTrigger
          size={size}
          variant="accent"
          className={className}
          disabled={isExhausted}
          aria-label={label === PICK_THIS_BOOK ? undefined : `Pick ${title}`}
        >
          {label}
        </ChooseTrigger>
      }
      title={`Pick “${title}”?`}
      confirmLabel={PICK_THIS_BOOK}
      pendingLabel="Picking..."
      onConfirm={() => choose.mutateAsync({ bookId, title })}
    >
      <ChooseConfirmText entitlements={entitlements} />
    </ConfirmDialog>
  );
}
