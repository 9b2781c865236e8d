/** The rename dialog of one device: a name field checked like the server checks it (1 to 60 characters). */
import { useState, type ReactElement } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TDevice } from '@shared/devices';
import { OFFLINE_DEVICE_NAME_MAX_CHARS, ZDeviceName } from '@shared/devices.schemas';
import { DialogFormActions, DialogPanel } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/forms/form-field';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { describeError } from '@web/lib/api';
import { infoToast } from '@web/lib/toast';
import { devicesKeys, renameDevice } from '../queries';

const ZRenameForm = z.object({ name: ZDeviceName });
type TRenameFormInput = z.input<typeof ZRenameForm>;
type TRenameForm = z.output<typeof ZRenameForm>;

export function RenameDeviceDialog({ device, trigger }: { device: TDevice; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <DialogPanel title="Rename device" hasDescription={false}>
        {open && <RenameForm device={device} onDone={() => setOpen(false)} />}
      </DialogPanel>
    </Dialog.Root>
  );
}

function RenameForm({ device, onDone }: { device: TDevice; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TRenameFormInput, unknown, TRenameForm>({
    resolver: zodResolver(ZRenameForm),
    defaultValues: { name: device.name },
  });
  const { errors } = form.formState;
  const rename = useMutation({
    mutationFn: (name: string) => renameDevice(device.id, name),
    onSuccess: (updated) => {
      infoToast({ title: 'Device renamed', description: `This device is now called “${updated.name}”.` });
      void queryClient.invalidateQueries({ queryKey: devicesKeys.all, exact: true });
      onDone();
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['name'] as const) > 0) return;
      form.setError(
        'name',
        { type: 'server', message: describeError(error) || 'The device could not be renamed. Please try again.' },
        { shouldFocus: true },
      );
    },
  });
  const onSubmit = form.handleSubmit((values) => rename.mutate(values.name));
  const fieldId = `rename-device-${device.id}`;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <FormField
        id={fieldId}
        label="Device name"
        error={errors.name?.message}
        hint={`Up to ${OFFLINE_DEVICE_NAME_MAX_CHARS} characters.`}
      >
        {(a11y) => (
          <Input
            {...a11y}
            {...form.register('name')}
            autoComplete="off"
            maxLength={OFFLINE_DEVICE_NAME_MAX_CHARS + 20}
          />
        )}
      </FormField>
      <DialogFormActions isPending={rename.isPending} submitLabel="Save name" pendingLabel="Saving..." />
    </form>
  );
}
