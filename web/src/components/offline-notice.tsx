/**
 * What a screen that needs the server says with no connection (docs/product/offline-and-devices.md#screens-without-a-connection):
 * a banner under the page title that points to the downloads, and a small note in place of a section whose data
 * never arrived, instead of a skeleton that would stay for as long as the connection is away.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CloudOff } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

export const OFFLINE_DOWNLOADS_LINK = 'Open your downloads';

/** `hasDownloadsLink` false for a signed-out visitor: downloads belong to an account. */
export function OfflineNotice({
  children,
  className,
  hasDownloadsLink = true,
}: {
  children: ReactNode;
  className?: string;
  hasDownloadsLink?: boolean;
}) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-border bg-muted px-4 py-3 text-sm sm:flex-row sm:items-center',
        className,
      )}
    >
      <p className="flex flex-1 items-start gap-2">
        <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">You're offline.</strong> {children}
        </span>
      </p>
      {hasDownloadsLink && (
        <Button asChild size="sm" className="self-start sm:self-center">
          <Link to="/offline">{OFFLINE_DOWNLOADS_LINK}</Link>
        </Button>
      )}
    </div>
  );
}

/** In place of a section that needs the server and has nothing cached. */
export function NeedsConnection({ what, className }: { what: string; className?: string }) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-xl border border-dashed border-border bg-card px-4 py-4 text-sm text-muted-foreground',
        className,
      )}
    >
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{what} need a connection. They show here when you are back online.</span>
    </p>
  );
}
