/** One offline device in the Devices list: its name, the "This device" and over-the-limit markers, activity, books and licence expiry, with rename and remove. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Laptop, Pencil, Trash2 } from 'lucide-react';
import type { TDevice } from '@shared/devices';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { formatDate } from '@web/features/selections/format';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { booksCount, formatLastActive } from '../format';
import { devicesKeys, removeDevice } from '../queries';
import { RenameDeviceDialog } from './rename-device-dialog';

export function DeviceRow({
  device,
  isThisDevice,
  canManage,
  onRemovedThisDevice,
}: {
  device: TDevice;
  isThisDevice: boolean;
  /** False while offline: rename and remove need the server. */
  canManage: boolean;
  /** Called after this browser's own device was removed, to wipe its downloads. */
  onRemovedThisDevice: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    // Whether it was this browser is decided when the removal starts: the wipe forgets this browser's
    // registration, so by the time the toast shows the row no longer knows it was "this device".
    mutationFn: async (wasThisDevice: boolean) => {
      await removeDevice(device.id);
      if (wasThisDevice) await onRemovedThisDevice();
      return wasThisDevice;
    },
    onSuccess: (wasThisDevice) =>
      toast({
        title: 'Device removed',
        description: wasThisDevice
          ? 'This browser is no longer registered and its downloaded books have been deleted.'
          : `“${device.name}” is no longer registered. Its downloaded books will be deleted the next time it goes online.`,
      }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: "Couldn't remove this device",
        description: describeError(error) || 'Something went wrong. Please try again.',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });

  const lastActive = formatLastActive(device.lastActiveAt);
  const licenseUntil = formatDate(device.licenseExpiresAt);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center"
      aria-label={device.name}
    >
      <span
        className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground sm:inline-flex"
        aria-hidden="true"
      >
        <Laptop className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 break-words font-semibold">{device.name}</h3>
          {isThisDevice && <Badge variant="secondary">This device</Badge>}
          {device.overCap && <Badge variant="outline">Over your plan's limit</Badge>}
        </div>
        {device.overCap && (
          <p className="text-sm text-destructive">
            Your plan now allows fewer offline devices. This one can't download or renew books until you remove another
            device.
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted-foreground sm:flex sm:flex-wrap sm:gap-x-5">
          <div className="contents sm:flex sm:gap-1">
            <dt>Last active</dt>
            <dd className="font-medium text-foreground">{lastActive || 'Not yet'}</dd>
          </div>
          <div className="contents sm:flex sm:gap-1">
            <dt>Books offline</dt>
            <dd className="font-medium text-foreground">{booksCount(device.booksOffline)}</dd>
          </div>
          <div className="contents sm:flex sm:gap-1">
            <dt>Licences until</dt>
            <dd className="font-medium text-foreground">{licenseUntil || '—'}</dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 gap-2">
        <RenameDeviceDialog
          device={device}
          trigger={
            <Button size="sm" variant="outline" disabled={!canManage} aria-label={`Rename ${device.name}`}>
              <Pencil aria-hidden="true" />
              Rename
            </Button>
          }
        />
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" disabled={!canManage} aria-label={`Remove ${device.name}`}>
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          }
          title={`Remove “${device.name}”?`}
          confirmLabel="Remove device"
          pendingLabel="Removing..."
          confirmVariant="destructive"
          onConfirm={() => remove.mutateAsync(isThisDevice)}
        >
          <p>
            {device.booksOffline > 0
              ? device.booksOffline === 1
                ? 'Its 1 book held offline will stop opening: its licence is revoked now.'
                : `Its ${booksCount(device.booksOffline)} held offline will stop opening: their licences are revoked now.`
              : 'It holds no books offline at the moment.'}
          </p>
          <p>
            {isThisDevice
              ? 'This is the browser you are using: its downloaded books are deleted right away.'
              : 'The device deletes its downloads the next time it goes online. It no longer counts towards your plan’s devices.'}
          </p>
        </ConfirmDialog>
      </div>
    </li>
  );
}
