/** Names and phone number (PATCH /api/me), with the same phone picker and checks as registration. */
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ZUpdateProfileRequest, type TUpdateProfileRequest } from '@shared/auth.schemas';
import { DEFAULT_PHONE_COUNTRY } from '@shared/limits';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { describeError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { FormField } from '@web/features/auth/components/form-field';
import { PhoneField } from '@web/features/auth/components/phone-field';
import { applyServerFieldErrors } from '@web/features/auth/form-errors';
import { phonePayload, toCountry, toInternational } from '@web/features/auth/phone-format';
import { CURRENT_USER_QUERY_KEY } from '@web/features/auth/queries';
import { PROFILE_QUERY_KEY, updateProfile, type TProfile } from '../queries';

type TDetailsForm = z.input<typeof ZUpdateProfileRequest>;

const baseResolver = zodResolver(ZUpdateProfileRequest);

/** An empty phone box means "leave the phone number as it is" (older accounts may have none). */
const detailsResolver: Resolver<TDetailsForm, unknown, TUpdateProfileRequest> = (values, context, options) =>
  baseResolver({ ...values, phoneNumber: values.phoneNumber?.trim() ? values.phoneNumber : undefined }, context, options);

export function DetailsForm({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const initialCountry = toCountry(profile.countryCode ?? DEFAULT_PHONE_COUNTRY);
  const form = useForm<TDetailsForm, unknown, TUpdateProfileRequest>({
    resolver: detailsResolver,
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      phoneNumber: profile.phoneNumber ? (toInternational(profile.phoneNumber, initialCountry) ?? profile.phoneNumber) : '',
      countryCode: initialCountry,
    },
  });
  const { errors, isDirty } = form.formState;

  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      toast({ title: 'Profile updated', description: 'Your details have been saved.' });
      if (data && typeof data === 'object' && 'id' in data) queryClient.setQueryData(PROFILE_QUERY_KEY, data);
      form.reset(form.getValues());
      void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY, exact: true });
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, ['firstName', 'lastName', 'phoneNumber', 'countryCode'] as const) > 0) return;
      toast({ variant: 'destructive', title: 'Profile not saved', description: describeError(error) || 'Something went wrong. Please try again.' });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const body: TUpdateProfileRequest = { firstName: values.firstName, lastName: values.lastName };
    if (values.phoneNumber) Object.assign(body, phonePayload(values.phoneNumber, values.countryCode ?? DEFAULT_PHONE_COUNTRY));
    mutation.mutate(body);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-first-name" label="First name" error={errors.firstName?.message}>
          {(a11y) => <Input {...a11y} {...form.register('firstName')} autoComplete="given-name" />}
        </FormField>
        <FormField id="profile-last-name" label="Last name" error={errors.lastName?.message}>
          {(a11y) => <Input {...a11y} {...form.register('lastName')} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField id="profile-phone" label="Phone number" error={errors.phoneNumber?.message ?? errors.countryCode?.message}>
        {(a11y) => (
          <Controller
            control={form.control}
            name="phoneNumber"
            render={({ field }) => (
              <PhoneField
                ref={field.ref}
                a11y={a11y}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                country={form.watch('countryCode') ?? DEFAULT_PHONE_COUNTRY}
                onCountryChange={(country) => form.setValue('countryCode', country, { shouldDirty: true })}
              />
            )}
          />
        )}
      </FormField>
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
