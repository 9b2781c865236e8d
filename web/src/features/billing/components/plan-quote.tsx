/**
 * The money line of every plan choice, before it is confirmed (docs/product/plans-and-picks.md#what-a-plan-change-costs):
 * what is charged today and the next charge with its date, as the server computes them (GET /api/billing/quote).
 */
import { useQuery } from '@tanstack/react-query';
import { formatMoney, type TPaidTier } from '@shared/billing';
import { Skeleton } from '@web/components/ui/skeleton';
import { describeError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatDate, planQuoteQuery } from '../queries';

export function PlanQuote({ tier, className }: { tier: TPaidTier; className?: string }) {
  const quote = useQuery(planQuoteQuery(tier));
  if (quote.isPending) {
    return (
      <div role="status" className={className}>
        <span className="sr-only">Working out the price...</span>
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (quote.isError) {
    return (
      <p role="alert" className={cn('text-sm text-destructive', className)}>
        {describeError(quote.error) || 'The price could not be worked out. Please try again.'}
      </p>
    );
  }
  const { amountToday, nextChargeAmount, nextChargeAt, currency, trialKeptUntil } = quote.data;
  return (
    <dl
      className={cn(
        'grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-muted p-3 text-sm text-foreground',
        className,
      )}
      data-testid="plan-quote"
    >
      <dt>Charged today</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(amountToday, currency)}</dd>
      <dt>{`Next charge, ${formatDate(nextChargeAt)}`}</dt>
      <dd className="text-right font-semibold tabular-nums">{formatMoney(nextChargeAmount, currency)}</dd>
      {trialKeptUntil ? (
        <dd className="col-span-2 mt-1 text-muted-foreground">
          Your free trial's days are kept: billing starts on {formatDate(trialKeptUntil)}, when the trial would have
          ended.
        </dd>
      ) : null}
    </dl>
  );
}
