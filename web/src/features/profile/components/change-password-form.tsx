/** Change password (PUT /api/me/password): asks for the current one, then the new one twice. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ZChangePasswordRequest, type TChangePasswordRequest } from '@shared/auth.schemas';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { infoToast, toast } from '@web/lib/toast';
import { serverMessage } from '@web/features/auth/queries';
import { FormField } from '@web/components/forms/form-field';
import { NewPasswordFields } from '@web/components/forms/new-password-fields';
import { PasswordInput } from '@web/components/forms/password-input';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { changePassword } from '../queries';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordForm() {
  const form = useForm<TChangePasswordRequest>({
    resolver: zodResolver(ZChangePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      infoToast({ title: 'Password changed', description: 'Use your new password next time you sign in.' });
      form.reset();
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, form.setError, FIELDS) > 0) return;
      // A refused current password comes back as 400/403 without a field list.
      if (isApiError(error) && [400, 403].includes(error.status)) {
        form.setError(
          'currentPassword',
          { type: 'server', message: serverMessage(error) || 'Your current password is not correct.' },
          { shouldFocus: true },
        );
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Password not changed',
        description: serverMessage(error) || 'Something went wrong. Please try again.',
      });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))} className="flex flex-col gap-4">
      <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            {...form.register('currentPassword')}
            autoComplete="current-password"
            fieldName="current password"
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields
          idPrefix="new"
          password={form.register('newPassword')}
          confirmation={form.register('confirmPassword')}
          passwordError={errors.newPassword?.message}
          confirmationError={errors.confirmPassword?.message}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending} className="w-full sm:w-auto">
          {mutation.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
