/** The rename dialog of one device: a name field checked like the server checks it (1 to 60 characters). */
import { useState, type ReactElement } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { z } from 'zod';
import type { TDevice } from '@shared/devices';
import { OFFLINE_DEVICE_NAME_MAX_CHARS, ZDeviceName } from '@shared/devices.schemas';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/features/auth/components/form-field';
import { applyServerFieldErrors } from '@web/features/auth/form-errors';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { DEVICES_QUERY_KEY, renameDevice } from '../queries';

const ZRenameForm = z.object({ name: ZDeviceName });
type TRenameFormInput = z.input<typeof ZRenameForm>;
type TRenameForm = z.output<typeof ZRenameForm>;

export function RenameDeviceDialog({ device, trigger }: { device: TDevice; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-foreground/40 transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border bg-background p-5 shadow-xl outline-none sm:p-6"
        >
          <Dialog.Title className="pr-10 font-serif text-xl font-semibold">Rename device</Dialog.Title>
          {open && <RenameForm device={device} onDone={() => setOpen(false)} />}
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RenameForm({ device, onDone }: { device: TDevice; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TRenameFormInput, unknown, TRenameForm>({ resolver: zodResolver(ZRenameForm), defaultValues: { name: device.name } });
  const { errors } = form.formState;
  const rename = useMutation({
    mutationFn: (name: string) => renameDevice(device.id, name),
    onSuccess: (updated) => {
      toast({ title: 'Device renamed', description: `This device is now called “${updated.name}”.` });
      void queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY, exact: true });
      onDone();
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['name'] as const) > 0) return;
      form.setError('name', { type: 'server', message: describeError(error) || 'The device could not be renamed. Please try again.' }, { shouldFocus: true });
    },
  });
  const onSubmit = form.handleSubmit((values) => rename.mutate(values.name));
  const fieldId = `rename-device-${device.id}`;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <FormField id={fieldId} label="Device name" error={errors.name?.message} hint={`Up to ${OFFLINE_DEVICE_NAME_MAX_CHARS} characters.`}>
        {(a11y) => <Input {...a11y} {...form.register('name')} autoComplete="off" maxLength={OFFLINE_DEVICE_NAME_MAX_CHARS + 20} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button type="button" variant="outline" disabled={rename.isPending}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
