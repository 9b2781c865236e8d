/** Storage on this browser: what downloaded books take, the browser's usage against its quota and whether storage is persistent. */
import { HardDrive, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatBytes } from '../format';
import type { TStorageSummary } from '../offline-engine';

/** A native <meter> drawn as a thin bar: Blink/WebKit and Firefox style its parts through different pseudo-elements. */
const METER_BAR = [
  'block h-2 w-full appearance-none overflow-hidden rounded-full border-0 bg-muted',
  '[&::-webkit-meter-bar]:h-2 [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-muted [&::-webkit-meter-bar]:bg-none',
  '[&::-webkit-meter-optimum-value]:rounded-full [&::-webkit-meter-optimum-value]:bg-primary [&::-webkit-meter-optimum-value]:bg-none',
  '[&::-moz-meter-bar]:rounded-full [&::-moz-meter-bar]:bg-primary',
].join(' ');

export function StoragePanel({
  booksBytes,
  summary,
  isPending,
}: {
  booksBytes: number;
  summary: TStorageSummary | undefined;
  isPending: boolean;
}) {
  const quota = summary?.quota ?? 0;
  const usage = summary?.usage ?? 0;
  const percent = quota > 0 ? Math.min(100, Math.round((usage / quota) * 100)) : 0;
  return (
    <section aria-labelledby="storage-heading" className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6">
      <h2 id="storage-heading" className="flex items-center gap-2 font-serif text-xl font-semibold">
        <HardDrive className="size-5 text-muted-foreground" aria-hidden="true" />
        Storage
      </h2>
      <p className="mt-2 text-sm">
        Downloaded books use{' '}
        <span className="font-semibold" data-testid="books-bytes">
          {formatBytes(booksBytes)}
        </span>{' '}
        on this browser.
      </p>
      {isPending ? (
        <div role="status" className="mt-3 flex flex-col gap-2">
          <span className="sr-only">Checking storage...</span>
          <Skeleton className="h-2 w-full" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : summary && quota > 0 ? (
        <div className="mt-3 flex flex-col gap-1.5">
          {/* Any use at all shows a sliver; assistive technology hears the rounded figure. */}
          <meter
            aria-label="Browser storage used"
            min={0}
            max={100}
            value={Math.max(percent, usage > 0 ? 1 : 0)}
            aria-valuenow={percent}
            aria-valuetext={`${formatBytes(usage)} of ${formatBytes(quota)} used`}
            className={METER_BAR}
          />
          <p className="text-xs text-muted-foreground">
            This site uses {formatBytes(usage)} of the {formatBytes(quota)} the browser allows it ({percent}%).
          </p>
        </div>
      ) : (
        <p className="mt-3 text-xs text-muted-foreground">This browser does not report how much space is available.</p>
      )}
      {summary && (
        <p className="mt-3 flex items-start gap-2 text-sm" data-testid="persistence">
          {summary.persisted ? (
            <>
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>Storage is persistent: the browser will not clear your downloads when space runs low.</span>
            </>
          ) : (
            <>
              <ShieldAlert className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span>
                Storage is not persistent: the browser may clear downloads if the device runs low on space. Installing
                the app usually keeps them.
              </span>
            </>
          )}
        </p>
      )}
    </section>
  );
}
