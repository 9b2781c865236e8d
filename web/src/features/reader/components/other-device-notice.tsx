/** "You were on page N on another device": offered, never forced, when the position moved elsewhere. */
import { MonitorSmartphone } from 'lucide-react';

export function OtherDeviceNotice({ page, deviceName, onGo, onStay }: { page: number; deviceName: string | null; onGo: () => void; onStay: () => void }) {
  return (
    <div role="status" data-testid="other-device-notice" className="pointer-events-auto flex max-w-lg flex-wrap items-center gap-3 rounded-xl border border-border bg-background px-4 py-3 text-sm text-foreground shadow-lg">
      <MonitorSmartphone className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        You were on page {page} {deviceName ? `on ${deviceName}` : 'on another device'}.
      </p>
      <div className="flex gap-2">
        <button type="button" onClick={onGo} className="h-9 rounded-md bg-primary px-3 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          Go to page {page}
        </button>
        <button type="button" onClick={onStay} className="h-9 rounded-md border border-border px-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
          Stay here
        </button>
      </div>
    </div>
  );
}
