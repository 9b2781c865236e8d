/**
 * "Register this browser": a name (prefilled with the browser and platform) and the registration
 * through the offline engine, which proves to the server that this browser holds its device key. The
 * server's refusals (cap reached, plan without offline reading, a failed proof) are shown as they come.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { z } from 'zod';
import { OFFLINE_DEVICE_NAME_MAX_CHARS, ZDeviceName } from '@shared/devices.schemas';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/forms/form-field';
import { defaultDeviceName, registerThisDeviceForOffline } from '@web/features/offline/offline-engine';
import { describeError, isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { devicesKeys } from '../queries';

const ZRegisterForm = z.object({ name: ZDeviceName });
type TRegisterFormInput = z.input<typeof ZRegisterForm>;
type TRegisterForm = z.output<typeof ZRegisterForm>;

function refusalMessage(error: unknown): string {
  if (isApiError(error)) {
    const fieldMessage = error.problem?.errors?.[0]?.message;
    return fieldMessage || error.problem?.detail || error.message;
  }
  return describeError(error) || 'This browser could not be registered. Please try again.';
}

export function RegisterDeviceForm({ userId, disabled = false }: { userId: string; disabled?: boolean }) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<TRegisterFormInput, unknown, TRegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { name: defaultDeviceName() },
  });
  const { errors } = form.formState;
  const register = useMutation({
    mutationFn: (name: string) => registerThisDeviceForOffline({ userId, name }),
    onMutate: () => setRefusal(null),
    onSuccess: () => {
      toast({
        title: 'This browser is registered',
        description: 'You can now download books and read them without a connection.',
      });
    },
    onError: (error) => setRefusal(refusalMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all }),
  });
  const onSubmit = form.handleSubmit((values) => register.mutate(values.name));
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Register this browser">
      <FormField
        id="device-name"
        label="Name for this browser"
        error={errors.name?.message}
        hint={`Shown in your list of devices. Up to ${OFFLINE_DEVICE_NAME_MAX_CHARS} characters.`}
      >
        {(a11y) => <Input {...a11y} {...form.register('name')} autoComplete="off" disabled={disabled} />}
      </FormField>
      {refusal && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
        >
          {refusal}
        </p>
      )}
      <Button type="submit" disabled={disabled || register.isPending} className="w-full sm:w-auto sm:self-start">
        <ShieldCheck aria-hidden="true" />
        {register.isPending ? 'Registering...' : 'Register this browser'}
      </Button>
    </form>
  );
}
