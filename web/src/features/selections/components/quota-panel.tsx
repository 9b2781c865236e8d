/**
 * The quota panel (on /library and /billing): the effective plan, picks used and left in this cycle
 * (or 'Unlimited'), the next reset, trial days left, and each selection with its lock end and, once the
 * lock has ended (canRemove from the server), a Remove button behind a confirmation.
 */
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, Trash2 } from 'lucide-react';
import type { TEntitlements, TSelection } from '@shared/selections';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { bookDetailPath } from '@web/lib/paths';
import { describeError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { infoToast, toast } from '@web/lib/toast';
import { isWaitingForNetwork } from '@web/lib/query-helpers';
import { NeedsConnection } from '@web/components/offline-notice';
import { entitlementsQueryOptions, removeSelection, SELECTION_DEPENDENT_KEYS } from '../queries';
import { PLAN_NAMES, formatDate, picksRemaining, picksUsedText } from '../format';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';

export function useRemoveSelection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookId }: { bookId: string; title: string }) => removeSelection(bookId),
    onSuccess: (_void, { title }) =>
      infoToast({ title: 'Book removed', description: `“${title}” is no longer one of your picks.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: "Couldn't remove this book",
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
    onSettled: () =>
      Promise.all(SELECTION_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Reads the entitlements itself; pass `entitlements` to render a known answer. */
export function QuotaPanel({ entitlements: given, className }: { entitlements?: TEntitlements; className?: string }) {
  const query = useQuery({ ...entitlementsQueryOptions, enabled: !given });
  const entitlements = given ?? query.data;
  return (
    <section
      aria-labelledby="quota-title"
      className={cn('rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5', className)}
    >
      <h2 id="quota-title" className="font-serif text-xl font-semibold">
        Your plan and picks
      </h2>
      {entitlements ? (
        <QuotaDetails entitlements={entitlements} />
      ) : isWaitingForNetwork(query) ? (
        <NeedsConnection what="Your plan and picks" className="mt-3" />
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          Your plan could not be loaded. {describeError(query.error)}
        </p>
      ) : (
        <div role="status" className="mt-3 flex flex-col gap-2">
          <span className="sr-only">Loading your plan...</span>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-64" />
        </div>
      )}
    </section>
  );
}

function QuotaDetails({ entitlements }: { entitlements: TEntitlements }) {
  const { tier, picksLimit, picksUsed, nextResetAt, trialDaysLeft, selections } = entitlements;
  const isUnlimited = picksLimit < 0 || tier === 'premium';
  const facts: { label: string; value: string }[] = [{ label: 'Plan', value: PLAN_NAMES[tier] }];
  if (isUnlimited) {
    facts.push({ label: 'Picks', value: 'Unlimited' });
  } else if (tier !== 'free') {
    facts.push({
      label: tier === 'basic' ? 'Picks this cycle' : 'Trial picks',
      value: `${picksUsed} of ${picksLimit} used`,
    });
    facts.push({ label: 'Picks left', value: String(picksRemaining(entitlements)) });
  }
  if (nextResetAt) facts.push({ label: 'Next reset', value: formatDate(nextResetAt) });
  if (tier === 'trial' && trialDaysLeft !== null) {
    facts.push({ label: 'Trial days left', value: String(trialDaysLeft) });
  }

  return (
    <div className="mt-3 flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {facts.map((fact) => (
          <div key={fact.label} className="flex flex-col gap-0.5 rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs uppercase tracking-wide text-muted-foreground">{fact.label}</dt>
            <dd className="font-semibold">{fact.value}</dd>
          </div>
        ))}
      </dl>
      {tier === 'free' ? (
        <p className="text-sm text-muted-foreground">
          You can read previews.{' '}
          <Link to="/subscribe" className="font-medium text-primary underline-offset-4 hover:underline">
            Choose a plan
          </Link>{' '}
          to read books in full.
        </p>
      ) : isUnlimited ? (
        <p className="text-sm text-muted-foreground">Premium opens every book: no picks needed.</p>
      ) : (
        <p className="text-sm text-muted-foreground">{picksUsedText(entitlements)}.</p>
      )}
      {selections.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Your picks</h3>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {selections.map((selection) => (
              <SelectionRow key={selection.bookId} selection={selection} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function SelectionRow({ selection }: { selection: TSelection }) {
  const remove = useRemoveSelection();
  const lockEnd = formatDate(selection.lockedUntil);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
      <div className="flex min-w-0 flex-col">
        <Link to={bookDetailPath(selection.slug || selection.bookId)} className="truncate font-medium hover:underline">
          {selection.title}
        </Link>
        <span className="text-xs text-muted-foreground">
          Chosen {formatDate(selection.selectedAt)}
          {lockEnd ? (selection.canRemove ? ` · lock ended ${lockEnd}` : ` · locked until ${lockEnd}`) : ''}
        </span>
      </div>
      {selection.canRemove ? (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Remove ${selection.title}`}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          }
          title={`Remove “${selection.title}”?`}
          confirmLabel="Remove"
          pendingLabel="Removing..."
          confirmVariant="destructive"
          onConfirm={() => remove.mutateAsync({ bookId: selection.bookId, title: selection.title })}
        >
          <p>The book leaves your picks and you can no longer read it in full.</p>
          <p>Removing does not give the pick back for this cycle.</p>
        </ConfirmDialog>
      ) : lockEnd ? (
        <span
          className="inline-flex items-center gap-1 text-xs text-muted-foreground"
          title={`Locked until ${lockEnd}`}
        >
          <Lock className="size-3.5" aria-hidden="true" />
          Locked
        </span>
      ) : null}
    </li>
  );
}
