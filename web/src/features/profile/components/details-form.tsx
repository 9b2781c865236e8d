/** Names and phone number (PATCH /api/me), with the same phone picker and checks as registration. */
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZUpdateProfileRequest, type TUpdateProfileRequest } from '@shared/auth.schemas';
import { DEFAULT_PHONE_COUNTRY } from '@shared/limits';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { describeError } from '@web/lib/api';
import { infoToast, toast } from '@web/lib/toast';
import { NameAndPhoneFields } from '@web/components/forms/name-and-phone-fields';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { phonePayload, toCountry, toInternational } from '@web/lib/phone-format';
import { authKeys } from '@web/features/auth/queries';
import { profileKeys, updateProfile, type TProfile } from '../queries';

type TDetailsForm = z.input<typeof ZUpdateProfileRequest>;

const baseResolver = zodResolver(ZUpdateProfileRequest);

/**
 * The phone is checked and sent only when the reader changed it: an empty box, or the number already
 * on file (older or seeded accounts may hold one the phone check would now refuse), leaves it as is.
 */
function detailsResolver(initialPhone: string): Resolver<TDetailsForm, unknown, TUpdateProfileRequest> {
  return (values, context, options) => {
    const phone = values.phoneNumber?.trim() ?? '';
    const isUnchanged = !phone || phone === initialPhone;
    return baseResolver(
      {
        ...values,
        phoneNumber: isUnchanged ? undefined : values.phoneNumber,
        countryCode: isUnchanged ? undefined : values.countryCode,
      },
      context,
      options,
    );
  };
}

export function DetailsForm({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const initialCountry = toCountry(profile.countryCode ?? DEFAULT_PHONE_COUNTRY);
  const initialPhone = profile.phoneNumber
    ? (toInternational(profile.phoneNumber, initialCountry) ?? profile.phoneNumber)
    : '';
  const [resolver] = useState(() => detailsResolver(initialPhone));
  const form = useForm<TDetailsForm, unknown, TUpdateProfileRequest>({
    resolver,
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      phoneNumber: initialPhone,
      countryCode: initialCountry,
    },
  });
  const { isDirty } = form.formState;

  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      infoToast({ title: 'Profile updated', description: 'Your details have been saved.' });
      if (data && typeof data === 'object' && 'id' in data) queryClient.setQueryData(profileKeys.all, data);
      form.reset(form.getValues());
      void queryClient.invalidateQueries({ queryKey: profileKeys.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: authKeys.user });
    },
    onError: (error) => {
      if (
        applyServerFieldErrors(error, form.setError, ['firstName', 'lastName', 'phoneNumber', 'countryCode'] as const) >
        0
      )
        return;
      toast({
        variant: 'destructive',
        title: 'Profile not saved',
        description: describeError(error) || 'Something went wrong. Please try again.',
      });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const body: TUpdateProfileRequest = { firstName: values.firstName, lastName: values.lastName };
    const typed = form.getValues();
    if (values.phoneNumber)
      Object.assign(body, phonePayload(values.phoneNumber, typed.countryCode ?? DEFAULT_PHONE_COUNTRY));
    mutation.mutate(body);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <NameAndPhoneFields form={form} idPrefix="profile" />
      <div className="grid gap-4 sm:grid-cols-2">
        <ReadOnlyField id="profile-email" label="Email" value={profile.email} />
        <ReadOnlyField id="profile-username" label="Username" value={profile.username ?? '—'} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending || !isDirty} className="w-full sm:w-auto">
          {mutation.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} value={value} readOnly className="bg-muted text-muted-foreground" />
    </div>
  );
}
