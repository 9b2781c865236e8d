/**
 * "You were on page N on <device>, <time> — jump there?": offered, never forced, when the position
 * moved on another device.
 */
import { MonitorSmartphone } from 'lucide-react';

/** "today, 14:05" or "3 Nov, 14:05" in the reader's locale: when the other device last moved. */
export function formatOtherDeviceTime(iso: string | null, now = new Date()): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(at);
  if (at.toDateString() === now.toDateString()) return `today, ${time}`;
  return `${new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }).format(at)}, ${time}`;
}

export function OtherDeviceNotice({
  page,
  deviceName,
  lastReadAt,
  onGo,
  onStay,
}: {
  page: number;
  deviceName: string | null;
  lastReadAt?: string | null;
  onGo: () => void;
  onStay: () => void;
}) {
  const when = formatOtherDeviceTime(lastReadAt ?? null);
  return (
    <div
      role="status"
      data-testid="other-device-notice"
      className="pointer-events-auto flex max-w-lg flex-wrap items-center gap-3 rounded-xl border border-border bg-background px-4 py-3 text-sm text-foreground shadow-lg"
    >
      <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        You were on page {page} on {deviceName ?? 'another device'}
        {when ? `, ${when}` : ''} — jump there?
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onGo}
          className="h-9 rounded-md bg-primary px-3 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Jump to page {page}
        </button>
        <button
          type="button"
          onClick={onStay}
          className="h-9 rounded-md border border-border px-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          Stay here
        </button>
      </div>
    </div>
  );
}
