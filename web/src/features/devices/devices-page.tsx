/**
 * /devices (signed in, docs/product/routes-and-screens.md#route-table): register this browser for offline reading, and
 * the reader's offline devices with the plan's cap ("2 of 2 devices used on the Basic plan"), each with rename and
 * remove. Removing a device revokes its offline licences; removing this browser also deletes its downloads here at
 * once. Trial and free readers are told offline reading comes with Basic and Premium.
 */
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CloudOff, MonitorSmartphone, Sparkles } from 'lucide-react';
import { DEVICE_MESSAGES, deviceOverCapMessage, type TDeviceList } from '@shared/devices';
import type { TEntitlements } from '@shared/selections';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/features/auth/queries';
import { StatePanel } from '@web/components/state-panel';
import { ErrorPanel } from '@web/components/error-panel';
import { wipeThisDeviceDownloads } from '@web/features/offline/offline-engine';
import { useOnlineStatus } from '@web/lib/use-online-status';
import { useEntitlements } from '@web/features/selections/queries';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { DeviceRow } from './components/device-row';
import { RegisterDeviceForm } from './components/register-device-form';
import { deviceCapFullMessage, deviceCapSentence } from './format';
import { thisBrowserDeviceQueryOptions } from '@web/features/offline/queries';
import { devicesKeys, devicesQueryOptions } from './queries';

export default function DevicesPage() {
  useDocumentTitle('Devices');
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const isOnline = useOnlineStatus();
  const entitlements = useEntitlements();
  const devices = useQuery({ ...devicesQueryOptions, enabled: userId !== null && isOnline });
  const thisBrowser = useQuery(thisBrowserDeviceQueryOptions(userId));
  const thisDeviceId = thisBrowser.data?.deviceId ?? null;
  const queryClient = useQueryClient();

  async function wipeAfterRemoval() {
    if (!userId) return;
    await wipeThisDeviceDownloads(userId);
    await queryClient.invalidateQueries({ queryKey: devicesKeys.all });
  }

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pb-16 pt-8 sm:px-6 md:pt-12">
      <h1 className="font-serif text-3xl font-bold tracking-tight md:text-4xl">Devices</h1>
      <p className="mt-2 text-muted-foreground">
        Register a browser to download books and read them without a connection. Online reading works in any browser you
        sign in to.
      </p>

      <section
        aria-labelledby="this-browser-heading"
        className="mt-8 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
      >
        <h2 id="this-browser-heading" className="font-serif text-xl font-semibold">
          This browser
        </h2>
        <div className="mt-3">
          <ThisBrowserPanel
            userId={userId}
            isOnline={isOnline}
            entitlements={entitlements.data}
            isEntitlementsPending={entitlements.isPending && isOnline}
            list={devices.data}
            isThisRegistered={Boolean(thisDeviceId && devices.data?.items.some((device) => device.id === thisDeviceId))}
            isThisOverCap={Boolean(
              thisDeviceId && devices.data?.items.some((device) => device.id === thisDeviceId && device.overCap),
            )}
          />
        </div>
      </section>

      <section aria-labelledby="device-list-heading" className="mt-8">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
          <h2 id="device-list-heading" className="font-serif text-xl font-semibold">
            Your offline devices
          </h2>
          {devices.data && entitlements.data && devices.data.cap > 0 && (
            <p className="text-sm font-medium text-muted-foreground" data-testid="device-cap">
              {deviceCapSentence(devices.data.used, devices.data.cap, entitlements.data.tier)}
            </p>
          )}
        </div>
        <div className="mt-4">
          {!isOnline ? (
            <StatePanel icon={<CloudOff />} title="You're offline" role="status">
              Connect to the internet to see and manage your devices. Books already downloaded to this browser are on
              the{' '}
              <Link to="/offline" className="font-medium text-primary underline-offset-4 hover:underline">
                Offline page
              </Link>
              .
            </StatePanel>
          ) : devices.isPending ? (
            <div role="status" className="flex flex-col gap-3">
              <span className="sr-only">Loading your devices...</span>
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : devices.isError ? (
            <ErrorPanel
              title="We couldn't load your devices."
              error={devices.error}
              onRetry={() => void devices.refetch()}
              isRetrying={devices.isFetching}
            />
          ) : devices.data.items.length === 0 ? (
            <StatePanel icon={<MonitorSmartphone />} title="No devices registered yet">
              Devices you register for offline reading appear here, with the books they hold.
            </StatePanel>
          ) : (
            <ul className="flex flex-col gap-3" aria-labelledby="device-list-heading">
              {devices.data.items.map((device) => (
                <DeviceRow
                  key={device.id}
                  device={device}
                  isThisDevice={device.id === thisDeviceId}
                  canManage={isOnline}
                  onRemovedThisDevice={wipeAfterRemoval}
                />
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}

function ThisBrowserPanel({
  userId,
  isOnline,
  entitlements,
  isEntitlementsPending,
  list,
  isThisRegistered,
  isThisOverCap,
}: {
  userId: string | null;
  isOnline: boolean;
  entitlements: TEntitlements | undefined;
  isEntitlementsPending: boolean;
  list: TDeviceList | undefined;
  isThisRegistered: boolean;
  /** Registered, but past the plan's cap since the plan changed (see TDevice.overCap). */
  isThisOverCap: boolean;
}) {
  if (!isOnline) {
    return (
      <p className="text-sm text-muted-foreground">
        Registering needs a connection. Connect to the internet and come back to this page.
      </p>
    );
  }
  if (isEntitlementsPending || !userId || (entitlements?.offlineAllowed && !list)) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Checking your plan...</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-10 w-full sm:w-80" />
      </div>
    );
  }
  if (!entitlements?.offlineAllowed) {
    return (
      <div className="flex flex-col gap-3" data-testid="offline-needs-plan">
        <p className="text-sm">{DEVICE_MESSAGES.offlineNeedsPlan}</p>
        <Button asChild className="w-full sm:w-auto sm:self-start">
          <Link to="/subscribe">
            <Sparkles aria-hidden="true" />
            See plans
          </Link>
        </Button>
      </div>
    );
  }
  if (isThisRegistered && isThisOverCap && list) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-border bg-muted px-3 py-2 text-sm"
        data-testid="this-device-over-cap"
      >
        {deviceOverCapMessage(list.cap, entitlements.tier)}
      </p>
    );
  }
  if (isThisRegistered) {
    return (
      <div className="flex flex-col gap-3">
        <p className="flex items-start gap-2 text-sm">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          This browser is registered for offline reading. Use “Download for offline” on a book to keep it here.
        </p>
        <Button asChild variant="outline" className="w-full sm:w-auto sm:self-start">
          <Link to="/offline">Your offline books</Link>
        </Button>
      </div>
    );
  }
  if (list && list.used >= list.cap) {
    return (
      <p role="alert" className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">
        {deviceCapFullMessage(list.cap, entitlements.tier)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Registering lets this browser keep encrypted copies of your books to read without a connection, for as long as
        each book’s offline licence lasts. You can remove it at any time.
      </p>
      <RegisterDeviceForm userId={userId} />
    </div>
  );
}
