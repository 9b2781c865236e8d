/**
 * /loans (signed in): every loan of the reader (book, type, status, started, ended), newest first as the
 * server sends them, with 'Read' and 'Return' (after a confirmation) for active ones.
 */
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, BookMarked, Undo2 } from 'lucide-react';
import type { TLoan } from '@shared/selections';
import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { BookCover } from '@web/features/catalogue/components/book-cover';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { bookDetailPath, readerPath } from '@web/lib/paths';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { formatDate } from '@web/features/selections/format';
import { selectionsKeys } from '@web/features/selections/queries';
import { describeError } from '@web/lib/api';
import { infoToast, toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { loansKeys, loansQueryOptions, returnLoan } from './queries';

const STATUS: Record<TLoan['status'], { label: string; variant: BadgeProps['variant'] }> = {
  active: { label: 'Active', variant: 'default' },
  returned: { label: 'Returned', variant: 'secondary' },
  revoked: { label: 'Revoked', variant: 'outline' },
};
const TYPE_LABEL: Record<TLoan['loanType'], string> = { subscription: 'Subscription', trial: 'Trial' };

export default function LoansPage() {
  useDocumentTitle('Loans');
  const loans = useQuery(loansQueryOptions);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Loans</h1>
      <p className="mt-2 text-muted-foreground">
        Books you have opened with your plan. Return a book when you have finished with it.
      </p>
      <div className="mt-6">
        {loans.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading your loans...</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-28 w-full" />
            ))}
          </div>
        ) : loans.isError ? (
          <ErrorPanel
            title="We couldn't load your loans."
            error={loans.error}
            onRetry={() => void loans.refetch()}
            isRetrying={loans.isFetching}
          />
        ) : loans.data.length === 0 ? (
          <StatePanel
            icon={<BookMarked />}
            title="No loans yet"
            action={
              <Button asChild>
                <Link to="/bookstore">Browse the Book Store</Link>
              </Button>
            }
          >
            A loan starts when you open a book you may read. Find one in the store.
          </StatePanel>
        ) : (
          <ul className="flex flex-col gap-3">
            {loans.data.map((loan) => (
              <LoanRow key={loan.id} loan={loan} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function LoanRow({ loan }: { loan: TLoan }) {
  const queryClient = useQueryClient();
  const giveBack = useMutation({
    mutationFn: () => returnLoan(loan.id),
    onSuccess: () => infoToast({ title: 'Book returned', description: `“${loan.title}” has been returned.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: "Couldn't return this book",
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: loansKeys.all }),
        queryClient.invalidateQueries({ queryKey: selectionsKeys.entitlements }),
      ]),
  });
  const status = STATUS[loan.status];
  const ended = loan.returnedAt ?? loan.revokedAt;
  const isActive = loan.status === 'active';

  return (
    <li className="flex gap-4 rounded-xl border border-border bg-card p-3 shadow-sm" aria-label={loan.title}>
      <Link to={bookDetailPath(loan.slug || loan.bookId)} className="w-16 shrink-0" tabIndex={-1} aria-hidden="true">
        <BookCover src={loan.coverImageUrl} title={loan.title} width={128} height={180} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="line-clamp-2 font-serif text-base font-semibold leading-snug">
            <Link to={bookDetailPath(loan.slug || loan.bookId)} className="hover:underline">
              {loan.title}
            </Link>
          </h2>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <Badge variant={status.variant}>{status.label}</Badge>
            <span className="text-muted-foreground">{TYPE_LABEL[loan.loanType]} loan</span>
          </div>
          <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
            <div className="flex gap-1">
              <dt>Started</dt>
              <dd className="font-medium text-foreground">{formatDate(loan.startedAt)}</dd>
            </div>
            {ended ? (
              <div className="flex gap-1">
                <dt>Ended</dt>
                <dd className="font-medium text-foreground">{formatDate(ended)}</dd>
              </div>
            ) : loan.expiresAt ? (
              <div className="flex gap-1">
                <dt>Ends</dt>
                <dd className="font-medium text-foreground">{formatDate(loan.expiresAt)}</dd>
              </div>
            ) : null}
          </dl>
          {loan.status === 'revoked' && loan.revokeReason ? (
            <p className="text-xs text-muted-foreground">{loan.revokeReason}</p>
          ) : null}
        </div>
        {isActive ? (
          <div className="flex shrink-0 gap-2">
            <Button asChild size="sm">
              <Link to={readerPath(loan.bookId)} aria-label={`Read ${loan.title}`}>
                <BookOpen aria-hidden="true" />
                Read
              </Link>
            </Button>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" aria-label={`Return ${loan.title}`}>
                  <Undo2 aria-hidden="true" />
                  Return
                </Button>
              }
              title={`Return “${loan.title}”?`}
              confirmLabel="Return book"
              pendingLabel="Returning..."
              onConfirm={() => giveBack.mutateAsync()}
            >
              <p>The loan ends now. While your plan allows this book, opening it again starts a new loan.</p>
            </ConfirmDialog>
          </div>
        ) : null}
      </div>
    </li>
  );
}
