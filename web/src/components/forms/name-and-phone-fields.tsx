/**
 * First name, last name and phone number (with its country picker), as the register and profile forms
 * ask for them: the same labels, autocomplete hints and error messages (from the form's zod schema).
 */
import {
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { DEFAULT_PHONE_COUNTRY } from '@shared/limits';
import { Input } from '@web/components/ui/input';
import { FormField } from './form-field';
import { PhoneField } from './phone-field';

export interface TNameAndPhoneValues {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  countryCode?: string;
}

export function NameAndPhoneFields<T extends FieldValues & TNameAndPhoneValues>({
  form,
  idPrefix,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  /** Prefix of the inputs' ids ('register' → 'register-first-name'), unique on the page. */
  idPrefix: string;
}) {
  const name = (field: keyof TNameAndPhoneValues) => field as Path<T>;
  const errors = form.formState.errors as FieldErrors<TNameAndPhoneValues>;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-first-name`} label="First name" error={errors.firstName?.message}>
          {(a11y) => <Input {...a11y} {...form.register(name('firstName'))} autoComplete="given-name" />}
        </FormField>
        <FormField id={`${idPrefix}-last-name`} label="Last name" error={errors.lastName?.message}>
          {(a11y) => <Input {...a11y} {...form.register(name('lastName'))} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField
        id={`${idPrefix}-phone`}
        label="Phone number"
        error={errors.phoneNumber?.message ?? errors.countryCode?.message}
      >
        {(a11y) => (
          <Controller
            control={form.control}
            name={name('phoneNumber')}
            render={({ field }) => (
              <PhoneField
                ref={field.ref}
                a11y={a11y}
                name={field.name}
                value={(field.value as string | undefined) ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                country={(form.watch(name('countryCode')) as string | undefined) ?? DEFAULT_PHONE_COUNTRY}
                onCountryChange={(country) =>
                  // Dirty, so a form saved only when changed sees the new country; checked again once submitted.
                  form.setValue(name('countryCode'), country as PathValue<T, Path<T>>, {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              />
            )}
          />
        )}
      </FormField>
    </>
  );
}
